import type { InstallContext } from '../../platform/install';
import { DataPermissionRepo } from './repo';
import { dataPermissionRoutes } from './routes';
import { DataPermissionService } from './service';

/** The data-permission calls; returns the service every registry module scopes its queries with. */
export function installDataPermissions(ctx: InstallContext): DataPermissionService {
  const svc = new DataPermissionService(new DataPermissionRepo(ctx.db), ctx.bus);
  dataPermissionRoutes(ctx.registerCall, svc);
  return svc;
}
