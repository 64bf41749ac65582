import { idsOrNone } from '../../platform/db';
import { teamRow } from '../../platform/db/rows';
import { RepoBase, nameTaken, teamCount } from '../../platform/db/repo-base';
import { sql } from 'kysely';
import { containsIgnoringCase, pageWindow, type Queryable, countOf, withTotal } from '../../platform/db/sql';

/** SQL of projects (multiple-device configurations) and their member devices. */
export class ProjectRepo extends RepoBase {
  find(teamId: number, id: number, q: Queryable = this.db) {
    return teamRow(q, 'projects', teamId, id);
  }

  count(teamId: number, q: Queryable = this.db): Promise<number> {
    return teamCount(q, 'projects', teamId);
  }

  async list(
    teamId: number,
    ids: readonly number[] | null,
    keyword: string | undefined,
    page: number,
    pageSize: number,
  ) {
    let q = this.db.selectFrom('projects').where('team_id', '=', teamId);
    if (ids !== null) q = q.where('id', 'in', idsOrNone(ids));
    if (keyword) q = q.where(sql`lower(name)`, 'like', containsIgnoringCase(keyword));
    const { offset, limit } = pageWindow(page, pageSize);
    return withTotal(q.selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute(), countOf(q));
  }

  async members(projectIds: readonly number[]) {
    if (!projectIds.length) return [];
    return this.db
      .selectFrom('project_devices')
      .innerJoin('devices', 'devices.id', 'project_devices.device_id')
      .select([
        'project_devices.project_id',
        'devices.id',
        'devices.name',
        'devices.sn',
        'devices.model',
        'devices.online',
      ])
      .where('project_devices.project_id', 'in', [...projectIds])
      .orderBy('devices.id')
      .execute();
  }

  async memberIds(projectId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('project_devices')
      .select('device_id')
      .where('project_id', '=', projectId)
      .execute();
    return rows.map((r) => r.device_id);
  }

  nameTaken(teamId: number, name: string, exceptId: number | null, q: Queryable = this.db): Promise<boolean> {
    return nameTaken(q, 'projects', teamId, name, exceptId);
  }

  async insert(row: { team_id: number; name: string; created_at: number }, q: Queryable): Promise<number> {
    const r = await q
      .insertInto('projects')
      .values({ ...row, updated_at: row.created_at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }

  async update(teamId: number, id: number, patch: { name?: string }, now: number, q: Queryable) {
    await q
      .updateTable('projects')
      .set({ ...patch, updated_at: now })
      .where('team_id', '=', teamId)
      .where('id', '=', id)
      .execute();
  }

  async setMembers(projectId: number, deviceIds: readonly number[], q: Queryable): Promise<void> {
    await q.deleteFrom('project_devices').where('project_id', '=', projectId).execute();
    if (deviceIds.length)
      await q
        .insertInto('project_devices')
        .values(deviceIds.map((device_id) => ({ project_id: projectId, device_id })))
        .execute();
  }

  async remove(teamId: number, id: number, q: Queryable): Promise<void> {
    await q.deleteFrom('project_devices').where('project_id', '=', id).execute();
    await q.deleteFrom('projects').where('team_id', '=', teamId).where('id', '=', id).execute();
  }
}
