import { teamRow } from '../../platform/db/rows';
import { RepoBase, nameTaken, namedPage } from '../../platform/db/repo-base';
import type { Queryable } from '../../platform/db/sql';

/** SQL of roles and the zones they list. */
export class RoleRepo extends RepoBase {
  list(teamId: number, keyword: string | undefined, offset: number, limit: number) {
    return namedPage(this.db, 'roles', teamId, keyword, offset, limit);
  }

  /** Every role of the team, oldest first. */
  all(teamId: number, q: Queryable = this.db) {
    return q.selectFrom('roles').selectAll().where('team_id', '=', teamId).orderBy('id').execute();
  }

  options(teamId: number) {
    return this.db
      .selectFrom('roles')
      .select(['id', 'name'])
      .where('team_id', '=', teamId)
      .orderBy('id')
      .execute();
  }

  find(teamId: number, id: number, q: Queryable = this.db) {
    return teamRow(q, 'roles', teamId, id);
  }

  nameTaken(teamId: number, name: string, exceptId: number | null, q: Queryable = this.db): Promise<boolean> {
    return nameTaken(q, 'roles', teamId, name, exceptId);
  }

  async insert(
    row: { team_id: number; name: string; permissions: string; created_at: number },
    q: Queryable,
  ): Promise<number> {
    const r = await q.insertInto('roles').values(row).returning('id').executeTakeFirstOrThrow();
    return r.id;
  }

  async update(teamId: number, id: number, patch: { name?: string; permissions?: string }, q: Queryable) {
    if (!Object.keys(patch).length) return;
    await q.updateTable('roles').set(patch).where('team_id', '=', teamId).where('id', '=', id).execute();
  }

  async remove(teamId: number, id: number, q: Queryable): Promise<void> {
    await q.deleteFrom('roles').where('team_id', '=', teamId).where('id', '=', id).execute();
  }

  /** Drops the zone links of every role of a team (the team is being dropped). */
  async clearTeamZones(teamId: number, q: Queryable): Promise<void> {
    await q
      .deleteFrom('role_zones')
      .where('role_id', 'in', q.selectFrom('roles').select('id').where('team_id', '=', teamId))
      .execute();
  }

  async setZones(roleId: number, zoneIds: readonly number[], q: Queryable): Promise<void> {
    await q.deleteFrom('role_zones').where('role_id', '=', roleId).execute();
    if (zoneIds.length)
      await q
        .insertInto('role_zones')
        .values(zoneIds.map((zone_id) => ({ role_id: roleId, zone_id })))
        .execute();
  }

  /**
   * Zones per role, members per role (active accounts) and the pending invitations offering it that
   * are still open at `now`: what `usage` refuses a delete for, so the list can say so beforehand.
   */
  async detailsOf(roleIds: readonly number[], now: number) {
    const zones = new Map<number, { id: number; name: string }[]>();
    const members = new Map<number, number>();
    const invitations = new Map<number, number>();
    if (!roleIds.length) return { zones, members, invitations };
    const ids = [...roleIds];
    const [zoneRows, memberRows, invitationRows] = await Promise.all([
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
      this.db
        .selectFrom('invitations')
        .select('role_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('role_id', 'in', ids)
        .where('status', '=', 'pending')
        .where('expires_at', '>', now)
        .groupBy('role_id')
        .execute(),
    ]);
    for (const z of zoneRows) {
      const list = zones.get(z.role_id) ?? [];
      list.push({ id: z.id, name: z.name });
      zones.set(z.role_id, list);
    }
    for (const m of memberRows) if (m.role_id !== null) members.set(m.role_id, Number(m.n));
    for (const i of invitationRows) if (i.role_id !== null) invitations.set(i.role_id, Number(i.n));
    return { zones, members, invitations };
  }

  /**
   * Members holding the role and pending invitations offering it that are still open at `now` (one
   * whose time is up is as good as voided, whether or not the team module marked it yet).
   */
  async usage(
    roleId: number,
    now: number,
    q: Queryable = this.db,
  ): Promise<{ members: number; invitations: number }> {
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
        .where('expires_at', '>', now)
        .executeTakeFirstOrThrow(),
    ]);
    return { members: Number(m.n), invitations: Number(i.n) };
  }
}
