import { getRemoteSettings, listRemoteSessions, openRemoteView, setRemoteSettings } from '@hmi/contract';
import type { RegisterCall } from '../../platform/http/register-call';
import { sessionUser } from '../../platform/http/session';
import type { RemoteService } from './service';

export function remoteRoutes(registerCall: RegisterCall, svc: RemoteService): void {
  registerCall(openRemoteView, async (ctx) =>
    svc.open(sessionUser(ctx), ctx.params.id, ctx.body, ctx.req.ip),
  );
  registerCall(listRemoteSessions, async (ctx) => svc.list(sessionUser(ctx), ctx.params.id, ctx.query));
  registerCall(getRemoteSettings, async (ctx) => svc.settings(sessionUser(ctx)));
  registerCall(setRemoteSettings, async (ctx) => svc.setSettings(sessionUser(ctx), ctx.body, ctx.req.ip));
}
