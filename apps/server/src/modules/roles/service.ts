import {
  ErrorCode,
  allPermissionIds,
  limits,
  withViewFirst,
  type CallBody,
  type CallQuery,
  type createRole,
  type listRoles,
  type Role,
  type RoleOption,
  type updateRole,
} from '@hmi/contract';
import { audit } from '../../platform/audit';
import type { Bus } from '../../platform/bus';
import { epochSeconds, type Clock } from '../../platform/clock';
import { isUniqueViolation } from '../../platform/db';
import { fail } from '../../platform/errors';
import type { SessionUser } from '../../platform/http/session';
import { pageWindow } from '../../platform/db/sql';
import type { Queryable } from '../../platform/db/sql';
import type { ZoneService } from '../zones';
import { parsePermissionList } from './permissions';
import type { RoleRepo } from './repo';

/** Name of the role a former main account gets when it hands the team over. */
const FORMER_MAIN_ROLE = 'Admin';

/**
 * A sub-account grants only what it holds: every id of `permissions` must be among the caller's,
 * else 1002 (reason `notHeld`). The main account holds every id.
 */
export function assertHolds(user: SessionUser, permissions: readonly number[]): void {
  if (user.isMain) return;
  const missing = permissions.filter((p) => !user.permissions.includes(p));
  if (missing.length) fail(ErrorCode.AUTHORIZATION, { reason: 'notHeld', permissions: missing });
}

/**
 * Roles (ids 28, 29, 31, 32): name unique in the team (1063), permissions normalised view first,
 * zones of the team; a role that members hold or pending invitations offer cannot be deleted.
 */
export class RoleService {
  constructor(
    private readonly repo: RoleRepo,
    private readonly zones: ZoneService,
    private readonly clock: Clock,
    private readonly bus: Bus,
  ) {}

  private async toRoles(
    rows: { id: number; name: string; permissions: string; created_at: number }[],
  ): Promise<Role[]> {
    const d = await this.repo.detailsOf(
      rows.map((r) => r.id),
      epochSeconds(this.clock),
    );
    return rows.map((r) => {
      const zones = d.zones.get(r.id) ?? [];
      return {
        id: r.id,
        name: r.name,
        permissions: withViewFirst(parsePermissionList(r.permissions)),
        zone_ids: zones.map((z) => z.id),
        zones,
        member_count: d.members.get(r.id) ?? 0,
        invitation_count: d.invitations.get(r.id) ?? 0,
        created_at: Number(r.created_at),
      };
    });
  }

  async list(user: SessionUser, q: CallQuery<typeof listRoles>) {
    const { offset, limit } = pageWindow(q.page, q.pageSize);
    const { rows, total } = await this.repo.list(user.teamId, q.keyword, offset, limit);
    return { list: await this.toRoles(rows), total };
  }

  options(user: SessionUser): Promise<RoleOption[]> {
    return this.repo.options(user.teamId);
  }

  async get(user: SessionUser, id: number): Promise<Role> {
    const row = (await this.repo.find(user.teamId, id)) ?? fail(ErrorCode.NO_DATA);
    const [role] = await this.toRoles([row]);
    return role ?? fail(ErrorCode.NO_DATA);
  }

  /** The team's zones of `ids` (1003 when one is not), named for the audit entry. */
  private async checkZones(
    user: SessionUser,
    ids: readonly number[],
  ): Promise<{ id: number; name: string }[]> {
    const unique = [...new Set(ids)];
    const found = await this.zones.teamZones(user.teamId, unique);
    if (found.length !== unique.length) fail(ErrorCode.NO_DATA);
    return found;
  }

  /**
   * A role of the caller's team the caller may hand out (it holds every permission the role lists):
   * 1003 when the team has no such role, 1002 `notHeld` otherwise.
   */
  async grantable(user: SessionUser, id: number): Promise<{ id: number; name: string }> {
    const role = (await this.repo.find(user.teamId, id)) ?? fail(ErrorCode.NO_DATA);
    assertHolds(user, parsePermissionList(role.permissions));
    return { id: role.id, name: role.name };
  }

  /** Drops the zone links of a team's roles inside the caller's transaction (the team is dropped). */
  clearTeamZones(teamId: number, q: Queryable): Promise<void> {
    return this.repo.clearTeamZones(teamId, q);
  }

  /**
   * The team's role holding every permission, for a former main account: an existing one, else a
   * new `Admin` (`Admin2`, … when the name is taken), inside the caller's transaction.
   */
  async fullRole(teamId: number, now: number, q: Queryable): Promise<number> {
    const all = withViewFirst(allPermissionIds);
    const roles = await this.repo.all(teamId, q);
    const full = roles.find((r) => {
      const p = withViewFirst(parsePermissionList(r.permissions));
      return p.length === all.length && p.every((x, i) => x === all[i]);
    });
    if (full) return full.id;
    const names = new Set(roles.map((r) => r.name));
    let name = FORMER_MAIN_ROLE;
    for (let i = 2; names.has(name); i += 1) name = `${FORMER_MAIN_ROLE}${i}`.slice(0, limits.roleNameMax);
    return this.repo.insert({ team_id: teamId, name, permissions: JSON.stringify(all), created_at: now }, q);
  }

  async create(user: SessionUser, b: CallBody<typeof createRole>): Promise<Role> {
    const name = b.name.trim();
    const permissions = withViewFirst(b.permissions);
    assertHolds(user, permissions);
    const zones = await this.checkZones(user, b.zone_ids);
    if (await this.repo.nameTaken(user.teamId, name, null)) fail(ErrorCode.ROLE_NAME_EXISTS);
    let id: number;
    try {
      id = await this.repo.transaction(async (trx) => {
        const roleId = await this.repo.insert(
          {
            team_id: user.teamId,
            name,
            permissions: JSON.stringify(permissions),
            created_at: epochSeconds(this.clock),
          },
          trx,
        );
        await this.repo.setZones(
          roleId,
          zones.map((z) => z.id),
          trx,
        );
        return roleId;
      });
    } catch (err) {
      if (isUniqueViolation(err)) fail(ErrorCode.ROLE_NAME_EXISTS);
      throw err;
    }
    audit(this.bus, {
      teamId: user.teamId,
      userId: user.id,
      action: 'roleAdded',
      target: name,
      detail: { permissions: permissions.join(','), zones: zoneNames(zones) },
    });
    return this.get(user, id);
  }

  async update(user: SessionUser, id: number, b: CallBody<typeof updateRole>): Promise<Role> {
    const row = (await this.repo.find(user.teamId, id)) ?? fail(ErrorCode.NO_DATA);
    if (!user.isMain && user.roleId === id) fail(ErrorCode.AUTHORIZATION, { reason: 'ownRole' });
    const patch: { name?: string; permissions?: string } = {};
    if (b.name !== undefined && b.name.trim() !== row.name) {
      const name = b.name.trim();
      if (await this.repo.nameTaken(user.teamId, name, id)) fail(ErrorCode.ROLE_NAME_EXISTS);
      patch.name = name;
    }
    if (b.permissions !== undefined) {
      const permissions = withViewFirst(b.permissions);
      assertHolds(user, permissions);
      patch.permissions = JSON.stringify(permissions);
    }
    const zones = b.zone_ids === undefined ? null : await this.checkZones(user, b.zone_ids);
    try {
      await this.repo.transaction(async (trx) => {
        await this.repo.update(user.teamId, id, patch, trx);
        if (zones)
          await this.repo.setZones(
            id,
            zones.map((z) => z.id),
            trx,
          );
      });
    } catch (err) {
      if (isUniqueViolation(err)) fail(ErrorCode.ROLE_NAME_EXISTS);
      throw err;
    }
    // Members holding the role may have lost permissions (device view): their sockets re-check now.
    if (patch.permissions !== undefined)
      this.bus.emit('accessChanged', { teamId: user.teamId, userId: null });
    const detail: Record<string, string> = {};
    if (patch.name !== undefined) detail.name = `${row.name} → ${patch.name}`;
    if (b.permissions !== undefined) detail.permissions = withViewFirst(b.permissions).join(',');
    if (zones) detail.zones = zoneNames(zones);
    audit(this.bus, {
      teamId: user.teamId,
      userId: user.id,
      action: 'roleEdited',
      target: patch.name ?? row.name,
      detail,
    });
    return this.get(user, id);
  }

  async remove(user: SessionUser, id: number): Promise<null> {
    const row = (await this.repo.find(user.teamId, id)) ?? fail(ErrorCode.NO_DATA);
    if (!user.isMain && user.roleId === id) fail(ErrorCode.AUTHORIZATION, { reason: 'ownRole' });
    await this.repo.transaction(async (trx) => {
      const usage = await this.repo.usage(id, epochSeconds(this.clock), trx);
      if (usage.members || usage.invitations)
        fail(ErrorCode.AUTHORIZATION, { reason: 'roleInUse', ...usage });
      await this.repo.setZones(id, [], trx);
      await this.repo.remove(user.teamId, id, trx);
    });
    audit(this.bus, { teamId: user.teamId, userId: user.id, action: 'roleDeleted', target: row.name });
    return null;
  }
}

/** Zones as people read them in the audit log: by name, not by id. */
const zoneNames = (zones: readonly { name: string }[]) => zones.map((z) => z.name).join(', ');
