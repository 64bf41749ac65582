import {
  deviceField,
  deviceHistory,
  deviceHistoryExport,
  deviceTags,
  getCommand,
  ingestStats,
  syncDevice,
  writeTag,
} from '@hmi/contract';
import type { RegisterCall } from '../../platform/http/register-call';
import { sessionUser } from '../../platform/http/session';
import type { ConnectivityService } from './service';

export function connectivityRoutes(registerCall: RegisterCall, svc: ConnectivityService): void {
  const { reads, commands } = svc;
  registerCall(deviceTags, async (ctx) => reads.tags(sessionUser(ctx), ctx.params.id));
  registerCall(deviceHistory, async (ctx) => reads.history(sessionUser(ctx), ctx.params.id, ctx.query));
  registerCall(deviceHistoryExport, async (ctx) =>
    reads.historyExport(sessionUser(ctx), ctx.params.id, ctx.query),
  );
  registerCall(writeTag, async (ctx) =>
    commands.write(sessionUser(ctx), ctx.params.id, ctx.params.tagId, ctx.body.value, ctx.req.ip),
  );
  registerCall(getCommand, async (ctx) =>
    commands.command(sessionUser(ctx), ctx.params.id, ctx.params.cmdId),
  );
  registerCall(syncDevice, async (ctx) => commands.sync(sessionUser(ctx), ctx.params.id));
  registerCall(ingestStats, async (ctx) => reads.stats(sessionUser(ctx), ctx.params.id));
  registerCall(deviceField, async (ctx) => reads.field(sessionUser(ctx), ctx.params.id));
}
