import { getMessageCounts, getTodayMessages } from '@hmi/contract';
import { fail } from '../../platform/errors';
import type { RegisterCall } from '../../platform/http/register-call';
import type { MessageService } from './service';

export function messageRoutes(registerCall: RegisterCall, svc: MessageService): void {
  registerCall(getMessageCounts, async ({ user }) => {
    const u = user ?? fail(1008);
    return svc.counts(u.id, u.teamId);
  });
  registerCall(getTodayMessages, async ({ user, query }) => {
    const u = user ?? fail(1008);
    return svc.today(u.id, u.teamId, query.tz_offset, query.kind, query.limit);
  });
}
