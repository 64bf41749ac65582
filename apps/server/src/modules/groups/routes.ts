import { createGroup, deleteGroup, listGroups, updateGroup } from '@hmi/contract';
import type { RegisterCall } from '../../platform/http/register-call';
import { sessionUser } from '../../platform/http/session';
import type { GroupService } from './service';

export function groupRoutes(registerCall: RegisterCall, svc: GroupService): void {
  registerCall(listGroups, async (ctx) => svc.tree(sessionUser(ctx)));
  registerCall(createGroup, async (ctx) => svc.create(sessionUser(ctx), ctx.body));
  registerCall(updateGroup, async (ctx) => svc.update(sessionUser(ctx), ctx.params.id, ctx.body));
  registerCall(deleteGroup, async (ctx) => svc.remove(sessionUser(ctx), ctx.params.id));
}
