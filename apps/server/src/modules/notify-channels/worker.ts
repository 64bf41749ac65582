import type { FastifyBaseLogger } from 'fastify';
import { epochSeconds, type Clock } from '../../platform/clock';
import { postSigned, WEBHOOK_TIMEOUT_MS } from './post';
import type { WebhookRepo } from './repo';
import type { WebhookTargets } from './target';

/** Seconds before retry n (1-based) after a failed attempt; attempts beyond the list fail the delivery. */
export const RETRY_BACKOFF_SECONDS = [10, 30, 120, 600, 1800] as const;
/** Attempts in flight at once over all webhooks (one per webhook, so one slow receiver holds one). */
const CONCURRENCY = 16;
/** How often due retries are looked for. */
const POLL_MS = 1_000;

/**
 * Sends pending webhook deliveries: at most one attempt per webhook at a time and CONCURRENCY in all,
 * so a slow or dead receiver delays only its own deliveries. A failed attempt (no 2xx, timeout,
 * refused) is retried after RETRY_BACKOFF_SECONDS; deliveries are rows, so a restart loses none.
 */
export class WebhookWorker {
  private readonly busy = new Set<number>();
  private readonly running = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private scanning: Promise<void> | null = null;
  private again = false;
  private closed = false;

  constructor(
    private readonly repo: WebhookRepo,
    private readonly clock: Clock,
    private readonly targets: WebhookTargets,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.kick(), POLL_MS);
    this.timer.unref();
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.closed = true;
    await this.idle();
  }

  /** Resolves once no scan or attempt is under way (attempts started by it included). */
  async idle(): Promise<void> {
    while (this.scanning || this.running.size) {
      if (this.scanning) await this.scanning;
      if (this.running.size) await Promise.all([...this.running]);
    }
  }

  /** Looks for due deliveries now (after a new one is written, an attempt ends, or a tick). */
  kick(): void {
    // Closed: what is queued stays pending in the table for the next start.
    if (this.closed) return;
    if (this.scanning) {
      this.again = true;
      return;
    }
    this.scanning = this.scan()
      .catch((err: unknown) => this.log.error({ err }, 'webhook deliveries'))
      .finally(() => {
        this.scanning = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  private async scan(): Promise<void> {
    const free = CONCURRENCY - this.running.size;
    if (free <= 0) return;
    const now = epochSeconds(this.clock);
    const due = await this.repo.due(now, 200);
    let started = 0;
    for (const d of due) {
      if (started >= free) break;
      if (this.busy.has(d.webhook_id)) continue;
      const lease = now + Math.ceil(WEBHOOK_TIMEOUT_MS / 1000) + 60;
      if (!(await this.repo.claim(d.id, d.next_at, lease))) continue;
      this.busy.add(d.webhook_id);
      started += 1;
      const p = this.attempt(d).finally(() => {
        this.busy.delete(d.webhook_id);
        this.running.delete(p);
        this.kick();
      });
      this.running.add(p);
    }
  }

  private async attempt(d: Awaited<ReturnType<WebhookRepo['due']>>[number]): Promise<void> {
    const out = await postSigned(d.url, {
      secret: d.secret,
      body: d.body,
      event: d.event,
      delivery: d.id,
      now: epochSeconds(this.clock),
      targets: this.targets,
    });
    const attempts = d.attempts + 1;
    const backoff = RETRY_BACKOFF_SECONDS[attempts - 1];
    const now = epochSeconds(this.clock);
    await this.repo.attempted(d.id, {
      status: out.ok ? 'ok' : backoff === undefined ? 'failed' : 'pending',
      attempts,
      httpStatus: out.httpStatus,
      answer: out.answer,
      now,
      nextAt: out.ok || backoff === undefined ? null : now + backoff,
    });
  }
}
