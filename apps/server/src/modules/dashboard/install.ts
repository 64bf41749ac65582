import type { InstallContext } from '../../platform/install';
import type { DataPermissionService } from '../data-permissions';
import { DashboardRepo } from './repo';
import { dashboardRoutes } from './routes';
import { DashboardService } from './service';

/** The dashboard call. */
export function installDashboard(ctx: InstallContext, d: { perms: DataPermissionService }): void {
  dashboardRoutes(ctx.registerCall, new DashboardService(new DashboardRepo(ctx.db), d.perms, ctx.clock));
}
