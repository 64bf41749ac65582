import type { Bus } from '../bus';
import type { Clock } from '../clock';
import type { WriteWatch } from '../db/write-watch';
import type { Authenticate, SessionUser } from '../http/session';
import { statedExpiry, tokenFromHeader } from './tokens';

/**
 * Tables whose rows make up what a token stands for: the user, its sessions (refresh families), its
 * role's permissions, its team (a deleted team takes its users along by cascade).
 */
export const SESSION_TABLES: ReadonlySet<string> = new Set(['users', 'refresh_tokens', 'roles', 'teams']);

/**
 * How long an answer is reused at most. Writes on this instance and the bus's revocation events
 * clear the cache at once; this bounds what another instance changed without an event reaching here
 * (a team joined elsewhere, or Redis down: "caches that depend on them expire by themselves").
 */
export const SESSION_CACHE_MS = 2000;
const MAX_ENTRIES = 10_000;

interface Entry {
  user: SessionUser;
  /** Clock time (ms) from which the entry is not used: the TTL, or the token's expiry if sooner. */
  until: number;
}

export interface SessionCacheDeps {
  bus: Bus;
  writes: WriteWatch;
  clock: Clock;
}

/**
 * The caller behind an authorization header, reused for a short while: authentication reads the
 * user, its refresh family and its role for every request, the same rows again and again (issue 16's
 * API bench: a fifth of a list request). Revocation still takes effect at once:
 * - any write to SESSION_TABLES on this instance empties the cache before the statement runs;
 * - `sessionsEnded` (logout, password change, removal) and `accessChanged` (role or its permissions
 *   changed, member removed), emitted after their commit on any instance, empty it on every one;
 * - a lookup that was under way when the cache was emptied does not store its answer, which may
 *   have been read before the change.
 * Only successes are kept; a refusal is worked out again each time.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Counts clears; an answer is stored only if none happened while it was looked up. */
  private generation = 0;
  private readonly stops: (() => void)[];

  constructor(private readonly d: SessionCacheDeps) {
    const clear = () => this.clear();
    this.stops = [
      d.bus.on('sessionsEnded', clear),
      d.bus.on('accessChanged', clear),
      d.writes.on((table) => {
        if (SESSION_TABLES.has(table)) clear();
      }),
    ];
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  close(): void {
    for (const stop of this.stops) stop();
    this.clear();
  }

  /** `authenticate` with its successes reused (keyed by the whole header) while they stand. */
  wrap(authenticate: Authenticate): Authenticate {
    return async (req) => {
      const header = req.headers.authorization;
      if (typeof header !== 'string') return authenticate(req);
      const now = this.d.clock.now();
      const hit = this.entries.get(header);
      if (hit && now < hit.until) return hit.user;
      if (hit) this.entries.delete(header);
      const generation = this.generation;
      const user = await authenticate(req);
      if (generation === this.generation) this.store(header, user, now);
      return user;
    };
  }

  private store(header: string, user: SessionUser, now: number): void {
    const token = tokenFromHeader(header);
    const exp = token === null ? null : statedExpiry(token);
    if (exp === null) return;
    const until = Math.min(now + SESSION_CACHE_MS, exp * 1000);
    if (until <= now) return;
    // Oldest first out: a Map iterates in insertion order.
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(header, { user, until });
  }
}
