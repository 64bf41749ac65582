import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Clock } from './clock';
import type { Database } from './db/schema';

/**
 * Counts failed attempts per key in a sliding window. The attempts live in the database, so all
 * server instances share one count and a restart does not reset it.
 */
export class SlidingWindowLimiter {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    /** Keeps the counts of different limiters apart (e.g. `login-account`, `bind-pin`). */
    private readonly scope: string,
    private readonly limit: number,
    private readonly windowSeconds: number,
  ) {}

  private since(): number {
    return this.clock.now() - this.windowSeconds * 1000;
  }

  /** Seconds until the key may act again, or 0 when it may now. */
  async retryAfter(key: string): Promise<number> {
    const newest = await this.db
      .selectFrom('attempts')
      .select('at')
      .where('scope', '=', this.scope)
      .where('key', '=', key)
      .where('at', '>', this.since())
      .orderBy('at', 'desc')
      .limit(this.limit)
      .execute();
    if (newest.length < this.limit) return 0;
    // The oldest of the last `limit` attempts must leave the window before another is allowed.
    const oldest = Number(newest[newest.length - 1]?.at ?? this.clock.now());
    return Math.max(1, Math.ceil((oldest + this.windowSeconds * 1000 - this.clock.now()) / 1000));
  }

  async hit(key: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('attempts')
        .where('scope', '=', this.scope)
        .where('key', '=', key)
        .where('at', '<=', this.since())
        .execute();
      await trx.insertInto('attempts').values({ scope: this.scope, key, at: this.clock.now() }).execute();
    });
  }

  async reset(key: string): Promise<void> {
    await this.db.deleteFrom('attempts').where('scope', '=', this.scope).where('key', '=', key).execute();
  }

  /** Forgets the claims on `key` (`reset` forgets its hits). */
  async resetClaims(key: string): Promise<void> {
    await this.db
      .deleteFrom('attempts')
      .where('scope', '=', this.scope)
      .where('key', 'like', claimPattern(key, true))
      .execute();
  }

  /**
   * Counts one attempt before its outcome is known (for `claim` scopes; `hit` scopes count apart).
   * Recording first and counting second means that of attempts racing on several instances, the
   * last to count sees every one, so at most `limit` get through a window. An attempt over the limit
   * is uncounted again and answered with the wait; `release` uncounts one that turned out right.
   */
  async claim(key: string): Promise<Claim> {
    const rows = new ClaimRows(this.db, this.scope, key);
    const others = await rows.record(this.clock.now(), this.windowSeconds);
    if (others.length < this.limit) return { retryAfter: 0, release: () => rows.release() };
    await rows.release();
    // The oldest of the `limit` newest others must leave the window.
    const oldest = others[this.limit - 1] ?? this.clock.now();
    return refused(oldest + this.windowSeconds * 1000 - this.clock.now());
  }
}

/** An attempt counted by a claim: `retryAfter` 0 when it may go ahead, else the seconds to wait. */
export interface Claim {
  retryAfter: number;
  /** Uncounts the attempt (it turned out right). */
  release(): Promise<void>;
}

function refused(waitMs: number): Claim {
  return { retryAfter: Math.max(1, Math.ceil(waitMs / 1000)), release: async () => undefined };
}

/** LIKE pattern of every claim row of `prefix` (a key, or the start of keys). */
function claimPattern(prefix: string, ofKey: boolean) {
  const escaped = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql<string>`${`${escaped}${ofKey ? '#' : ''}%`} escape '\\'`;
}

/**
 * The rows of claims on one key: each claim has a row of its own (the key with a unique suffix) so
 * exactly that attempt can be uncounted.
 */
class ClaimRows {
  private readonly own: string;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly scope: string,
    private readonly key: string,
  ) {
    this.own = `${key}#${randomUUID()}`;
  }

  /** Records this attempt at `now`; returns the times (ms, newest first) of the key's other attempts. */
  async record(now: number, windowSeconds: number): Promise<number[]> {
    const since = now - windowSeconds * 1000;
    const pattern = claimPattern(this.key, true);
    await this.db
      .deleteFrom('attempts')
      .where('scope', '=', this.scope)
      .where('key', 'like', pattern)
      .where('at', '<=', since)
      .execute();
    await this.db.insertInto('attempts').values({ scope: this.scope, key: this.own, at: now }).execute();
    const rows = await this.db
      .selectFrom('attempts')
      .select(['key', 'at'])
      .where('scope', '=', this.scope)
      .where('key', 'like', pattern)
      .where('at', '>', since)
      .orderBy('at', 'desc')
      .execute();
    return rows.filter((r) => r.key !== this.own).map((r) => Number(r.at));
  }

  async release(): Promise<void> {
    await this.db
      .deleteFrom('attempts')
      .where('scope', '=', this.scope)
      .where('key', '=', this.own)
      .execute();
  }
}

export interface BackoffPolicy {
  /** Attempts allowed without waiting. */
  free: number;
  /** The wait after the last attempt once `free` are used; it doubles with every further attempt. */
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  /** Attempts older than this are forgotten. */
  windowSeconds: number;
}

/**
 * Growing delays per key: `free` attempts, then each further one only once twice as long has passed
 * since the previous attempt as before. Claimed like `SlidingWindowLimiter.claim` (recorded first,
 * counted second): of attempts racing, one that sees another counted at the same moment waits, so at
 * most `free` get through at once.
 */
export class BackoffLimiter {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly scope: string,
    private readonly policy: BackoffPolicy,
  ) {}

  async claim(key: string): Promise<Claim> {
    const p = this.policy;
    const rows = new ClaimRows(this.db, this.scope, key);
    const now = this.clock.now();
    const others = await rows.record(now, p.windowSeconds);
    const newest = others[0];
    if (others.length < p.free || newest === undefined)
      return { retryAfter: 0, release: () => rows.release() };
    const delay = Math.min(p.maxDelaySeconds, p.firstDelaySeconds * 2 ** (others.length - p.free));
    const waitMs = newest + delay * 1000 - now;
    if (waitMs <= 0) return { retryAfter: 0, release: () => rows.release() };
    await rows.release();
    return refused(waitMs);
  }

  /** Forgets every attempt of `key`. */
  async reset(key: string): Promise<void> {
    await this.db
      .deleteFrom('attempts')
      .where('scope', '=', this.scope)
      .where('key', 'like', claimPattern(key, true))
      .execute();
  }

  /** Forgets every attempt of the keys starting with `prefix`. */
  async resetStartingWith(prefix: string): Promise<void> {
    await this.db
      .deleteFrom('attempts')
      .where('scope', '=', this.scope)
      .where('key', 'like', claimPattern(prefix, false))
      .execute();
  }
}
