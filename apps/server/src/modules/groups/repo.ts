import { RepoBase, nameTaken } from '../../platform/db/repo-base';
import type { Queryable } from '../../platform/db/sql';

/** SQL of device groups; every query names the team. */
export class GroupRepo extends RepoBase {
  find(teamId: number, id: number, q: Queryable = this.db) {
    return q
      .selectFrom('device_groups')
      .select(['id', 'parent_id', 'name', 'team_id'])
      .where('team_id', '=', teamId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  nameTaken(teamId: number, name: string, exceptId: number | null, q: Queryable = this.db): Promise<boolean> {
    return nameTaken(q, 'device_groups', teamId, name, exceptId);
  }

  insert(
    row: { team_id: number; parent_id: number | null; name: string; created_at: number },
    q: Queryable = this.db,
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
    q: Queryable = this.db,
  ) {
    await q
      .updateTable('device_groups')
      .set(patch)
      .where('team_id', '=', teamId)
      .where('id', '=', id)
      .execute();
  }

  async deleteMany(teamId: number, ids: readonly number[], q: Queryable): Promise<void> {
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

  async countDevicesIn(teamId: number, groupIds: readonly number[], q: Queryable = this.db): Promise<number> {
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
