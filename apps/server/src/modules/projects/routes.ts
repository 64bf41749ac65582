import { createProject, deleteProject, getProject, listProjects, updateProject } from '@hmi/contract';
import type { RegisterCall } from '../../platform/http/register-call';
import { sessionUser } from '../../platform/http/session';
import type { ProjectService } from './service';

export function projectRoutes(registerCall: RegisterCall, svc: ProjectService): void {
  registerCall(listProjects, async (ctx) => svc.list(sessionUser(ctx), ctx.query));
  registerCall(createProject, async (ctx) => svc.create(sessionUser(ctx), ctx.body));
  registerCall(getProject, async (ctx) => svc.get(sessionUser(ctx), ctx.params.id));
  registerCall(updateProject, async (ctx) => svc.update(sessionUser(ctx), ctx.params.id, ctx.body));
  registerCall(deleteProject, async (ctx) => svc.remove(sessionUser(ctx), ctx.params.id));
}
