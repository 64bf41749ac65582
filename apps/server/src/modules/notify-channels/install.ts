import type { FastifyBaseLogger } from 'fastify';
import type { InstallContext } from '../../platform/install';
import { WebhookRepo } from './repo';
import { webhookRoutes } from './routes';
import { WebhookService } from './service';
import type { WebhookTargets } from './target';
import { WebhookWorker } from './worker';

/** What the alarm notifier (and tests) use of the channels. */
export interface NotifyChannels {
  webhooks: WebhookService;
  worker: WebhookWorker;
}

/** Team webhooks: their calls and the delivery worker (stopped by `onShutdown`). */
export function installNotifyChannels(
  ctx: InstallContext,
  d: { targets: WebhookTargets; log: FastifyBaseLogger; onShutdown(fn: () => Promise<void>): void },
): NotifyChannels {
  const repo = new WebhookRepo(ctx.db);
  const worker = new WebhookWorker(repo, ctx.clock, d.targets, d.log);
  const webhooks = new WebhookService(repo, worker, ctx.clock, d.targets, ctx.bus);
  webhookRoutes(ctx.registerCall, webhooks);
  worker.start();
  d.onShutdown(() => worker.close());
  return { webhooks, worker };
}
