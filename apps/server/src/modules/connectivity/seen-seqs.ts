/**
 * The batch numbers a device's stored batches carried, as ranges: a batch whose number lies in a range
 * was stored before and is dropped (a redelivery); any other number is new, however far below the
 * highest it lies. A device numbers its batches one up from wherever each of its runs starts (the
 * contract), so its live numbers form one range, a replay of hours grows another until it joins the
 * live one (in seq order, newest first, or shuffled among what is in flight: any order that leaves
 * fewer than SEEN_RANGES_MAX holes open at once), and each restart that jumps ahead (a clock in microseconds, a sequence lease)
 * leaves one gap that no batch ever fills.
 *
 * Replaces the earlier anti-replay bitmaps (64 live numbers, 1,024 late ones), which counted every
 * number below their reach as seen: a batch sent late, stored within the live bitmap and sent again
 * once live numbers had moved on passed the late bitmap a second time (a gateway killed during a flood
 * stored a sample twice), and numbers a million apart looked seen at once.
 */

/** Inclusive bounds; a device's ranges are ascending, disjoint and never adjacent. */
export type SeqRange = [lo: number, hi: number];

/**
 * Ranges kept per device. Beyond it the two lowest ranges are joined (the gap between them counts as
 * seen): the lowest gaps are the oldest numbers, those of restarts long ago or of a replay already
 * past them (an outbox replays in seq order). A device needs more only with this many runs' gaps
 * above the oldest batch its outbox still holds.
 */
export const SEEN_RANGES_MAX = 256;

/** The highest number seen; -1 before the first batch. */
export function highestSeen(ranges: readonly SeqRange[]): number {
  return ranges[ranges.length - 1]?.[1] ?? -1;
}

/** True (and `ranges` updated) when `seq` is new; false for a batch stored before. */
export function acceptSeq(ranges: SeqRange[], seq: number): boolean {
  const last = ranges[ranges.length - 1];
  // The live case: one up from the highest.
  if (!last || seq > last[1] + 1) ranges.push([seq, seq]);
  else if (seq === last[1] + 1) last[1] = seq;
  else {
    const i = firstEndingAtOrAbove(ranges, seq);
    const at = ranges[i];
    if (at && at[0] <= seq) return false;
    const before = ranges[i - 1];
    const joinsBefore = before !== undefined && before[1] === seq - 1;
    const joinsAt = at !== undefined && at[0] === seq + 1;
    if (before && at && joinsBefore && joinsAt) ranges.splice(i - 1, 2, [before[0], at[1]]);
    else if (before && joinsBefore) before[1] = seq;
    else if (at && joinsAt) at[0] = seq;
    else ranges.splice(i, 0, [seq, seq]);
  }
  if (ranges.length > SEEN_RANGES_MAX) {
    const [a, b] = ranges;
    if (a && b) ranges.splice(0, 2, [a[0], b[1]]);
  }
  return true;
}

/** Index of the first range whose upper bound is ≥ seq (ranges.length when none). */
function firstEndingAtOrAbove(ranges: readonly SeqRange[], seq: number): number {
  let lo = 0;
  let hi = ranges.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((ranges[mid]?.[1] ?? Infinity) < seq) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The cursor row's `window` text: `lo-hi` (or `n` alone) per range, comma-separated. */
export function seenText(ranges: readonly SeqRange[]): string {
  return ranges.map(([lo, hi]) => (lo === hi ? String(lo) : `${lo}-${hi}`)).join(',');
}

/** Ranges from a cursor row's `window` text (as seenText writes it; empty: nothing seen). */
export function parseSeen(text: string): SeqRange[] {
  if (!text) return [];
  return text.split(',').map((part): SeqRange => {
    const [lo = '', hi = lo] = part.split('-');
    return [Number(lo), Number(hi)];
  });
}

/** A copy that later acceptSeq calls on the original do not change. */
export function copySeen(ranges: readonly SeqRange[]): SeqRange[] {
  return ranges.map(([lo, hi]): SeqRange => [lo, hi]);
}
