import { createLabel, deleteLabel, listLabels, updateLabel } from '@hmi/contract';
import type { RegisterCall } from '../../platform/http/register-call';
import { sessionUser } from '../../platform/http/session';
import type { LabelService } from './service';

export function labelRoutes(registerCall: RegisterCall, svc: LabelService): void {
  registerCall(listLabels, async (ctx) => svc.list(sessionUser(ctx)));
  registerCall(createLabel, async (ctx) => svc.create(sessionUser(ctx), ctx.body.name));
  registerCall(updateLabel, async (ctx) => svc.rename(sessionUser(ctx), ctx.params.id, ctx.body.name));
  registerCall(deleteLabel, async (ctx) => svc.remove(sessionUser(ctx), ctx.params.id));
}
