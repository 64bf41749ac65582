import type { Insertable } from 'kysely';
import type { TagHistoryChunkTable, TagHistoryHourTable } from '../../platform/db/schema';
import {
  encodeChunk,
  visitSample,
  type HistorySample,
  type IntervalSummary,
  type TaggedSample,
} from './history-codec';

/**
 * A chunk holds samples of one device and TAG from one hour at most (retention deletes whole chunks,
 * so it is exact to the hour), with their count, minimum, maximum and sum precomputed: a chart bucket
 * that contains a chunk whole needs only those.
 */
export const CHUNK_SPAN_MS = 3_600_000;

/**
 * The chart buckets of [from, to) for about `buckets` points: where they start and how long each is.
 * With an allocation, buckets start at an interval's start and hold at least one interval (its points
 * are at interval starts): a finer or shifted bucket would be empty now and then, which the chart
 * draws as a gap. Buckets of an hour or more are whole hours from an hour's start (fewer points, at
 * most twice as long as asked): every chunk then lies whole in one bucket and the answer is read
 * from the chunks' stored aggregates alone, however many samples they hold (a month: 720 rows, not
 * 259,200 samples at one every 10 s). Finer buckets read the samples of the chunks they split.
 */
export function chartBuckets(from: number, to: number, buckets: number, intervalMs: number | null) {
  const start = intervalMs ? Math.floor(from / intervalMs) * intervalMs : from;
  const bucketMs = Math.max(1, intervalMs ?? 1, Math.ceil((to - start) / buckets));
  // An interval that does not divide the hour keeps its own alignment (its points are at its starts).
  if (bucketMs < CHUNK_SPAN_MS || (intervalMs && CHUNK_SPAN_MS % intervalMs !== 0))
    return { from: start, bucketMs };
  const hourStart = Math.floor(start / CHUNK_SPAN_MS) * CHUNK_SPAN_MS;
  const hours = Math.ceil((to - hourStart) / CHUNK_SPAN_MS / buckets);
  return { from: hourStart, bucketMs: hours * CHUNK_SPAN_MS };
}

/** A tag_history_chunks row as written. */
export type ChunkRow = Insertable<TagHistoryChunkTable>;

/**
 * One point per interval of `periodMs` (aligned to multiples of it): at its start, its last sample's
 * value, and the minimum, maximum, sum and count of its numbers, so a chart shows what happened in
 * the interval (a sine swinging within it is a band, not the one value a sample happened to catch).
 * Samples in time order; an interval without samples has no point (a gap).
 */
export function summarise(samples: readonly HistorySample[], periodMs: number): HistorySample[] {
  const out: (HistorySample & { agg: IntervalSummary })[] = [];
  for (const s of samples) {
    const start = Math.floor(s.ts / periodMs) * periodMs;
    let current = out[out.length - 1];
    if (current?.ts !== start) {
      current = {
        ts: start,
        num: s.num,
        value: s.value,
        agg: { min: Infinity, max: -Infinity, sum: 0, n: 0 },
      };
      out.push(current);
    }
    current.num = s.num;
    current.value = s.value;
    const agg = current.agg;
    visitSample(s, (_, min, max, sum, n) => {
      agg.min = Math.min(agg.min, min);
      agg.max = Math.max(agg.max, max);
      agg.sum += sum;
      agg.n += n;
    });
  }
  // A string TAG's intervals keep their last value only.
  return out.map(({ agg, ...p }) => (agg.n ? { ...p, agg } : p));
}

/**
 * Groups samples into chunks: one per device, TAG and hour, samples in time order. A device whose
 * allocation collects at an interval (`periodOf`) gets one point per interval (summarise).
 */
export class ChunkBuilder {
  private readonly groups = new Map<string, { deviceId: number; tag: string; samples: HistorySample[] }>();
  count = 0;

  constructor(private readonly periodOf: (deviceId: number) => number | null = () => null) {}

  add(deviceId: number, s: TaggedSample): void {
    const key = `${deviceId}\u0000${s.tag}\u0000${Math.floor(s.ts / CHUNK_SPAN_MS)}`;
    let g = this.groups.get(key);
    if (!g) this.groups.set(key, (g = { deviceId, tag: s.tag, samples: [] }));
    g.samples.push({ ts: s.ts, num: s.num, value: s.value, ...(s.agg ? { agg: s.agg } : {}) });
    this.count += 1;
  }

  rows(): ChunkRow[] {
    return [...this.groups.values()].map(({ deviceId, tag, samples: arrived }) => {
      // Stable: samples of the same millisecond keep the order they arrived in.
      arrived.sort((a, b) => a.ts - b.ts);
      const period = this.periodOf(deviceId);
      const samples = period ? summarise(arrived, period) : arrived;
      let numN = 0;
      let min = Infinity;
      let max = -Infinity;
      let sum = 0;
      for (const s of samples)
        visitSample(s, (_, lo, hi, total, n) => {
          numN += n;
          if (lo < min) min = lo;
          if (hi > max) max = hi;
          sum += total;
        });
      return {
        device_id: deviceId,
        tag,
        t0: samples[0]?.ts ?? 0,
        t1: samples[samples.length - 1]?.ts ?? 0,
        n: samples.length,
        num_n: numN,
        num_min: numN ? min : null,
        num_max: numN ? max : null,
        num_sum: numN ? sum : null,
        samples: encodeChunk(samples),
      };
    });
  }
}

/** The chunks' numbers summed per device, TAG and hour (a chunk lies within one hour). */
export function hoursOf(rows: readonly ChunkRow[]): Insertable<TagHistoryHourTable>[] {
  const hours = new Map<string, Insertable<TagHistoryHourTable>>();
  for (const r of rows) {
    if (!r.num_n) continue;
    const hour = Math.floor(Number(r.t0) / CHUNK_SPAN_MS) * CHUNK_SPAN_MS;
    const key = `${r.device_id}\u0000${r.tag}\u0000${hour}`;
    const [lo, hi, total] = [Number(r.num_min), Number(r.num_max), Number(r.num_sum)];
    const h = hours.get(key);
    if (!h) {
      hours.set(key, {
        device_id: r.device_id,
        tag: r.tag,
        hour,
        num_n: r.num_n,
        num_min: lo,
        num_max: hi,
        num_sum: total,
      });
      continue;
    }
    h.num_n += r.num_n;
    h.num_min = Math.min(h.num_min, lo);
    h.num_max = Math.max(h.num_max, hi);
    h.num_sum += total;
  }
  return [...hours.values()];
}
