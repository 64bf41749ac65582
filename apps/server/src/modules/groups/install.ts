import type { InstallContext } from '../../platform/install';
import type { DataPermissionService } from '../data-permissions';
import { GroupRepo } from './repo';
import { groupRoutes } from './routes';
import { GroupService } from './service';

/** The device group calls. */
export function installGroups(ctx: InstallContext, d: { perms: DataPermissionService }): void {
  groupRoutes(ctx.registerCall, new GroupService(new GroupRepo(ctx.db), d.perms, ctx.clock));
}
