import type { InstallContext } from '../../platform/install';
import type { DataPermissionService } from '../data-permissions';
import type { DeviceService } from '../devices';
import type { ProjectService } from '../projects';
import type { TemplateService } from '../templates';
import { ScreenAccess } from './access';
import { ScreenRepo } from './repo';
import { screenRoutes } from './routes';
import { ScreenService } from './service';
import { ScreenTransfer } from './transfer';
import { ScreenVersions } from './versions';

/**
 * The screen calls. Deleting a template or project deletes its screens (foreign keys); a device a
 * project screen binds may not leave the project (checked here for the projects module) nor be
 * unbound (it is a member of the project, 1091).
 */
export function installScreens(
  ctx: InstallContext,
  d: {
    perms: DataPermissionService;
    templates: TemplateService;
    devices: DeviceService;
    projects: ProjectService;
  },
): ScreenService {
  const repo = new ScreenRepo(ctx.db);
  const svc = new ScreenService(repo, new ScreenAccess(repo, d.perms, d.templates, d.devices), ctx.clock);
  screenRoutes(ctx.registerCall, svc, new ScreenTransfer(svc), new ScreenVersions(svc));
  d.projects.beforeMembersLeave((projectId, deviceIds, q) => svc.assertMayLeave(projectId, deviceIds, q));
  return svc;
}
