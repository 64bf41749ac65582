import { idsOrNone } from '../../platform/db';
import { RepoBase, nameTaken, teamCount } from '../../platform/db/repo-base';
import type { Queryable } from '../../platform/db/sql';

/** SQL of team labels. */
export class LabelRepo extends RepoBase {
  list(teamId: number) {
    return this.db
      .selectFrom('labels')
      .select(['id', 'name', 'created_at'])
      .where('team_id', '=', teamId)
      .orderBy('name')
      .orderBy('id')
      .execute();
  }

  find(teamId: number, id: number) {
    return this.db
      .selectFrom('labels')
      .select(['id', 'name', 'created_at'])
      .where('team_id', '=', teamId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  count(teamId: number, q: Queryable = this.db): Promise<number> {
    return teamCount(q, 'labels', teamId);
  }

  nameTaken(teamId: number, name: string, exceptId: number | null, q: Queryable = this.db): Promise<boolean> {
    return nameTaken(q, 'labels', teamId, name, exceptId);
  }

  insert(row: { team_id: number; name: string; created_at: number }, q: Queryable) {
    return q
      .insertInto('labels')
      .values(row)
      .returning(['id', 'name', 'created_at'])
      .executeTakeFirstOrThrow();
  }

  async rename(teamId: number, id: number, name: string): Promise<void> {
    await this.db
      .updateTable('labels')
      .set({ name })
      .where('team_id', '=', teamId)
      .where('id', '=', id)
      .execute();
  }

  /** The devices' links to the label go with it (`device_labels.label_id` cascades; devices own that table). */
  async remove(teamId: number, id: number): Promise<void> {
    await this.db.deleteFrom('labels').where('team_id', '=', teamId).where('id', '=', id).execute();
  }

  /** Per label, how many of the given devices carry it. */
  async deviceCounts(teamId: number, deviceFilter: readonly number[] | null): Promise<Map<number, number>> {
    let q = this.db
      .selectFrom('device_labels')
      .innerJoin('devices', 'devices.id', 'device_labels.device_id')
      .select('device_labels.label_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('devices.team_id', '=', teamId);
    if (deviceFilter !== null) q = q.where('devices.group_id', 'in', idsOrNone(deviceFilter));
    const rows = await q.groupBy('device_labels.label_id').execute();
    return new Map(rows.map((r) => [r.label_id, Number(r.n)]));
  }

  /** Which of `ids` are labels of the team. */
  async teamLabelIds(teamId: number, ids: readonly number[], q: Queryable = this.db): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await q
      .selectFrom('labels')
      .select('id')
      .where('team_id', '=', teamId)
      .where('id', 'in', [...ids])
      .execute();
    return rows.map((r) => r.id);
  }
}
