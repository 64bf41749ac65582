import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';

type Q = Kysely<Database> | Transaction<Database>;

/** SQL of device groups; every query names the team. */
export class GroupRepo {
  constructor(readonly db: Kysely<Database>) {}

  transaction<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  find(teamId: number, id: number, q: Q = this.db) {
    return q
      .selectFrom('device_groups')
      .select(['id', 'parent_id', 'name', 'team_id'])
      .where('team_id', '=', teamId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async nameTaken(teamId: number, name: string, exceptId: number | null, q: Q = this.db): Promise<boolean> {
    let s = q.selectFrom('device_groups').select('id').where('team_id', '=', teamId).where('name', '=', name);
    if (exceptId !== null) s = s.where('id', '!=', exceptId);
    return (await s.executeTakeFirst()) !== undefined;
  }

  insert(
    row: { team_id: number; parent_id: number | null; name: string; created_at: number },
    q: Q = this.db,
  ) {
    return q
      .insertInto('device_groups')
      .values(row)
      .returning(['id', 'parent_id', 'name'])
      .executeTakeFirstOrThrow();
  }

  async update(
    teamId: number,
    id: number,
    patch: { name?: string; parent_id?: number | null },
    q: Q = this.db,
  ) {
    await q
      .updateTable('device_groups')
      .set(patch)
      .where('team_id', '=', teamId)
      .where('id', '=', id)
      .execute();
  }

  async deleteMany(teamId: number, ids: readonly number[], q: Q): Promise<void> {
    if (!ids.length) return;
    await q
      .deleteFrom('device_groups')
      .where('team_id', '=', teamId)
      .where('id', 'in', [...ids])
      .execute();
  }

  /** Devices directly in each group of the team. */
  async deviceCounts(teamId: number): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('devices')
      .select('group_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('team_id', '=', teamId)
      .where('group_id', 'is not', null)
      .groupBy('group_id')
      .execute();
    return new Map(rows.map((r) => [r.group_id as number, Number(r.n)]));
  }

  async countDevicesIn(teamId: number, groupIds: readonly number[], q: Q = this.db): Promise<number> {
    if (!groupIds.length) return 0;
    const r = await q
      .selectFrom('devices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('team_id', '=', teamId)
      .where('group_id', 'in', [...groupIds])
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }
}
