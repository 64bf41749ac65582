import {
  endPassthrough,
  listActivePassthrough,
  listPassthroughSessions,
  openPassthrough,
} from '@hmi/contract';
import type { RegisterCall } from '../../platform/http/register-call';
import { sessionUser } from '../../platform/http/session';
import type { PassthroughService } from './service';

export function passthroughRoutes(registerCall: RegisterCall, svc: PassthroughService): void {
  registerCall(openPassthrough, async (ctx) =>
    svc.open(sessionUser(ctx), ctx.params.id, ctx.body, ctx.req.ip),
  );
  registerCall(listPassthroughSessions, async (ctx) => svc.list(sessionUser(ctx), ctx.params.id, ctx.query));
  registerCall(listActivePassthrough, async (ctx) => svc.listOpen(sessionUser(ctx)));
  registerCall(endPassthrough, async (ctx) => svc.end(sessionUser(ctx), ctx.params.session, ctx.req.ip));
}
