import type { LiveDevice } from '../../live/types';

/**
 * Whether a watched device's online state changed since the last call, remembering each state in
 * `seen`. A device's first state is the subscription's snapshot, which the counters just loaded
 * already count: reloading on it called the dashboard three times for one visit.
 */
export function onlineMoved(
  watched: readonly number[],
  live: ReadonlyMap<number, LiveDevice>,
  seen: Map<number, number>,
): boolean {
  let moved = false;
  for (const id of watched) {
    const at = live.get(id)?.online?.at;
    if (at === undefined || seen.get(id) === at) continue;
    if (seen.has(id)) moved = true;
    seen.set(id, at);
  }
  return moved;
}
