import type { InstallContext } from '../../platform/install';
import type { Membership } from '../account';
import type { BillingApi } from '../billing';
import type { DataPermissionService } from '../data-permissions';
import type { DeviceService } from '../devices';
import type { MessageService } from '../message';
import type { RoleService } from '../roles';
import { InvitationService, type AccountDirectory } from './invitations';
import { TeamTransactions } from './notices';
import { TeamOwners } from './owners';
import { TeamRepo } from './repo';
import { teamRoutes } from './routes';
import { TeamService } from './service';

/** The team calls: members, invitations and the main-account handover. */
export function installTeam(
  ctx: InstallContext,
  d: {
    roles: RoleService;
    messages: MessageService;
    membership: Membership;
    perms: DataPermissionService;
    devices: DeviceService;
    /** Whether an account's team holds cards (it cannot join another team then). */
    billing: Pick<BillingApi, 'teamHoldsCards'>;
    /** ROLE=region: the central directory (invitations of another data centre's accounts: 1078). */
    directory?: AccountDirectory | undefined;
  },
): void {
  const repo = new TeamRepo(ctx.db);
  const tx = new TeamTransactions(repo, d.messages, ctx.clock, ctx.bus);
  const owners = new TeamOwners(d);
  teamRoutes(
    ctx.registerCall,
    new TeamService(repo, d.roles, tx, ctx.bus, owners),
    new InvitationService(repo, d.roles, tx, owners, d.billing, d.directory),
  );
}
