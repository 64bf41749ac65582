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
import { resourceRoutes } from '../../platform/http/resource-routes';
import { sessionUser } from '../../platform/http/session';
import type { TemplateService } from './service';

export function templateRoutes(registerCall: RegisterCall, svc: TemplateService): void {
  resourceRoutes(registerCall, svc, [
    listTemplates,
    createTemplate,
    getTemplate,
    updateTemplate,
    deleteTemplate,
  ]);
  registerCall(copyTemplate, async (ctx) => svc.copy(sessionUser(ctx), ctx.params.id, ctx.body.name));
  registerCall(getTemplateTags, async (ctx) => svc.tags(sessionUser(ctx), ctx.params.id));
  registerCall(putTemplateTags, async (ctx) => svc.putTags(sessionUser(ctx), ctx.params.id, ctx.body.tags));
  registerCall(importTemplateTags, async (ctx) =>
    svc.importTags(sessionUser(ctx), ctx.params.id, ctx.body.content_base64),
  );
  registerCall(exportTemplateTags, async (ctx) => svc.exportTags(sessionUser(ctx), ctx.params.id));
}
