import { getMessageCounts, getTodayMessages, listMessages, setMessagesRead } from '@hmi/contract';
import type { RegisterCall } from '../../platform/http/register-call';
import { sessionUser } from '../../platform/http/session';
import type { MessageService } from './service';

export function messageRoutes(registerCall: RegisterCall, svc: MessageService): void {
  registerCall(getMessageCounts, async (ctx) => svc.counts(sessionUser(ctx)));
  registerCall(getTodayMessages, async (ctx) =>
    svc.today(sessionUser(ctx), ctx.query.tz_offset, ctx.query.kind, ctx.query.limit),
  );
  registerCall(listMessages, async (ctx) => svc.list(sessionUser(ctx), ctx.query));
  registerCall(setMessagesRead, async (ctx) => svc.setRead(sessionUser(ctx), ctx.body));
}
