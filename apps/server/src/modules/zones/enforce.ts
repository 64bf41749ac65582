import { ErrorCode, cidrContains, groupWithDescendants, parseCidr, parseIp } from '@hmi/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { fail } from '../../platform/errors';
import type { SessionUser } from '../../platform/http/session';
import { authorize, DataPermissionService } from '../data-permissions';
import { parseNetworks, ZoneRepo } from './repo';

export interface OperateCheck {
  /** The caller (sessionUser(ctx) in a route handler). */
  user: SessionUser;
  deviceId: number;
  /** The client's address as the server sees it (`ctx.req.ip`). */
  clientIp: string;
}

/** True when one of `networks` (canonical CIDR) holds `ip`; an empty list means any network. */
export function networkAllows(networks: readonly string[], ip: string): boolean {
  if (!networks.length) return true;
  const address = parseIp(ip);
  if (!address) return false;
  return networks.some((n) => {
    const block = parseCidr(n);
    return block !== null && cidrContains(block, address);
  });
}

/**
 * The remote-operation guard (TAG writes, remote view): may `user` operate device `deviceId` from
 * `clientIp`? The device must be one the caller sees (its team, and for a sub-account its data
 * permissions), else 1003. The main account is not restricted further. A sub-account passes only
 * when its role lists at least one zone that covers the device (directly, or through a group or any
 * of its sub-groups) and whose networks hold the client address (no networks = any); else 1002.
 */
export class ZoneGuard {
  private readonly zones: ZoneRepo;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly perms: DataPermissionService = DataPermissionService.over(db),
  ) {
    this.zones = new ZoneRepo(db);
  }

  async assertMayOperateDevice({ user, deviceId, clientIp }: OperateCheck): Promise<void> {
    const device = await this.db
      .selectFrom('devices')
      .select(['id', 'team_id', 'group_id'])
      .where('id', '=', deviceId)
      .executeTakeFirst();
    if (!device) fail(ErrorCode.NO_DATA);
    const scope = await this.perms.scope(user);
    authorize(scope, 'device', device);
    if (user.isMain) return;
    if (user.roleId === null) fail(ErrorCode.AUTHORIZATION);
    const zones = await this.zones.zonesOfRole(user.roleId);
    if (!zones.length) fail(ErrorCode.AUTHORIZATION);
    const teamGroups = await this.perms.teamGroups(user.teamId);
    for (const z of zones) {
      if (z.team_id !== user.teamId) continue;
      let covers = z.deviceIds.includes(device.id);
      if (!covers && device.group_id !== null) {
        const groupId = device.group_id;
        covers = z.groupIds.some((g) => groupWithDescendants(g, teamGroups).has(groupId));
      }
      if (covers && networkAllows(parseNetworks(z.networks), clientIp)) return;
    }
    fail(ErrorCode.AUTHORIZATION);
  }
}

/** One-off form of ZoneGuard.assertMayOperateDevice for a handler holding the database. */
export function assertMayOperateDevice(db: Kysely<Database>, check: OperateCheck): Promise<void> {
  return new ZoneGuard(db).assertMayOperateDevice(check);
}
