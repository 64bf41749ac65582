import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  renewWebhookSecret,
  testWebhook,
  updateWebhook,
} from '@hmi/contract';
import type { RegisterCall } from '../../platform/http/register-call';
import { sessionUser } from '../../platform/http/session';
import type { WebhookService } from './service';

export function webhookRoutes(registerCall: RegisterCall, svc: WebhookService): void {
  registerCall(listWebhooks, async (ctx) => svc.list(sessionUser(ctx)));
  registerCall(createWebhook, async (ctx) => svc.create(sessionUser(ctx), ctx.body));
  registerCall(updateWebhook, async (ctx) => svc.update(sessionUser(ctx), ctx.params.id, ctx.body));
  registerCall(deleteWebhook, async (ctx) => svc.remove(sessionUser(ctx), ctx.params.id));
  registerCall(renewWebhookSecret, async (ctx) => svc.renewSecret(sessionUser(ctx), ctx.params.id));
  registerCall(testWebhook, async (ctx) => svc.test(sessionUser(ctx), ctx.params.id));
  registerCall(listWebhookDeliveries, async (ctx) => svc.deliveries(sessionUser(ctx), ctx.params.id));
}
