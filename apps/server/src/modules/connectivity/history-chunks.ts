import type { Insertable } from 'kysely';
import type { TagHistoryChunkTable } from '../../platform/db/schema';
import { encodeChunk, type HistorySample, type TaggedSample } from './history-codec';

/**
 * A chunk holds samples of one device and TAG from one hour at most (retention deletes whole chunks,
 * so it is exact to the hour), with their count, minimum, maximum and sum precomputed: a chart bucket
 * that contains a chunk whole needs only those.
 */
export const CHUNK_SPAN_MS = 3_600_000;

/** A tag_history_chunks row as written. */
export type ChunkRow = Insertable<TagHistoryChunkTable>;

/** Groups samples into chunks: one per device, TAG and hour, samples in time order. */
export class ChunkBuilder {
  private readonly groups = new Map<string, { deviceId: number; tag: string; samples: HistorySample[] }>();
  count = 0;

  add(deviceId: number, s: TaggedSample): void {
    const key = `${deviceId}\u0000${s.tag}\u0000${Math.floor(s.ts / CHUNK_SPAN_MS)}`;
    let g = this.groups.get(key);
    if (!g) this.groups.set(key, (g = { deviceId, tag: s.tag, samples: [] }));
    g.samples.push({ ts: s.ts, num: s.num, value: s.value });
    this.count += 1;
  }

  rows(): ChunkRow[] {
    return [...this.groups.values()].map(({ deviceId, tag, samples }) => {
      // Stable: samples of the same millisecond keep the order they arrived in.
      samples.sort((a, b) => a.ts - b.ts);
      let numN = 0;
      let min = Infinity;
      let max = -Infinity;
      let sum = 0;
      for (const s of samples)
        if (s.num !== null) {
          numN += 1;
          if (s.num < min) min = s.num;
          if (s.num > max) max = s.num;
          sum += s.num;
        }
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
