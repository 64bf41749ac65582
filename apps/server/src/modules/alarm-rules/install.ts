import type { InstallContext } from '../../platform/install';
import type { DataPermissionService } from '../data-permissions/service';
import type { TemplateHooks } from '../templates/service';
import { AlarmRuleRepo } from './repo';
import { alarmRuleRoutes } from './routes';
import { AlarmRuleService } from './service';
import { AlarmRuleTemplateHooks } from './template-hooks';
import { AlarmRuleTransfer } from './transfer';

/** Registers the alarm-rule calls; returns the hooks the template service calls on TAG and copy changes. */
export function installAlarmRules(ctx: InstallContext, d: { perms: DataPermissionService }): TemplateHooks {
  const svc = new AlarmRuleService(new AlarmRuleRepo(ctx.db), d.perms, ctx.clock, ctx.bus);
  alarmRuleRoutes(ctx.registerCall, svc, new AlarmRuleTransfer(svc));
  return new AlarmRuleTemplateHooks(svc);
}
