import type { InstallContext } from '../../platform/install';
import { LapseGuard, type AllowanceSource } from '../billing';
import type { DataPermissionService } from '../data-permissions';
import type { DeviceService } from '../devices';
import { ProjectRepo } from './repo';
import { projectRoutes } from './routes';
import { ProjectService } from './service';

/** The project calls; returns the service (other modules register member checks on it). */
export function installProjects(
  ctx: InstallContext,
  d: { perms: DataPermissionService; devices: DeviceService; billing: AllowanceSource },
): ProjectService {
  const lapses = new LapseGuard(d.billing, 'project');
  const svc = new ProjectService(new ProjectRepo(ctx.db), d.devices, d.perms, ctx.clock, lapses);
  projectRoutes(ctx.registerCall, svc);
  return svc;
}
