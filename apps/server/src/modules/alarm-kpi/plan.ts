import { ALARM_FLOOD_WINDOW_S } from '@hmi/contract';

/**
 * Length of alarm_kpi_pairs' buckets (migration 0036 buckets by `alarm_at / 2592000`; the two must
 * agree). About the cheapest for a year of 1 M records over 4,000 rules on devices: a year is 12
 * buckets of every pair that raised, and a range's edges read at most half a bucket of records each.
 */
export const ALARM_KPI_BUCKET_S = 2_592_000;

/** Records with alarm_at in [start, end), added (1) or taken off (-1). */
export interface Span {
  start: number;
  end: number;
  sign: 1 | -1;
}

/** Whole rollup rows [from, to) (bucket or window numbers), or none, and the records at the edges. */
export interface Plan {
  rows: { from: number; to: number } | null;
  edges: Span[];
}

function edgeSpans(start: number, end: number, rowsStart: number, rowsEnd: number): Span[] {
  const spans: Span[] = [];
  if (rowsStart > start) spans.push({ start, end: rowsStart, sign: 1 });
  if (rowsStart < start) spans.push({ start: rowsStart, end: start, sign: -1 });
  if (rowsEnd < end) spans.push({ start: rowsEnd, end, sign: 1 });
  if (rowsEnd > end) spans.push({ start: end, end: rowsEnd, sign: -1 });
  return spans;
}

/**
 * How to sum [start, end) from buckets of `size` seconds: the buckets and edge records that read the
 * fewest seconds of records. An edge may be the records inside the range up to the first whole
 * bucket, or a bucket reaching past the range less its records outside; a range within about one
 * bucket reads its records alone.
 */
export function bucketPlan(start: number, end: number, size: number = ALARM_KPI_BUCKET_S): Plan {
  let best: Plan = { rows: null, edges: [{ start, end, sign: 1 }] };
  let bestCost = end - start;
  for (const from of [Math.floor(start / size), Math.ceil(start / size)])
    for (const to of [Math.floor(end / size), Math.ceil(end / size)]) {
      if (from >= to) continue;
      const cost = Math.abs(from * size - start) + Math.abs(to * size - end);
      if (cost < bestCost) {
        bestCost = cost;
        best = { rows: { from, to }, edges: edgeSpans(start, end, from * size, to * size) };
      }
    }
  return best;
}

/**
 * The whole ten-minute windows inside [start, end) and the partial ones at its edges, which count
 * only their records inside the range (the flood share counts those as they are).
 */
export function windowPlan(start: number, end: number): Plan {
  const from = Math.ceil(start / ALARM_FLOOD_WINDOW_S);
  const to = Math.floor(end / ALARM_FLOOD_WINDOW_S);
  if (from >= to) return { rows: null, edges: [{ start, end, sign: 1 }] };
  return {
    rows: { from, to },
    edges: edgeSpans(start, end, from * ALARM_FLOOD_WINDOW_S, to * ALARM_FLOOD_WINDOW_S),
  };
}
