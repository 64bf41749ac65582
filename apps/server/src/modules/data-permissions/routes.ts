import { getDataPermissions, putDataPermissions } from '@hmi/contract';
import type { RegisterCall } from '../../platform/http/register-call';
import { sessionUser } from '../../platform/http/session';
import type { DataPermissionService } from './service';

export function dataPermissionRoutes(registerCall: RegisterCall, svc: DataPermissionService): void {
  registerCall(getDataPermissions, async (ctx) => svc.get(sessionUser(ctx), ctx.params.id));
  registerCall(putDataPermissions, async (ctx) => svc.put(sessionUser(ctx), ctx.params.id, ctx.body));
}
