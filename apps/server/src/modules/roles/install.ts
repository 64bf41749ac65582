import type { InstallContext } from '../../platform/install';
import type { ZoneService } from '../zones';
import { RoleRepo } from './repo';
import { roleRoutes } from './routes';
import { RoleService } from './service';

/** The role calls; returns the service the team hands roles out with. */
export function installRoles(ctx: InstallContext, d: { zones: ZoneService }): RoleService {
  const svc = new RoleService(new RoleRepo(ctx.db), d.zones, ctx.clock, ctx.bus);
  roleRoutes(ctx.registerCall, svc);
  return svc;
}
