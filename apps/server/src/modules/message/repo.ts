import { idsOrNone } from '../../platform/db';
import { sql, type Expression, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Database, MessageKind } from '../../platform/db/schema';
import { containsIgnoringCase, type Queryable, countOf, withTotal } from '../../platform/db/sql';
import type { StoredMessage } from './rows';

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

/** Alarm messages a reader sees: devices of these groups (null: all), read state, levels, times. */
export interface AlarmMessageFilter {
  groupIds: readonly number[] | null;
  isRead?: 0 | 1 | undefined;
  /** Levels of the wanted urgency; undefined: any level. */
  levels?: readonly number[] | undefined;
  start?: number | undefined;
  end?: number | undefined;
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
      const p = containsIgnoringCase(f.keyword);
      q = q.where((eb) =>
        eb.or([eb(sql`lower(messages.title)`, 'like', p), eb(sql`lower(messages.content)`, 'like', p)]),
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
    return withTotal(newestFirst(q.select(MESSAGE_COLUMNS), offset, limit), countOf(q));
  }

  /**
   * Marks unread visible messages read (only `ids` when given): personal ones in place, team-wide
   * ones for this reader only. Returns how many changed.
   */
  async markRead(r: Reader, f: MessageFilter, ids: readonly number[] | null, now: number): Promise<number> {
    let q = this.visible(r, f).where(isUnread);
    if (ids) q = q.where('messages.id', 'in', idsOrNone(ids));
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

  /** The alarm messages of a reader, with the alarm record each tells of (alarm message list). */
  async alarmList(
    r: { userId: number; teamId: number },
    f: AlarmMessageFilter,
    offset: number,
    limit: number,
  ) {
    let q = this.db
      .selectFrom('messages')
      .innerJoin('alarm_records', 'alarm_records.id', 'messages.alarm_record_id')
      .innerJoin('devices', 'devices.id', 'alarm_records.device_id')
      .leftJoin('message_reads', (j) =>
        j.onRef('message_reads.message_id', '=', 'messages.id').on('message_reads.user_id', '=', r.userId),
      )
      .where('messages.team_id', '=', r.teamId)
      .where('messages.kind', '=', 'alarm')
      .where((eb) => eb.or([eb('messages.user_id', '=', r.userId), eb('messages.user_id', 'is', null)]));
    if (f.groupIds !== null) q = q.where('devices.group_id', 'in', idsOrNone(f.groupIds));
    if (f.isRead !== undefined) q = q.where(f.isRead ? isRead : isUnread);
    if (f.levels !== undefined) q = q.where('alarm_records.level', 'in', idsOrNone(f.levels));
    if (f.start !== undefined) q = q.where('messages.created_at', '>=', f.start);
    if (f.end !== undefined) q = q.where('messages.created_at', '<=', f.end);
    return withTotal(
      newestFirst(
        q.select([
          'messages.id',
          'messages.alarm_record_id as record_id',
          'messages.alarm_event as event',
          'messages.content',
          'messages.created_at',
          'alarm_records.device_id',
          'devices.name as device_name',
          'alarm_records.kind',
          'alarm_records.rule_name',
          'alarm_records.level',
          'alarm_records.state',
        ]),
        offset,
        limit,
      ),
      countOf(q),
    );
  }

  /** Writes messages in `q` (a caller's transaction, so they commit or roll back with its change). */
  async insert(rows: readonly StoredMessage[], q: Queryable = this.db): Promise<void> {
    for (const part of chunks(rows, MESSAGE_ROWS_PER_INSERT))
      await q.insertInto('messages').values(part).execute();
  }

  /** Moves the user's personal messages along to `teamId` (the user changed teams). */
  async moveToTeam(userId: number, teamId: number, q: Queryable): Promise<void> {
    await q.updateTable('messages').set({ team_id: teamId }).where('user_id', '=', userId).execute();
  }
}

/** A page of `q`, newest first, each message with the reader's read state (`is_read` 0 or 1). */
function newestFirst<TB extends keyof Database, O>(
  q: SelectQueryBuilder<Database, TB | 'messages' | 'message_reads', O>,
  offset: number,
  limit: number,
) {
  return (
    q
      .select(sql<number>`case when ${isRead} then 1 else 0 end`.as('is_read'))
      // Raw references: the table set is generic here, so typed column names do not resolve.
      .orderBy(sql.ref('messages.created_at'), 'desc')
      .orderBy(sql.ref('messages.id'), 'desc')
      .offset(offset)
      .limit(limit)
      .execute()
  );
}

const isRead: Expression<SqlBool> = sql<SqlBool>`(messages.is_read = 1 or message_reads.message_id is not null)`;
const isUnread: Expression<SqlBool> = sql<SqlBool>`(messages.is_read = 0 and message_reads.message_id is null)`;

/** Rows per message insert (well inside both engines' bound-parameter limits). */
const MESSAGE_ROWS_PER_INSERT = 500;

function chunks<T>(items: readonly T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
