import type { Queryable } from '../../platform/db/sql';
import type { Membership } from '../account';
import type { DataPermissionService } from '../data-permissions';
import type { DeviceService } from '../devices';
import type { RoleService } from '../roles';

/**
 * What the team module changes in tables other modules own, each through its owner and inside the
 * team operation's transaction: membership (account), grants (data permissions), favourites
 * (devices), role zones (roles).
 */
export class TeamOwners {
  constructor(
    private readonly d: {
      membership: Membership;
      perms: DataPermissionService;
      devices: DeviceService;
      roles: RoleService;
    },
  ) {}

  updateMember(
    userId: number,
    patch: { team_id?: number; joined_at?: number; is_main?: number; role_id?: number | null },
    q: Queryable,
  ): Promise<void> {
    return this.d.membership.setMembership(userId, patch, q);
  }

  createTeam(name: string, now: number, q: Queryable): Promise<number> {
    return this.d.membership.createTeam(name, now, q);
  }

  /** Drops an emptied team (its roles' zone links first). */
  async dropTeam(teamId: number, q: Queryable): Promise<void> {
    await this.d.roles.clearTeamZones(teamId, q);
    await this.d.membership.deleteTeam(teamId, q);
  }

  /** Drops what a member held in its former team: data permissions and favourites. */
  async clearMemberState(userId: number, q: Queryable): Promise<void> {
    await this.d.perms.clearUser(userId, q);
    await this.d.devices.clearFavouritesOf(userId, q);
  }

  clearGrants(userId: number, q: Queryable): Promise<void> {
    return this.d.perms.clearUser(userId, q);
  }

  grantEverything(userId: number, teamId: number, q: Queryable): Promise<void> {
    return this.d.perms.grantEverything(userId, teamId, q);
  }
}
