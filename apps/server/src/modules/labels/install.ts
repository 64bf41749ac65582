import type { InstallContext } from '../../platform/install';
import type { DataPermissionService } from '../data-permissions';
import { LabelRepo } from './repo';
import { labelRoutes } from './routes';
import { LabelService } from './service';

/** The label calls; returns the service devices check label ids with. */
export function installLabels(ctx: InstallContext, d: { perms: DataPermissionService }): LabelService {
  const svc = new LabelService(new LabelRepo(ctx.db), d.perms, ctx.clock);
  labelRoutes(ctx.registerCall, svc);
  return svc;
}
