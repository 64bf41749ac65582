import { createRole, deleteRole, listRoleOptions, listRoles, updateRole } from '@hmi/contract';
import type { RegisterCall } from '../../platform/http/register-call';
import { sessionUser } from '../../platform/http/session';
import type { RoleService } from './service';

export function roleRoutes(registerCall: RegisterCall, svc: RoleService): void {
  registerCall(listRoles, async (ctx) => svc.list(sessionUser(ctx), ctx.query));
  registerCall(listRoleOptions, async (ctx) => svc.options(sessionUser(ctx)));
  registerCall(createRole, async (ctx) => svc.create(sessionUser(ctx), ctx.body));
  registerCall(updateRole, async (ctx) => svc.update(sessionUser(ctx), ctx.params.id, ctx.body));
  registerCall(deleteRole, async (ctx) => svc.remove(sessionUser(ctx), ctx.params.id));
}
