import type { HistoryPolicy } from '../billing';
import type { TagDef } from './repo/state-store';
import type { Sample } from './repo/write-path';

/** Billing's answer for a device (cached by billing, dropped when the device's allocation changes). */
export type HistoryPolicySource = (deviceId: number) => Promise<HistoryPolicy>;

/**
 * What TAG history a device's allocation buys: with an allocation, only the first `tag_count`
 * history-saving TAGs of its template (TAG order), stored as one point per `frequency_min` interval
 * that says what arrived in it (min, max, sum and count; filed by ChunkBuilder from the staged
 * samples); without one, none. Live values, alarms and writes see every sample: only the sample's
 * `history` flag is cleared.
 */
export class HistoryFilter {
  /** Per template TAG table (the device cache's map): the TAGs of the last count asked for. */
  private readonly firstTags = new WeakMap<Map<string, TagDef>, { count: number; names: Set<string> }>();

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

  /** Clears `history` on the samples of TAGs the device's allocation does not store. */
  async apply(deviceId: number, tags: Map<string, TagDef>, samples: Sample[]): Promise<void> {
    const policy = await this.policyOf(deviceId);
    if (policy.store === 'all') return;
    const names = policy.store === 'none' ? new Set<string>() : this.allowed(tags, policy.tag_count);
    for (const s of samples) if (!names.has(s.tag)) s.history = false;
  }

  /** The device's collection interval in ms (one stored point each), or null: every sample stored. */
  async periodMs(deviceId: number): Promise<number | null> {
    const policy = await this.policyOf(deviceId);
    return policy.store === 'limited' ? policy.frequency_min * 60_000 : null;
  }
}
