import type { SessionUser } from '../../platform/http/session';
import { authorize, type Scope, type DataPermissionService } from '../data-permissions';
import type { BillingRepo, DeviceGroups } from './repo';

/** The device `id` when the caller may see it (its team and, for a sub-account, a granted group), else 1003. */
export async function visibleDevice(
  repo: BillingRepo,
  perms: DataPermissionService,
  user: SessionUser,
  id: number,
) {
  const scope = await perms.scope(user);
  const device = authorize(scope, 'device', await repo.findDevice(id));
  return { scope, device };
}

/** The groups whose devices the caller sees (null: all of the team). */
export function groupsOf(scope: Scope): DeviceGroups {
  return scope.all ? null : [...scope.groupIds];
}
