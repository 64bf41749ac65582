import { epochSeconds, type Clock } from '../../platform/clock';

/** Alarms a recipient gets one by one in a minute on one channel before a flood is declared. */
export const FLOOD_DIRECT_PER_MINUTE = 3;
/** The window a digest gathers (and the most often one recipient gets a digest on one channel). */
export const FLOOD_WINDOW_SECONDS = 60;
/** Alarms a digest lists by name; it counts the rest. */
export const DIGEST_LISTED_MAX = 10;

export interface Digest<T> {
  /** The first alarms held (at most DIGEST_LISTED_MAX). */
  listed: T[];
  /** Every alarm held in the window. */
  total: number;
  /** True for the first digest of a flood (the message says a flood started). */
  started: boolean;
  windowSeconds: number;
}

interface Window<T> {
  start: number;
  sent: number;
  held: T[];
  total: number;
  /** A digest already went out for this flood. */
  flooding: boolean;
}

/**
 * Per-recipient flood control of one channel: the first FLOOD_DIRECT_PER_MINUTE alarms of a window go
 * out one by one; beyond, they are held and sent as one digest when the window ends. While the flood
 * lasts the next window holds everything (one digest a minute); a window with nothing held ends it.
 * Memory: one window per recipient with at most DIGEST_LISTED_MAX alarms kept.
 */
export class FloodGate<T> {
  private readonly windows = new Map<string, Window<T>>();

  constructor(
    private readonly clock: Clock,
    private readonly sendOne: (key: string, item: T) => void,
    private readonly sendDigest: (key: string, digest: Digest<T>) => void,
  ) {}

  offer(key: string, item: T): void {
    const now = epochSeconds(this.clock);
    let w = this.windows.get(key);
    if (w && now >= w.start + FLOOD_WINDOW_SECONDS) {
      this.flushOne(key, w, now);
      w = this.windows.get(key);
    }
    if (!w) this.windows.set(key, (w = { start: now, sent: 0, held: [], total: 0, flooding: false }));
    if (!w.flooding && w.sent < FLOOD_DIRECT_PER_MINUTE) {
      w.sent += 1;
      this.sendOne(key, item);
      return;
    }
    w.total += 1;
    if (w.held.length < DIGEST_LISTED_MAX) w.held.push(item);
  }

  /** Sends the digests of windows that have ended (`all`: every held one now, e.g. at shutdown). */
  flushDue(all = false): number {
    const now = epochSeconds(this.clock);
    let sent = 0;
    for (const [key, w] of [...this.windows])
      if (all || now >= w.start + FLOOD_WINDOW_SECONDS) sent += this.flushOne(key, w, now);
    return sent;
  }

  private flushOne(key: string, w: Window<T>, now: number): number {
    if (!w.total) {
      // A quiet window: the flood (if any) is over; the next alarm goes out by itself.
      this.windows.delete(key);
      return 0;
    }
    this.sendDigest(key, {
      listed: w.held,
      total: w.total,
      started: !w.flooding,
      windowSeconds: FLOOD_WINDOW_SECONDS,
    });
    this.windows.set(key, { start: now, sent: FLOOD_DIRECT_PER_MINUTE, held: [], total: 0, flooding: true });
    return 1;
  }
}
