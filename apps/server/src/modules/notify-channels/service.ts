import { randomBytes } from 'node:crypto';
import {
  ErrorCode,
  WEBHOOKS_PER_TEAM_MAX,
  type CallBody,
  type AuditAction,
  type createWebhook,
  type Webhook,
  type WebhookDelivery,
} from '@hmi/contract';
import { audit } from '../../platform/audit';
import type { Bus } from '../../platform/bus';
import { epochSeconds, type Clock } from '../../platform/clock';
import { fail, failInput } from '../../platform/errors';
import type { SessionUser } from '../../platform/http/session';
import { postSigned } from './post';
import type { WebhookRepo } from './repo';
import { urlRefusal, type WebhookTargets } from './target';
import type { WebhookWorker } from './worker';

type Body = CallBody<typeof createWebhook>;
type HookRow = NonNullable<Awaited<ReturnType<WebhookRepo['one']>>>;
type DeliveryRow = Awaited<ReturnType<WebhookRepo['delivery']>>;

const newSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

function toWebhook(r: HookRow, last: string | null = null): Webhook {
  return {
    id: r.id,
    name: r.name,
    url: r.url,
    min_level: Number(r.min_level),
    enabled: r.enabled === 1,
    created_at: Number(r.created_at),
    last_status: (last as Webhook['last_status']) ?? null,
  };
}

function toDelivery(r: DeliveryRow): WebhookDelivery {
  return {
    id: r.id,
    event: r.event as WebhookDelivery['event'],
    status: r.status as WebhookDelivery['status'],
    attempts: Number(r.attempts),
    http_status: r.http_status === null ? null : Number(r.http_status),
    answer: r.answer,
    created_at: Number(r.created_at),
    attempted_at: r.attempted_at === null ? null : Number(r.attempted_at),
    next_at: r.status === 'pending' && r.next_at !== null ? Number(r.next_at) : null,
  };
}

/** The team's webhooks (main account only: the route's MAIN_ACCOUNT), their log, test and fan-out. */
export class WebhookService {
  constructor(
    private readonly repo: WebhookRepo,
    private readonly worker: WebhookWorker,
    private readonly clock: Clock,
    private readonly targets: WebhookTargets,
    /** Where changes are announced for the audit log. */
    private readonly bus: Bus,
  ) {}

  private audited(user: SessionUser, action: AuditAction, name: string, detail: Record<string, string> = {}) {
    audit(this.bus, { teamId: user.teamId, userId: user.id, action, target: name, detail });
  }

  private static detail(b: Body): Record<string, string> {
    return { url: b.url, level: String(b.min_level), enabled: b.enabled ? '1' : '0' };
  }

  private checkUrl(url: string): void {
    const why = urlRefusal(url, this.targets);
    if (why) failInput('url', why);
  }

  private async own(user: SessionUser, id: number): Promise<HookRow> {
    return (await this.repo.one(user.teamId, id)) ?? fail(ErrorCode.NO_DATA);
  }

  async list(user: SessionUser) {
    const rows = await this.repo.list(user.teamId);
    return { list: rows.map((r) => toWebhook(r, r.last_status)) };
  }

  async create(user: SessionUser, b: Body) {
    this.checkUrl(b.url);
    const secret = newSecret();
    const id = await this.repo.create(
      {
        team_id: user.teamId,
        name: b.name,
        url: b.url,
        secret,
        min_level: b.min_level,
        enabled: b.enabled ? 1 : 0,
        created_at: epochSeconds(this.clock),
      },
      WEBHOOKS_PER_TEAM_MAX,
    );
    if (id === null) fail(ErrorCode.WEBHOOK_LIMIT);
    this.audited(user, 'webhookAdded', b.name, WebhookService.detail(b));
    return { ...toWebhook(await this.own(user, id)), secret };
  }

  async update(user: SessionUser, id: number, b: Body) {
    this.checkUrl(b.url);
    const done = await this.repo.update(user.teamId, id, {
      name: b.name,
      url: b.url,
      min_level: b.min_level,
      enabled: b.enabled ? 1 : 0,
    });
    if (!done) fail(ErrorCode.NO_DATA);
    this.audited(user, 'webhookEdited', b.name, WebhookService.detail(b));
    return toWebhook(await this.own(user, id));
  }

  async remove(user: SessionUser, id: number) {
    const hook = await this.own(user, id);
    if (!(await this.repo.remove(user.teamId, id))) fail(ErrorCode.NO_DATA);
    this.audited(user, 'webhookDeleted', hook.name, { url: hook.url });
    return null;
  }

  async renewSecret(user: SessionUser, id: number) {
    const hook = await this.own(user, id);
    const secret = newSecret();
    if (!(await this.repo.update(user.teamId, id, { secret }))) fail(ErrorCode.NO_DATA);
    this.audited(user, 'webhookSecretRenewed', hook.name, { url: hook.url });
    return { secret };
  }

  async deliveries(user: SessionUser, id: number) {
    await this.own(user, id);
    return { list: (await this.repo.deliveries(id)).map(toDelivery) };
  }

  /** One signed test delivery now, no retries; its outcome is answered and kept in the log. */
  async test(user: SessionUser, id: number): Promise<WebhookDelivery> {
    const hook = await this.own(user, id);
    const now = epochSeconds(this.clock);
    const body = JSON.stringify({ event: 'test', team_id: hook.team_id, webhook_id: hook.id, sent_at: now });
    const deliveryId = await this.repo.addDelivery(hook.id, 'test', body, now, false);
    const out = await postSigned(hook.url, {
      secret: hook.secret,
      body,
      event: 'test',
      delivery: deliveryId,
      now,
      targets: this.targets,
    });
    await this.repo.attempted(deliveryId, {
      status: out.ok ? 'ok' : 'failed',
      attempts: 1,
      httpStatus: out.httpStatus,
      answer: out.answer,
      now: epochSeconds(this.clock),
      nextAt: null,
    });
    return toDelivery(await this.repo.delivery(deliveryId));
  }

  /** Enabled webhooks of the team, each with the lowest alarm level it is told of. */
  async enabled(teamId: number): Promise<{ id: number; minLevel: number }[]> {
    return (await this.repo.enabled(teamId)).map((r) => ({ id: r.id, minLevel: Number(r.min_level) }));
  }

  /** Queues a delivery of `payload` to webhook `id` (sent and retried by the worker). */
  async enqueue(id: number, event: 'alarm' | 'digest', payload: object): Promise<void> {
    await this.repo.addDelivery(id, event, JSON.stringify({ event, ...payload }), epochSeconds(this.clock));
    this.worker.kick();
  }
}
