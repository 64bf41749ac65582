import { teamRow } from '../../platform/db/rows';
import { RepoBase, nameTaken, namedPage, teamCount } from '../../platform/db/repo-base';
import type { ZoneRow } from '../../platform/db/schema';
import type { Queryable } from '../../platform/db/sql';

export interface ZoneMembers {
  devices: Map<number, number[]>;
  groups: Map<number, number[]>;
  roles: Map<number, { id: number; name: string }[]>;
}

function push<T>(map: Map<number, T[]>, key: number, value: T): void {
  const list = map.get(key) ?? [];
  list.push(value);
  map.set(key, list);
}

/** SQL of security zones and the zones roles list. */
export class ZoneRepo extends RepoBase {
  list(teamId: number, keyword: string | undefined, offset: number, limit: number) {
    return namedPage(this.db, 'zones', teamId, keyword, offset, limit);
  }

  find(teamId: number, id: number, q: Queryable = this.db): Promise<ZoneRow | undefined> {
    return teamRow(q, 'zones', teamId, id);
  }

  /** Which of `ids` are zones of the team, with their names (for audit entries that name them). */
  async teamZones(
    teamId: number,
    ids: readonly number[],
    q: Queryable = this.db,
  ): Promise<{ id: number; name: string }[]> {
    if (!ids.length) return [];
    return q
      .selectFrom('zones')
      .select(['id', 'name'])
      .where('team_id', '=', teamId)
      .where('id', 'in', [...ids])
      .orderBy('id')
      .execute();
  }

  count(teamId: number, q: Queryable = this.db): Promise<number> {
    return teamCount(q, 'zones', teamId);
  }

  nameTaken(teamId: number, name: string, exceptId: number | null, q: Queryable = this.db): Promise<boolean> {
    return nameTaken(q, 'zones', teamId, name, exceptId);
  }

  async members(zoneIds: readonly number[], q: Queryable = this.db): Promise<ZoneMembers> {
    const out: ZoneMembers = { devices: new Map(), groups: new Map(), roles: new Map() };
    if (!zoneIds.length) return out;
    const ids = [...zoneIds];
    const [devices, groups, roles] = await Promise.all([
      q
        .selectFrom('zone_devices')
        .select(['zone_id', 'device_id'])
        .where('zone_id', 'in', ids)
        .orderBy('device_id')
        .execute(),
      q
        .selectFrom('zone_groups')
        .select(['zone_id', 'group_id'])
        .where('zone_id', 'in', ids)
        .orderBy('group_id')
        .execute(),
      q
        .selectFrom('role_zones')
        .innerJoin('roles', 'roles.id', 'role_zones.role_id')
        .select(['role_zones.zone_id', 'roles.id', 'roles.name'])
        .where('role_zones.zone_id', 'in', ids)
        .orderBy('roles.id')
        .execute(),
    ]);
    for (const d of devices) push(out.devices, d.zone_id, d.device_id);
    for (const g of groups) push(out.groups, g.zone_id, g.group_id);
    for (const r of roles) push(out.roles, r.zone_id, { id: r.id, name: r.name });
    return out;
  }

  async insert(row: { team_id: number; name: string; networks: string; created_at: number }, q: Queryable) {
    const r = await q.insertInto('zones').values(row).returning('id').executeTakeFirstOrThrow();
    return r.id;
  }

  async update(teamId: number, id: number, patch: { name?: string; networks?: string }, q: Queryable) {
    if (!Object.keys(patch).length) return;
    await q.updateTable('zones').set(patch).where('team_id', '=', teamId).where('id', '=', id).execute();
  }

  async setDevices(zoneId: number, ids: readonly number[], q: Queryable): Promise<void> {
    await q.deleteFrom('zone_devices').where('zone_id', '=', zoneId).execute();
    if (ids.length)
      await q
        .insertInto('zone_devices')
        .values(ids.map((device_id) => ({ zone_id: zoneId, device_id })))
        .execute();
  }

  async setGroups(zoneId: number, ids: readonly number[], q: Queryable): Promise<void> {
    await q.deleteFrom('zone_groups').where('zone_id', '=', zoneId).execute();
    if (ids.length)
      await q
        .insertInto('zone_groups')
        .values(ids.map((group_id) => ({ zone_id: zoneId, group_id })))
        .execute();
  }

  async remove(teamId: number, id: number, q: Queryable): Promise<void> {
    await q.deleteFrom('zones').where('team_id', '=', teamId).where('id', '=', id).execute();
  }

  /** Zones a role lists, with their members (for enforcement). */
  async zonesOfRole(roleId: number) {
    const zones = await this.db
      .selectFrom('role_zones')
      .innerJoin('zones', 'zones.id', 'role_zones.zone_id')
      .select(['zones.id', 'zones.team_id', 'zones.networks'])
      .where('role_zones.role_id', '=', roleId)
      .execute();
    const members = await this.members(zones.map((z) => z.id));
    return zones.map((z) => ({
      ...z,
      deviceIds: members.devices.get(z.id) ?? [],
      groupIds: members.groups.get(z.id) ?? [],
    }));
  }
}

/** The stored networks of a zone (JSON text) as a list. */
export function parseNetworks(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}
