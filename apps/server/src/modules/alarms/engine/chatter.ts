import { ALARM_CHATTER_RAISES, ALARM_CHATTER_WINDOW_S } from '@hmi/contract';

/**
 * Chattering (ISA-18.2): the same alarm (rule on device) raised `count` times within `windowMs` of
 * sample time. The raise that reaches `count` is marked and notified (once); later raises while the
 * alarm keeps chattering are marked and only recorded. Kept in memory, bounded: at most `count` times
 * per pair, and pairs whose last raise left the window are dropped when the map is swept.
 */
export interface ChatterOptions {
  count: number;
  windowMs: number;
}

/** The definition the performance page counts by too (contract, ALARM_CHATTER_*): 5 raises in 10 minutes. */
export const CHATTER: ChatterOptions = {
  count: ALARM_CHATTER_RAISES,
  windowMs: ALARM_CHATTER_WINDOW_S * 1000,
};

export interface ChatterVerdict {
  /** Mark the record chattering. */
  chattering: boolean;
  /** Tell members (messages, mail): not for the raises after the one that revealed the chatter. */
  notify: boolean;
}

const QUIET: ChatterVerdict = { chattering: false, notify: true };
const REVEALED: ChatterVerdict = { chattering: true, notify: true };
const ONGOING: ChatterVerdict = { chattering: true, notify: false };

/** Sweep the map of stale pairs once it holds this many. */
const SWEEP_AT = 10_000;

export class ChatterDetector {
  private readonly raises = new Map<string, number[]>();
  /** Pairs that already told of their chatter (until they fall quiet for a whole window). */
  private readonly told = new Set<string>();

  constructor(private readonly o: ChatterOptions = CHATTER) {}

  /** Records a raise of pair `key` at sample time `ts` (ms) and says how to treat it. */
  raised(key: string, ts: number): ChatterVerdict {
    if (this.raises.size >= SWEEP_AT) this.sweep(ts);
    const since = ts - this.o.windowMs;
    const times = (this.raises.get(key) ?? []).filter((t) => t > since);
    times.push(ts);
    if (times.length > this.o.count) times.shift();
    this.raises.set(key, times);
    if (times.length < this.o.count) {
      this.told.delete(key);
      return QUIET;
    }
    if (this.told.has(key)) return ONGOING;
    this.told.add(key);
    return REVEALED;
  }

  /** A raise that was not written (the step failed): forget it so the next decides again. */
  undo(key: string, ts: number): void {
    const times = this.raises.get(key);
    const i = times?.lastIndexOf(ts) ?? -1;
    if (times && i >= 0) times.splice(i, 1);
    if ((times?.length ?? 0) < this.o.count) this.told.delete(key);
  }

  private sweep(now: number): void {
    const since = now - this.o.windowMs;
    for (const [key, times] of this.raises)
      if ((times[times.length - 1] ?? 0) <= since) {
        this.raises.delete(key);
        this.told.delete(key);
      }
  }
}
