import type { InstallContext } from '../../platform/install';
import { LapseGuard, type AllowanceSource } from '../billing';
import type { DataPermissionService } from '../data-permissions';
import type { TemplateHooks } from '../templates';
import { AlarmRuleRepo } from './repo';
import { alarmRuleRoutes } from './routes';
import { AlarmRuleService } from './service';
import { AlarmRuleTemplateHooks } from './template-hooks';
import { AlarmRuleTransfer } from './transfer';

/** Registers the alarm-rule calls; returns the hooks the template service calls on TAG and copy changes. */
export function installAlarmRules(
  ctx: InstallContext,
  d: { perms: DataPermissionService; billing: AllowanceSource },
): TemplateHooks {
  // A template billing expired is read-only for its rules as for its TAGs (1033, reason `expired`).
  const lapses = new LapseGuard(d.billing, 'template');
  const svc = new AlarmRuleService(new AlarmRuleRepo(ctx.db), d.perms, ctx.clock, ctx.bus, lapses);
  alarmRuleRoutes(ctx.registerCall, svc, new AlarmRuleTransfer(svc));
  return new AlarmRuleTemplateHooks(svc);
}
