import type { LiveDevice } from '../../live/types';

/**
 * Whether a watched device's online state moved the counters read at `countedAt` (server epoch
 * seconds), remembering each state in `seen`. A device's first state is the subscription's snapshot:
 * the counters already count it unless it changed at or after `countedAt` (the subscription may
 * start after the counters were read); reloading on every snapshot called the dashboard three times
 * for one visit. Any later change moves them.
 */
export function onlineMoved(
  watched: readonly number[],
  live: ReadonlyMap<number, LiveDevice>,
  seen: Map<number, number>,
  countedAt: number | undefined,
): boolean {
  let moved = false;
  for (const id of watched) {
    const at = live.get(id)?.online?.at;
    if (at === undefined || seen.get(id) === at) continue;
    if (seen.has(id) || (countedAt !== undefined && at >= countedAt)) moved = true;
    seen.set(id, at);
  }
  return moved;
}
