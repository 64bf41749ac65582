import type { Kysely } from 'kysely';
import type { Database, MessageKind } from '../../platform/db/schema';

export class MessageRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Messages a user sees: their own and the ones addressed to the whole team. */
  private visible(userId: number, teamId: number) {
    return this.db
      .selectFrom('messages')
      .where('team_id', '=', teamId)
      .where((eb) => eb.or([eb('user_id', '=', userId), eb('user_id', 'is', null)]));
  }

  countByKind(userId: number, teamId: number) {
    return this.visible(userId, teamId)
      .select(['kind', 'is_read'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .groupBy(['kind', 'is_read'])
      .execute() as Promise<{ kind: MessageKind; is_read: number; n: number }[]>;
  }

  async listSince(
    userId: number,
    teamId: number,
    since: number,
    kind: MessageKind | undefined,
    limit: number,
  ) {
    let q = this.visible(userId, teamId).where('created_at', '>=', since);
    if (kind) q = q.where('kind', '=', kind);
    const [rows, total] = await Promise.all([
      q
        .select(['id', 'kind', 'title', 'content', 'is_read', 'created_at'])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }
}
