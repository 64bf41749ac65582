import {
  copyTemplate,
  createTemplate,
  deleteTemplate,
  exportTemplateTags,
  getTemplate,
  getTemplateTags,
  importTemplateTags,
  listTemplates,
  putTemplateTags,
  updateTemplate,
} from '@hmi/contract';
import type { RegisterCall } from '../../platform/http/register-call';
import { sessionUser } from '../../platform/http/session';
import type { TemplateService } from './service';

export function templateRoutes(registerCall: RegisterCall, svc: TemplateService): void {
  registerCall(listTemplates, async (ctx) => svc.list(sessionUser(ctx), ctx.query));
  registerCall(createTemplate, async (ctx) => svc.create(sessionUser(ctx), ctx.body));
  registerCall(getTemplate, async (ctx) => svc.get(sessionUser(ctx), ctx.params.id));
  registerCall(updateTemplate, async (ctx) => svc.update(sessionUser(ctx), ctx.params.id, ctx.body));
  registerCall(deleteTemplate, async (ctx) => svc.remove(sessionUser(ctx), ctx.params.id));
  registerCall(copyTemplate, async (ctx) => svc.copy(sessionUser(ctx), ctx.params.id, ctx.body.name));
  registerCall(getTemplateTags, async (ctx) => svc.tags(sessionUser(ctx), ctx.params.id));
  registerCall(putTemplateTags, async (ctx) => svc.putTags(sessionUser(ctx), ctx.params.id, ctx.body.tags));
  registerCall(importTemplateTags, async (ctx) =>
    svc.importTags(sessionUser(ctx), ctx.params.id, ctx.body.content_base64),
  );
  registerCall(exportTemplateTags, async (ctx) => svc.exportTags(sessionUser(ctx), ctx.params.id));
}
