import type { InstallContext } from '../../platform/install';
import { dataPermissionRoutes } from './routes';
import { DataPermissionService } from './service';

/** The data-permission calls; returns the service every registry module scopes its queries with. */
export function installDataPermissions(ctx: InstallContext): DataPermissionService {
  const svc = DataPermissionService.over(ctx.db);
  dataPermissionRoutes(ctx.registerCall, svc);
  return svc;
}
