import { createZone, deleteZone, listZones, updateZone } from '@hmi/contract';
import type { RegisterCall } from '../../platform/http/register-call';
import { sessionUser } from '../../platform/http/session';
import type { ZoneService } from './service';

export function zoneRoutes(registerCall: RegisterCall, svc: ZoneService): void {
  registerCall(listZones, async (ctx) => svc.list(sessionUser(ctx), ctx.query));
  registerCall(createZone, async (ctx) => svc.create(sessionUser(ctx), ctx.body));
  registerCall(updateZone, async (ctx) => svc.update(sessionUser(ctx), ctx.params.id, ctx.body));
  registerCall(deleteZone, async (ctx) => svc.remove(sessionUser(ctx), ctx.params.id));
}
