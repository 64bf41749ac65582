import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { likePattern } from '../devices/repo';

type Q = Kysely<Database> | Transaction<Database>;

/** The permission ids stored as JSON text on a role. */
export function parsePermissionList(json: string): number[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number' && Number.isInteger(x)) : [];
  } catch {
    return [];
  }
}

/** SQL of roles and the zones they list. */
export class RoleRepo {
  constructor(readonly db: Kysely<Database>) {}

  transaction<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  async list(teamId: number, keyword: string | undefined, offset: number, limit: number) {
    let q = this.db.selectFrom('roles').where('team_id', '=', teamId);
    if (keyword) q = q.where(sql`lower(name)`, 'like', sql`${likePattern(keyword)} escape '\\'`);
    const [rows, total] = await Promise.all([
      q.selectAll().orderBy('id').offset(offset).limit(limit).execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  options(teamId: number) {
    return this.db
      .selectFrom('roles')
      .select(['id', 'name'])
      .where('team_id', '=', teamId)
      .orderBy('id')
      .execute();
  }

  find(teamId: number, id: number, q: Q = this.db) {
    return q
      .selectFrom('roles')
      .selectAll()
      .where('team_id', '=', teamId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async nameTaken(teamId: number, name: string, exceptId: number | null, q: Q = this.db): Promise<boolean> {
    let s = q.selectFrom('roles').select('id').where('team_id', '=', teamId).where('name', '=', name);
    if (exceptId !== null) s = s.where('id', '!=', exceptId);
    return (await s.executeTakeFirst()) !== undefined;
  }

  async insert(
    row: { team_id: number; name: string; permissions: string; created_at: number },
    q: Q,
  ): Promise<number> {
    const r = await q.insertInto('roles').values(row).returning('id').executeTakeFirstOrThrow();
    return r.id;
  }

  async update(teamId: number, id: number, patch: { name?: string; permissions?: string }, q: Q) {
    if (!Object.keys(patch).length) return;
    await q.updateTable('roles').set(patch).where('team_id', '=', teamId).where('id', '=', id).execute();
  }

  async remove(teamId: number, id: number, q: Q): Promise<void> {
    await q.deleteFrom('roles').where('team_id', '=', teamId).where('id', '=', id).execute();
  }

  async setZones(roleId: number, zoneIds: readonly number[], q: Q): Promise<void> {
    await q.deleteFrom('role_zones').where('role_id', '=', roleId).execute();
    if (zoneIds.length)
      await q
        .insertInto('role_zones')
        .values(zoneIds.map((zone_id) => ({ role_id: roleId, zone_id })))
        .execute();
  }

  /** Zones per role, and members per role (active accounts). */
  async detailsOf(roleIds: readonly number[]) {
    const zones = new Map<number, { id: number; name: string }[]>();
    const members = new Map<number, number>();
    if (!roleIds.length) return { zones, members };
    const ids = [...roleIds];
    const [zoneRows, memberRows] = await Promise.all([
      this.db
        .selectFrom('role_zones')
        .innerJoin('zones', 'zones.id', 'role_zones.zone_id')
        .select(['role_zones.role_id', 'zones.id', 'zones.name'])
        .where('role_zones.role_id', 'in', ids)
        .orderBy('zones.id')
        .execute(),
      this.db
        .selectFrom('users')
        .select('role_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('role_id', 'in', ids)
        .where('removed_at', 'is', null)
        .where('is_main', '=', 0)
        .groupBy('role_id')
        .execute(),
    ]);
    for (const z of zoneRows) {
      const list = zones.get(z.role_id) ?? [];
      list.push({ id: z.id, name: z.name });
      zones.set(z.role_id, list);
    }
    for (const m of memberRows) if (m.role_id !== null) members.set(m.role_id, Number(m.n));
    return { zones, members };
  }

  /** Members holding the role and pending invitations offering it. */
  async usage(roleId: number, q: Q = this.db): Promise<{ members: number; invitations: number }> {
    const [m, i] = await Promise.all([
      q
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('role_id', '=', roleId)
        .where('removed_at', 'is', null)
        .executeTakeFirstOrThrow(),
      q
        .selectFrom('invitations')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('role_id', '=', roleId)
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow(),
    ]);
    return { members: Number(m.n), invitations: Number(i.n) };
  }
}
