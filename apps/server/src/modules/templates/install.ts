import type { InstallContext } from '../../platform/install';
import { LapseGuard, type AllowanceSource } from '../billing';
import type { DataPermissionService } from '../data-permissions';
import { TemplateRepo } from './repo';
import { templateRoutes } from './routes';
import { TemplateService, type TemplateHooks } from './service';

/** The template calls; returns the service devices check template references with. */
export function installTemplates(
  ctx: InstallContext,
  d: { perms: DataPermissionService; billing: AllowanceSource; hooks: TemplateHooks },
): TemplateService {
  const lapses = new LapseGuard(d.billing, 'template');
  const svc = new TemplateService(new TemplateRepo(ctx.db), d.perms, ctx.clock, lapses, d.hooks, ctx.bus);
  templateRoutes(ctx.registerCall, svc);
  return svc;
}
