import { deviceHistory, deviceTags, getCommand, ingestStats, syncDevice, writeTag } from '@hmi/contract';
import type { RegisterCall } from '../../platform/http/register-call';
import { sessionUser } from '../../platform/http/session';
import type { IngestService } from './service';

export function ingestRoutes(registerCall: RegisterCall, svc: IngestService): void {
  registerCall(deviceTags, async (ctx) => svc.tags(sessionUser(ctx), ctx.params.id));
  registerCall(deviceHistory, async (ctx) => svc.history(sessionUser(ctx), ctx.params.id, ctx.query));
  registerCall(writeTag, async (ctx) =>
    svc.write(sessionUser(ctx), ctx.params.id, ctx.params.tagId, ctx.body.value, ctx.req.ip),
  );
  registerCall(getCommand, async (ctx) => svc.command(sessionUser(ctx), ctx.params.id, ctx.params.cmdId));
  registerCall(syncDevice, async (ctx) => svc.sync(sessionUser(ctx), ctx.params.id));
  registerCall(ingestStats, async (ctx) => svc.stats(sessionUser(ctx), ctx.params.id));
}
