import type { LiveDevice } from '../../live/types';

/**
 * Whether a watched device's online state moved the counters read at `countedAt` (server epoch
 * seconds), remembering each state in `seen`. A device's first state is the subscription's snapshot:
 * the counters already count it unless it changed at or after `countedAt` (the subscription may
 * start after the counters were read); reloading on every snapshot called the dashboard three times
 * for one visit. Any later change moves them: a state is its value and time, since times are whole
 * seconds and a device can go online and offline again within one.
 */
export function onlineMoved(
  watched: readonly number[],
  live: ReadonlyMap<number, LiveDevice>,
  seen: Map<number, string>,
  countedAt: number | undefined,
): boolean {
  let moved = false;
  for (const id of watched) {
    const state = live.get(id)?.online;
    if (state === undefined) continue;
    const key = `${state.online}@${state.at}`;
    if (seen.get(id) === key) continue;
    if (seen.has(id) || (countedAt !== undefined && state.at >= countedAt)) moved = true;
    seen.set(id, key);
  }
  return moved;
}
