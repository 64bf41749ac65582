import { createZone, createRole, createInvitation } from '@hmi/contract';
import { createMainAccount, type TestAccount } from './accounts';
import type { Harness } from './harness';
import { ok } from './registry';

export interface TeamObjects {
  roleId: number;
  zoneId: number;
  /** A pending invitation the team sent to a fresh account. */
  invitationId: number;
  invitee: TestAccount;
}

/**
 * Builds a role, a security zone (covering `deviceId` when given) and a pending invitation through
 * the API as `account` (a main account). Names carry `tag` (letters and digits, at most 9) to stay unique.
 */
export async function seedTeamObjects(
  h: Harness,
  account: TestAccount,
  tag: string,
  deviceId?: number,
): Promise<TeamObjects> {
  const zone = await ok(h, account, createZone, {
    body: {
      name: `Z${tag}`,
      device_ids: deviceId ? [deviceId] : [],
    },
  });
  const role = await ok(h, account, createRole, {
    body: {
      name: `R${tag}`,
      permissions: [2],
      zone_ids: [zone.id],
    },
  });
  const invitee = await createMainAccount(h);
  const invitation = await ok(h, account, createInvitation, {
    body: {
      account: invitee.username,
      role_id: role.id,
    },
  });
  return { roleId: role.id, zoneId: zone.id, invitationId: invitation.id, invitee };
}
