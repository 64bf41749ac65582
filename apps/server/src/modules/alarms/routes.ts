import {
  acknowledgeAlarms,
  exportAlarms,
  getAlarmSubscription,
  listAlarmMessages,
  listAlarms,
  putAlarmSubscription,
} from '@hmi/contract';
import type { RegisterCall } from '../../platform/http/register-call';
import { sessionUser } from '../../platform/http/session';
import type { AlarmService } from './service';

export function alarmRoutes(registerCall: RegisterCall, svc: AlarmService): void {
  registerCall(listAlarms, async (ctx) => svc.list(sessionUser(ctx), ctx.query));
  registerCall(exportAlarms, async (ctx) => svc.export(sessionUser(ctx), ctx.query));
  registerCall(acknowledgeAlarms, async (ctx) => svc.acknowledge(sessionUser(ctx), ctx.body.ids));
  registerCall(listAlarmMessages, async (ctx) => svc.messages(sessionUser(ctx), ctx.query));
  registerCall(getAlarmSubscription, async (ctx) => svc.subscription(sessionUser(ctx)));
  registerCall(putAlarmSubscription, async (ctx) => svc.putSubscription(sessionUser(ctx), ctx.body));
}
