/**
 * FROZEN: the history format as migration 0010 wrote and read it (a copy of
 * modules/connectivity/history-codec.ts and history-chunks.ts at that migration, the parts it uses).
 * Never change this file: a migration must do the same on every database it ever runs on. A new
 * format gets a new migration (with its own frozen copy), not an edit here.
 *
 * A sample is its time (float64 ms), its numeric value (float64, NaN when it has none) and its text
 * only when the text is not what the number prints as. A staging row also names each sample's TAG,
 * through a table of the TAG names it holds. A chunk holds samples of one device and TAG from one hour.
 */

export interface HistorySample {
  ts: number;
  num: number | null;
  value: string;
}

export interface TaggedSample extends HistorySample {
  tag: string;
}

/** A tag_history_chunks row as migration 0010 writes it. */
export interface ChunkRow {
  device_id: number;
  tag: string;
  t0: number;
  t1: number;
  n: number;
  num_n: number;
  num_min: number | null;
  num_max: number | null;
  num_sum: number | null;
  samples: Buffer;
}

const CHUNK_SPAN_MS = 3_600_000;

const textOf = (s: HistorySample): string | null =>
  s.num !== null && String(s.num) === s.value ? null : s.value;

function sampleBytes(s: HistorySample): number {
  const text = textOf(s);
  return 17 + (text === null ? 0 : 4 + Buffer.byteLength(text));
}

function writeSample(buf: Buffer, at: number, s: HistorySample): number {
  buf.writeDoubleLE(s.ts, at);
  buf.writeDoubleLE(s.num ?? NaN, at + 8);
  const text = textOf(s);
  if (text === null) {
    buf[at + 16] = 0;
    return at + 17;
  }
  buf[at + 16] = 1;
  const len = buf.write(text, at + 21, 'utf8');
  buf.writeUInt32LE(len, at + 17);
  return at + 21 + len;
}

function readSample(buf: Buffer, at: number): [HistorySample, number] {
  const ts = buf.readDoubleLE(at);
  const raw = buf.readDoubleLE(at + 8);
  const num = Number.isNaN(raw) ? null : raw;
  if (buf[at + 16] === 0) return [{ ts, num, value: String(num) }, at + 17];
  const len = buf.readUInt32LE(at + 17);
  return [{ ts, num, value: buf.toString('utf8', at + 21, at + 21 + len) }, at + 21 + len];
}

const asBuffer = (data: Uint8Array): Buffer =>
  Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);

function encodeChunk(samples: readonly HistorySample[]): Buffer {
  let size = 0;
  for (const s of samples) size += sampleBytes(s);
  const buf = Buffer.allocUnsafe(size);
  let at = 0;
  for (const s of samples) at = writeSample(buf, at, s);
  return buf;
}

export function decodeChunk(data: Uint8Array): HistorySample[] {
  const buf = asBuffer(data);
  const out: HistorySample[] = [];
  for (let at = 0; at < buf.length;) {
    const [s, next] = readSample(buf, at);
    out.push(s);
    at = next;
  }
  return out;
}

export function decodeStaged(data: Uint8Array): TaggedSample[] {
  const buf = asBuffer(data);
  const tags: string[] = [];
  const count = buf.readUInt16LE(0);
  let at = 2;
  for (let i = 0; i < count; i++) {
    const len = buf.readUInt16LE(at);
    tags.push(buf.toString('utf8', at + 2, at + 2 + len));
    at += 2 + len;
  }
  const out: TaggedSample[] = [];
  while (at < buf.length) {
    const tag = tags[buf.readUInt16LE(at)] ?? '';
    const [s, next] = readSample(buf, at + 2);
    out.push({ tag, ...s });
    at = next;
  }
  return out;
}

/** Groups samples into chunks: one per device, TAG and hour, samples in time order. */
export class ChunkBuilder {
  private readonly groups = new Map<string, { deviceId: number; tag: string; samples: HistorySample[] }>();

  add(deviceId: number, s: TaggedSample): void {
    const key = `${deviceId}\u0000${s.tag}\u0000${Math.floor(s.ts / CHUNK_SPAN_MS)}`;
    let g = this.groups.get(key);
    if (!g) this.groups.set(key, (g = { deviceId, tag: s.tag, samples: [] }));
    g.samples.push({ ts: s.ts, num: s.num, value: s.value });
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
