import {
  acknowledgeAlarms,
  getTemplateAlarmSettings,
  putTemplateAlarmSettings,
  setDeviceOutOfService,
  setRuleOutOfService,
  shelveAlarms,
  unshelveAlarms,
  exportAlarms,
  getAlarmSubscription,
  listAlarmMessages,
  listAlarms,
  putAlarmSubscription,
} from '@hmi/contract';
import type { RegisterCall } from '../../platform/http/register-call';
import { sessionUser } from '../../platform/http/session';
import type { AlarmOperations } from './operations';
import type { AlarmService } from './service';

export function alarmRoutes(registerCall: RegisterCall, svc: AlarmService, ops: AlarmOperations): void {
  registerCall(listAlarms, async (ctx) => svc.list(sessionUser(ctx), ctx.query));
  registerCall(exportAlarms, async (ctx) => svc.export(sessionUser(ctx), ctx.query));
  registerCall(acknowledgeAlarms, async (ctx) =>
    svc.acknowledge(sessionUser(ctx), ctx.body.ids, ctx.body.note),
  );
  registerCall(shelveAlarms, async (ctx) => ops.shelve(sessionUser(ctx), ctx.body));
  registerCall(unshelveAlarms, async (ctx) => ops.unshelve(sessionUser(ctx), ctx.body));
  registerCall(setRuleOutOfService, async (ctx) =>
    ops.ruleOutOfService(sessionUser(ctx), ctx.params.id, ctx.body),
  );
  registerCall(setDeviceOutOfService, async (ctx) =>
    ops.deviceOutOfService(sessionUser(ctx), ctx.params.id, ctx.body),
  );
  registerCall(getTemplateAlarmSettings, async (ctx) => ops.settings(sessionUser(ctx), ctx.params.id));
  registerCall(putTemplateAlarmSettings, async (ctx) =>
    ops.putSettings(sessionUser(ctx), ctx.params.id, ctx.body),
  );
  registerCall(listAlarmMessages, async (ctx) => svc.messages(sessionUser(ctx), ctx.query));
  registerCall(getAlarmSubscription, async (ctx) => svc.subscription(sessionUser(ctx)));
  registerCall(putAlarmSubscription, async (ctx) => svc.putSubscription(sessionUser(ctx), ctx.body));
}
