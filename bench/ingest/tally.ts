import { performance } from 'node:perf_hooks';

/**
 * Counts TAG values as they arrive at a subscriber and remembers when the last one came; `reach`
 * resolves once the count gets to a total (or the deadline passes: values lost or coalesced).
 */
export class Tally {
  count = 0;
  /** performance.now() of the last arrival. */
  lastAt = 0;
  private waiters: { total: number; done(reached: boolean): void }[] = [];

  add(n: number): void {
    this.count += n;
    this.lastAt = performance.now();
    this.waiters = this.waiters.filter((w) => {
      if (this.count < w.total) return true;
      w.done(true);
      return false;
    });
  }

  reach(total: number, deadlineMs: number): Promise<boolean> {
    if (this.count >= total) return Promise.resolve(true);
    return new Promise((done) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        done(false);
      }, deadlineMs);
      const waiter = {
        total,
        done: (reached: boolean) => {
          clearTimeout(timer);
          done(reached);
        },
      };
      this.waiters.push(waiter);
    });
  }
}
