import { ErrorCode, regionCalls, type DataCenter } from '@hmi/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { epochSeconds, type Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/schema';
import type { RegionNoticeTable } from '../../platform/db/schema-central';
import type { Queryable } from '../../platform/db/sql';
import { AppError } from '../../platform/errors';
import type { RegionNotice } from '../account';
import { REGION_PREFIX } from './protocol';
import type { SignedTransport } from './transport';

/** How often the outbox is looked at for due notices. */
const TICK_MS = 1000;
/** Notices delivered per look (the rest wait for the next one). */
const BATCH = 20;
/** A failed delivery waits 2^attempts seconds before the next, at most this long. */
const MAX_DELAY_SECONDS = 300;
/** From this many failed attempts on, each further one is logged as an error (someone should look). */
const ALARM_ATTEMPTS = 10;

export interface RegionNoticeDeps {
  db: Kysely<Database>;
  clock: Clock;
  transport: SignedTransport;
  /** REGION_URLS: where the centre reaches each region. */
  regionUrls: Record<DataCenter, string>;
  log: FastifyBaseLogger;
}

function unreachable(err: unknown): boolean {
  return err instanceof AppError && err.code === ErrorCode.CENTRAL_UNAVAILABLE;
}

/**
 * ROLE=central: what the centre tells the regions, over the same signed calls in the reverse
 * direction. A removal or a password change is written to a durable outbox (region_notices) in the
 * transaction that makes it, then delivered at once; a region that cannot be reached is tried again
 * with growing delays (1 s, 2 s, 4 s … at most 5 minutes) until it takes the notice, so none is lost:
 * a change committed at the centre reaches the region even when the region's own call gave up (1207).
 */
export class RegionNotices {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();

  constructor(private readonly d: RegionNoticeDeps) {}

  private now(): number {
    return epochSeconds(this.d.clock);
  }

  /**
   * Whether the region lets the account go (1202: a main account with members there). A region that
   * cannot be reached does not hold the removal up: the notice waits for it.
   */
  async assertRemovable(dataCenter: DataCenter, username: string, accountId: number): Promise<void> {
    try {
      await this.d.transport.send(this.d.regionUrls[dataCenter], REGION_PREFIX, regionCalls.removable, {
        username,
        account_id: accountId,
      });
    } catch (err) {
      if (!unreachable(err)) throw err;
    }
  }

  /** Records the notice in the transaction that makes the change; returns its id. */
  async add(q: Queryable, dataCenter: DataCenter, notice: RegionNotice): Promise<number> {
    const now = this.now();
    // Due a second from now: the change delivers it itself first (deliverNow); a look finds it only
    // when that failed or the process stopped before it could.
    const row = await q
      .insertInto('region_notices')
      .values({
        data_center: dataCenter,
        kind: notice.kind,
        username: notice.username,
        account_id: notice.accountId,
        keep_session: notice.kind === 'password' ? notice.keepSession : null,
        created_at: now,
        next_at: now + 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The signed call that tells the region of the notice. */
  private tell(url: string, row: Selectable<RegionNoticeTable>): Promise<unknown> {
    const account = { username: row.username, account_id: row.account_id };
    if (row.kind === 'password')
      return this.d.transport.send(url, REGION_PREFIX, regionCalls.password, {
        ...account,
        keep_session: row.keep_session,
        at: Number(row.created_at),
      });
    return this.d.transport.send(url, REGION_PREFIX, regionCalls.removed, account);
  }

  /** Delivers one notice; true once the region took it (the row is gone then). */
  private async deliver(id: number): Promise<boolean> {
    const row = await this.d.db
      .selectFrom('region_notices')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return true;
    const url = this.d.regionUrls[row.data_center as DataCenter];
    try {
      await this.tell(url, row);
    } catch (err) {
      const attempts = Number(row.attempts) + 1;
      const delay = Math.min(MAX_DELAY_SECONDS, 2 ** (attempts - 1));
      await this.d.db
        .updateTable('region_notices')
        .set({ attempts, next_at: this.now() + delay })
        .where('id', '=', id)
        .execute();
      const level = attempts >= ALARM_ATTEMPTS ? 'error' : 'warn';
      this.d.log[level]({ err, notice: id, dataCenter: row.data_center, attempts }, 'region not told yet');
      return false;
    }
    await this.d.db.deleteFrom('region_notices').where('id', '=', id).execute();
    this.d.log.info({ notice: id, dataCenter: row.data_center }, `region told: ${row.kind}`);
    return true;
  }

  /** Delivers a notice just added (its first look is a second away), without waiting for the look. */
  deliverNow(id: number): Promise<boolean> {
    return this.deliver(id);
  }

  /** Delivers the notices that are due (at most BATCH); one look at a time. */
  private deliverDue(): Promise<void> {
    this.running = this.running.then(async () => {
      const due = await this.d.db
        .selectFrom('region_notices')
        .select('id')
        .where('next_at', '<=', this.now())
        .orderBy('next_at')
        .limit(BATCH)
        .execute();
      for (const { id } of due) await this.deliver(id);
    });
    this.running = this.running.catch((err: unknown) => this.d.log.error({ err }, 'region notices'));
    return this.running;
  }

  start(): void {
    const tick = () => {
      void this.deliverDue().then(() => {
        if (this.timer) this.timer = setTimeout(tick, TICK_MS);
      });
    };
    this.timer = setTimeout(tick, TICK_MS);
  }

  /** Stops looking; a delivery under way finishes first. */
  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
