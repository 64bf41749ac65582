import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../platform/bus';
import type { Clock } from '../../platform/clock';
import { storedMessage, type MessageService } from '../message';
import type { Entitlements } from './entitlements';
import { reminderMessage } from './reminder-messages';
import { planReminders, type Notice } from './reminders';
import type { BillingRepo } from './repo';
import type { NoticeRepo } from './repo-notices';

/** How often the job runs (the Clock decides what is due). */
export const BILLING_HOUSEKEEPING_MS = 10 * 60 * 1000;

export interface HousekeepingResult {
  /** Teams whose templates or projects expired or returned in this run. */
  lapsed: number[];
  /** Reminders sent in this run. */
  sent: Notice[];
}

export interface HousekeepingDeps {
  repo: BillingRepo;
  notices: NoticeRepo;
  entitlements: Entitlements;
  messages: Pick<MessageService, 'write'>;
  bus: Bus;
  clock: Clock;
  log: FastifyBaseLogger;
}

/**
 * The billing job: puts templates and projects over a lapsed allowance out of service (and returns
 * them when it grows), and sends the billing reminders (messages 1-5), each once: a reminder's
 * `billing_notices` row and its message commit together, and a row already there (another instance
 * was first) sends nothing.
 */
export class BillingHousekeeping {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<HousekeepingResult> | null = null;

  constructor(private readonly d: HousekeepingDeps) {}

  start(): void {
    this.timer = setInterval(
      () => void this.run().catch((err: unknown) => this.d.log.error({ err }, 'billing housekeeping')),
      BILLING_HOUSEKEEPING_MS,
    );
    this.timer.unref();
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    while (this.running) await this.running.catch(() => undefined);
  }

  /** One run at a time; a second call waits for the one under way and runs again. */
  async run(): Promise<HousekeepingResult> {
    while (this.running) await this.running.catch(() => undefined);
    this.running = this.runOnce().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private now(): number {
    return Math.floor(this.d.clock.now() / 1000);
  }

  private async runOnce(): Promise<HousekeepingResult> {
    const lapsed: number[] = [];
    for (const teamId of await this.d.notices.lapseTeams()) {
      const plan = await this.d.entitlements.expireAndRestore(teamId);
      const { templates: t, projects: p } = plan;
      if (t.expire.length + t.restore.length + p.expire.length + p.restore.length) lapsed.push(teamId);
    }
    return { lapsed, sent: await this.remind() };
  }

  private async remind(): Promise<Notice[]> {
    const now = this.now();
    const [cards, allocations] = await Promise.all([
      this.d.notices.activeCards(now),
      this.d.notices.currentAllocations(now),
    ]);
    const teams = [...new Set(cards.filter((c) => c.type === 1).map((c) => c.team_id))];
    const pools = await Promise.all(
      teams.map(async (team_id) => ({ team_id, ...(await this.d.entitlements.pool(team_id)) })),
    );
    const subjects = [
      ...cards.map((c) => `card:${c.id}`),
      ...allocations.map((a) => `allocation:${a.id}`),
      ...pools.map((p) => `team:${p.team_id}:${p.pool}`),
    ];
    const sent = await this.d.notices.sentKeys(subjects);
    const plan = planReminders({ now, cards, allocations, pools, sent });
    const done: Notice[] = [];
    for (const notice of plan.notices) {
      const marks = plan.marks.filter((m) => m.subject === notice.subject && m.kind === notice.kind);
      const fresh = await this.d.repo.transaction(async (trx) => {
        let mine = false;
        for (const m of marks) {
          const inserted = await this.d.notices.markSent(m, now, trx);
          if (m.threshold === notice.threshold) mine = inserted;
        }
        if (!mine) return false;
        const text = reminderMessage(notice);
        await this.d.messages.write(
          [
            storedMessage({
              team_id: notice.team_id,
              user_id: null,
              kind: 'billing',
              type: notice.kind,
              ...text,
              created_at: now,
            }),
          ],
          trx,
        );
        return true;
      });
      if (!fresh) continue;
      done.push(notice);
      this.d.bus.emit('messages', { teamId: notice.team_id, userId: null });
    }
    return done;
  }
}
