import type { Clock } from './clock';

/**
 * Counts events per key in a sliding window, in process memory. Enough for one instance; a
 * scale-out deployment shares it through REDIS_URL once the bus exists.
 */
export class SlidingWindowLimiter {
  private readonly events = new Map<string, number[]>();
  constructor(
    private readonly clock: Clock,
    private readonly limit: number,
    private readonly windowSeconds: number,
  ) {}

  private live(key: string): number[] {
    const since = this.clock.now() - this.windowSeconds * 1000;
    const list = (this.events.get(key) ?? []).filter((t) => t > since);
    if (list.length) this.events.set(key, list);
    else this.events.delete(key);
    return list;
  }

  /** Seconds until the key may act again, or 0 when it may now. */
  retryAfter(key: string): number {
    const list = this.live(key);
    if (list.length < this.limit) return 0;
    const oldest = list[list.length - this.limit] ?? this.clock.now();
    return Math.max(1, Math.ceil((oldest + this.windowSeconds * 1000 - this.clock.now()) / 1000));
  }

  hit(key: string): void {
    if (this.events.size > 10_000) this.prune();
    const list = this.live(key);
    list.push(this.clock.now());
    this.events.set(key, list);
  }

  /** Drops keys whose events have all left the window. */
  prune(): void {
    for (const key of [...this.events.keys()]) this.live(key);
  }

  reset(key: string): void {
    this.events.delete(key);
  }
}
