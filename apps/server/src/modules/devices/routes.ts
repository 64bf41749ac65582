import { bindDevice, getDevice, listDevices, setFavourite, unbindDevice, updateDevice } from '@hmi/contract';
import type { RegisterCall } from '../../platform/http/register-call';
import { sessionUser } from '../../platform/http/session';
import type { DeviceService } from './service';

export function deviceRoutes(registerCall: RegisterCall, svc: DeviceService): void {
  registerCall(listDevices, async (ctx) => svc.list(sessionUser(ctx), ctx.query));
  registerCall(bindDevice, async (ctx) => svc.bind(sessionUser(ctx), ctx.body));
  registerCall(getDevice, async (ctx) => svc.get(sessionUser(ctx), ctx.params.id));
  registerCall(updateDevice, async (ctx) => svc.update(sessionUser(ctx), ctx.params.id, ctx.body));
  registerCall(unbindDevice, async (ctx) => svc.unbind(sessionUser(ctx), ctx.params.id));
  registerCall(setFavourite, async (ctx) =>
    svc.setFavourite(sessionUser(ctx), ctx.params.id, ctx.body.favourite),
  );
}
