import type { Kysely } from 'kysely';
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
}
