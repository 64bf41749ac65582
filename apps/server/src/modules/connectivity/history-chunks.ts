import type { Insertable } from 'kysely';
import type { TagHistoryChunkTable } from '../../platform/db/schema';
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
