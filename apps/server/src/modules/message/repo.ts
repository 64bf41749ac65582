import type { MessageParams } from '@hmi/contract';
import { sql, type Expression, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { Database, MessageKind } from '../../platform/db/schema';
import { likePattern } from '../devices/repo';

type Q = Kysely<Database> | Transaction<Database>;

/** Who reads: the user, their team, and whether billing messages are theirs to see (permission 23). */
export interface Reader {
  userId: number;
  teamId: number;
  billing: boolean;
}

export interface MessageFilter {
  kind?: MessageKind | undefined;
  isRead?: 0 | 1 | undefined;
  type?: number | undefined;
  start?: number | undefined;
  end?: number | undefined;
  keyword?: string | undefined;
}

export interface NewMessage {
  team_id: number;
  user_id: number | null;
  kind: MessageKind;
  type?: number | null;
  params?: MessageParams | null;
  title: string;
  content: string;
  created_at: number;
}

const MESSAGE_COLUMNS = [
  'messages.id',
  'messages.kind',
  'messages.type',
  'messages.title',
  'messages.content',
  'messages.params',
  'messages.created_at',
] as const;

export class MessageRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Messages a reader sees: their own and the ones addressed to the whole team (billing only with
   * 23), joined with the reader's read mark of team-wide messages.
   */
  private visible(r: Reader, f: MessageFilter = {}) {
    let q = this.db
      .selectFrom('messages')
      .leftJoin('message_reads', (j) =>
        j.onRef('message_reads.message_id', '=', 'messages.id').on('message_reads.user_id', '=', r.userId),
      )
      .where('messages.team_id', '=', r.teamId)
      .where((eb) => eb.or([eb('messages.user_id', '=', r.userId), eb('messages.user_id', 'is', null)]));
    if (!r.billing) q = q.where('messages.kind', '!=', 'billing');
    if (f.kind) q = q.where('messages.kind', '=', f.kind);
    if (f.type !== undefined) q = q.where('messages.type', '=', f.type);
    if (f.start !== undefined) q = q.where('messages.created_at', '>=', f.start);
    if (f.end !== undefined) q = q.where('messages.created_at', '<=', f.end);
    if (f.isRead !== undefined) q = q.where(f.isRead ? isRead : isUnread);
    if (f.keyword) {
      const p = likePattern(f.keyword);
      q = q.where((eb) =>
        eb.or([
          eb(sql`lower(messages.title)`, 'like', sql`${p} escape '\\'`),
          eb(sql`lower(messages.content)`, 'like', sql`${p} escape '\\'`),
        ]),
      );
    }
    return q;
  }

  async countByKind(r: Reader) {
    const rows = await this.visible(r)
      .select('messages.kind')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .select(sql<number>`sum(case when ${isRead} then 1 else 0 end)`.as('read'))
      .groupBy('messages.kind')
      .execute();
    return rows.map((x) => ({ kind: x.kind, n: Number(x.n), read: Number(x.read ?? 0) }));
  }

  async list(r: Reader, f: MessageFilter, offset: number, limit: number) {
    const q = this.visible(r, f);
    const [rows, total] = await Promise.all([
      q
        .select(MESSAGE_COLUMNS)
        .select(sql<number>`case when ${isRead} then 1 else 0 end`.as('is_read'))
        .orderBy('messages.created_at', 'desc')
        .orderBy('messages.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  /**
   * Marks unread visible messages read (only `ids` when given): personal ones in place, team-wide
   * ones for this reader only. Returns how many changed.
   */
  async markRead(r: Reader, f: MessageFilter, ids: readonly number[] | null, now: number): Promise<number> {
    let q = this.visible(r, f).where(isUnread);
    if (ids) q = q.where('messages.id', 'in', ids.length ? [...ids] : [-1]);
    const unread = await q.select(['messages.id', 'messages.user_id']).execute();
    if (!unread.length) return 0;
    const personal = unread.filter((m) => m.user_id !== null).map((m) => m.id);
    const shared = unread.filter((m) => m.user_id === null).map((m) => m.id);
    await this.db.transaction().execute(async (trx) => {
      for (const chunk of chunks(personal))
        await trx
          .updateTable('messages')
          .set({ is_read: 1 })
          .where('id', 'in', chunk)
          .where('user_id', '=', r.userId)
          .execute();
      for (const chunk of chunks(shared))
        await trx
          .insertInto('message_reads')
          .values(chunk.map((message_id) => ({ message_id, user_id: r.userId, read_at: now })))
          .onConflict((oc) => oc.columns(['message_id', 'user_id']).doNothing())
          .execute();
    });
    return unread.length;
  }

  async insert(rows: readonly NewMessage[], q: Q = this.db): Promise<void> {
    if (!rows.length) return;
    await q
      .insertInto('messages')
      .values(
        rows.map((m) => ({
          ...m,
          type: m.type ?? null,
          params: m.params ? JSON.stringify(m.params) : null,
          is_read: 0,
        })),
      )
      .execute();
  }
}

const isRead: Expression<SqlBool> = sql<SqlBool>`(messages.is_read = 1 or message_reads.message_id is not null)`;
const isUnread: Expression<SqlBool> = sql<SqlBool>`(messages.is_read = 0 and message_reads.message_id is null)`;

function chunks(ids: readonly number[], size = 500): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < ids.length; i += size) out.push(ids.slice(i, i + size));
  return out;
}
