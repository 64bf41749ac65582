import {
  createAlarmGroup,
  createAlarmRule,
  deleteAlarmGroup,
  deleteAlarmRule,
  exportAlarmRules,
  importAlarmRules,
  listAlarmGroups,
  listAlarmRules,
  setAlarmRulesEnabled,
  updateAlarmGroup,
  updateAlarmRule,
} from '@hmi/contract';
import type { RegisterCall } from '../../platform/http/register-call';
import { sessionUser } from '../../platform/http/session';
import type { AlarmRuleService } from './service';
import type { AlarmRuleTransfer } from './transfer';

export function alarmRuleRoutes(
  registerCall: RegisterCall,
  svc: AlarmRuleService,
  transfer: AlarmRuleTransfer,
): void {
  registerCall(listAlarmGroups, async (ctx) => svc.groups(sessionUser(ctx), ctx.params.id));
  registerCall(createAlarmGroup, async (ctx) =>
    svc.createGroup(sessionUser(ctx), ctx.params.id, ctx.body.name),
  );
  registerCall(updateAlarmGroup, async (ctx) =>
    svc.renameGroup(sessionUser(ctx), ctx.params.id, ctx.body.name),
  );
  registerCall(deleteAlarmGroup, async (ctx) => svc.deleteGroup(sessionUser(ctx), ctx.params.id));
  registerCall(listAlarmRules, async (ctx) => svc.list(sessionUser(ctx), ctx.params.id, ctx.query));
  registerCall(createAlarmRule, async (ctx) => svc.create(sessionUser(ctx), ctx.params.id, ctx.body));
  registerCall(updateAlarmRule, async (ctx) => svc.update(sessionUser(ctx), ctx.params.id, ctx.body));
  registerCall(setAlarmRulesEnabled, async (ctx) =>
    svc.setEnabled(sessionUser(ctx), ctx.params.id, ctx.body.ids, ctx.body.enabled),
  );
  registerCall(deleteAlarmRule, async (ctx) => svc.remove(sessionUser(ctx), ctx.params.id));
  registerCall(importAlarmRules, async (ctx) =>
    transfer.import(sessionUser(ctx), ctx.params.id, ctx.body.filename, ctx.body.content_base64),
  );
  registerCall(exportAlarmRules, async (ctx) => transfer.export(sessionUser(ctx), ctx.params.id));
}
