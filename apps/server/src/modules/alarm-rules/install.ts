import type { Bus } from '../../platform/bus';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import type { RegisterCall } from '../../platform/http/register-call';
import type { DataPermissionService } from '../data-permissions/service';
import type { TemplateHooks } from '../templates/service';
import { AlarmRuleRepo } from './repo';
import { alarmRuleRoutes } from './routes';
import { AlarmRuleService } from './service';
import { AlarmRuleTemplateHooks } from './template-hooks';
import { AlarmRuleTransfer } from './transfer';

/** Registers the alarm-rule calls; returns the hooks the template service calls on TAG and copy changes. */
export function installAlarmRules(
  registerCall: RegisterCall,
  db: Db['db'],
  perms: DataPermissionService,
  clock: Clock,
  bus: Bus,
): TemplateHooks {
  const svc = new AlarmRuleService(new AlarmRuleRepo(db), perms, clock, bus);
  alarmRuleRoutes(registerCall, svc, new AlarmRuleTransfer(svc));
  return new AlarmRuleTemplateHooks(svc);
}
