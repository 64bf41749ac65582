import type { HistoryPolicy } from '../billing';
import type { TagDef } from './repo/state-store';
import type { Sample } from './repo/write-path';

/** Billing's answer for a device (cached by billing, dropped when the device's allocation changes). */
export type HistoryPolicySource = (deviceId: number) => Promise<HistoryPolicy>;

/**
 * What TAG history a device's allocation buys, applied to its samples before they are stored: with
 * an allocation, only the first `tag_count` history-saving TAGs of its template (TAG order) and at
 * most one sample per TAG per `frequency_min`; without one, none. Live values, alarms and writes
 * see every sample: only the sample's `history` flag is cleared.
 *
 * A TAG's last stored sample time is kept in memory, so each instance (and a restarted one) starts
 * afresh; a device clock that steps back by more than the period restarts its spacing.
 */
export class HistoryFilter {
  /** Per template TAG table (the device cache's map): the TAGs of the last count asked for. */
  private readonly firstTags = new WeakMap<Map<string, TagDef>, { count: number; names: Set<string> }>();
  /** Per device, TAG name → time (ms) of the last sample stored. */
  private readonly lastStored = new Map<number, Map<string, number>>();

  constructor(private readonly policyOf: HistoryPolicySource) {}

  private allowed(tags: Map<string, TagDef>, count: number): Set<string> {
    const hit = this.firstTags.get(tags);
    if (hit?.count === count) return hit.names;
    const names = new Set<string>();
    for (const t of tags.values()) {
      if (names.size >= count) break;
      if (t.save_history === 1) names.add(t.name);
    }
    this.firstTags.set(tags, { count, names });
    return names;
  }

  /** Clears `history` on the samples the device's allocation does not store. */
  async apply(deviceId: number, tags: Map<string, TagDef>, samples: Sample[]): Promise<void> {
    const policy = await this.policyOf(deviceId);
    if (policy.store === 'all') return;
    if (policy.store === 'none') {
      this.lastStored.delete(deviceId);
      for (const s of samples) s.history = false;
      return;
    }
    const names = this.allowed(tags, policy.tag_count);
    const period = policy.frequency_min * 60_000;
    let last = this.lastStored.get(deviceId);
    if (!last) this.lastStored.set(deviceId, (last = new Map()));
    for (const s of samples) {
      if (!s.history) continue;
      const prev = last.get(s.tag);
      if (names.has(s.tag) && (prev === undefined || s.ts >= prev + period || s.ts <= prev - period))
        last.set(s.tag, s.ts);
      else s.history = false;
    }
  }
}
