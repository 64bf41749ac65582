import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { likePattern } from '../devices/repo';

type Q = Kysely<Database> | Transaction<Database>;

/** SQL of projects (multiple-device configurations) and their member devices. */
export class ProjectRepo {
  constructor(readonly db: Kysely<Database>) {}

  transaction<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  find(teamId: number, id: number, q: Q = this.db) {
    return q
      .selectFrom('projects')
      .selectAll()
      .where('team_id', '=', teamId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async list(
    teamId: number,
    ids: readonly number[] | null,
    keyword: string | undefined,
    page: number,
    pageSize: number,
  ) {
    let q = this.db.selectFrom('projects').where('team_id', '=', teamId);
    if (ids !== null) q = q.where('id', 'in', ids.length ? [...ids] : [-1]);
    if (keyword) q = q.where(sql`lower(name)`, 'like', sql`${likePattern(keyword)} escape '\\'`);
    const [rows, total] = await Promise.all([
      q
        .selectAll()
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
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

  async nameTaken(teamId: number, name: string, exceptId: number | null, q: Q = this.db): Promise<boolean> {
    let s = q.selectFrom('projects').select('id').where('team_id', '=', teamId).where('name', '=', name);
    if (exceptId !== null) s = s.where('id', '!=', exceptId);
    return (await s.executeTakeFirst()) !== undefined;
  }

  async insert(row: { team_id: number; name: string; created_at: number }, q: Q): Promise<number> {
    const r = await q
      .insertInto('projects')
      .values({ ...row, updated_at: row.created_at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }

  async update(teamId: number, id: number, patch: { name?: string }, now: number, q: Q): Promise<void> {
    await q
      .updateTable('projects')
      .set({ ...patch, updated_at: now })
      .where('team_id', '=', teamId)
      .where('id', '=', id)
      .execute();
  }

  async setMembers(projectId: number, deviceIds: readonly number[], q: Q): Promise<void> {
    await q.deleteFrom('project_devices').where('project_id', '=', projectId).execute();
    if (deviceIds.length)
      await q
        .insertInto('project_devices')
        .values(deviceIds.map((device_id) => ({ project_id: projectId, device_id })))
        .execute();
  }

  async remove(teamId: number, id: number, q: Q): Promise<void> {
    await q.deleteFrom('project_devices').where('project_id', '=', id).execute();
    await q.deleteFrom('projects').where('team_id', '=', teamId).where('id', '=', id).execute();
  }
}
