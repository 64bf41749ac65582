/**
 * Binary form of TAG history samples, for the staging rows and the chunks of history-chunks.ts.
 *
 * A sample is its time (float64 ms), its numeric value (float64, NaN when it has none) and its text
 * only when the text is not what the number prints as (strings, or "1e21"-like forms): most numeric
 * samples are 17 bytes. A staging row also names each sample's TAG, through a table of the TAG names
 * it holds.
 *
 * A point that stands for an interval (an allocation's collection interval, filed by ChunkBuilder)
 * is its interval's start, its last value, and then what arrived in it: the minimum, maximum and sum
 * of the numbers and how many (flag bit 2; 28 more bytes). Rows written before have the bit clear.
 *
 * Stored rows outlive this code: a change of the format needs a migration that rewrites them (migration
 * 0010 keeps a frozen copy of the format it wrote, so changes here never alter it).
 */

/** What arrived in an interval: its numeric samples' minimum, maximum, sum and count. */
export interface IntervalSummary {
  min: number;
  max: number;
  sum: number;
  n: number;
}

export interface HistorySample {
  ts: number;
  num: number | null;
  value: string;
  /** Set on a point standing for an interval: `ts` is its start, `num`/`value` its last sample. */
  agg?: IntervalSummary;
}

const HAS_TEXT = 1;
const HAS_SUMMARY = 2;
const SUMMARY_BYTES = 28;

export interface TaggedSample extends HistorySample {
  tag: string;
}

const textOf = (s: HistorySample): string | null =>
  s.num !== null && String(s.num) === s.value ? null : s.value;

function sampleBytes(s: HistorySample): number {
  const text = textOf(s);
  return 17 + (text === null ? 0 : 4 + Buffer.byteLength(text)) + (s.agg ? SUMMARY_BYTES : 0);
}

function writeSample(buf: Buffer, at: number, s: HistorySample): number {
  buf.writeDoubleLE(s.ts, at);
  buf.writeDoubleLE(s.num ?? NaN, at + 8);
  const text = textOf(s);
  buf[at + 16] = (text === null ? 0 : HAS_TEXT) | (s.agg ? HAS_SUMMARY : 0);
  let end = at + 17;
  if (text !== null) {
    const len = buf.write(text, end + 4, 'utf8');
    buf.writeUInt32LE(len, end);
    end += 4 + len;
  }
  if (s.agg) {
    buf.writeDoubleLE(s.agg.min, end);
    buf.writeDoubleLE(s.agg.max, end + 8);
    buf.writeDoubleLE(s.agg.sum, end + 16);
    buf.writeUInt32LE(s.agg.n, end + 24);
    end += SUMMARY_BYTES;
  }
  return end;
}

function readSample(buf: Buffer, at: number): [HistorySample, number] {
  const ts = buf.readDoubleLE(at);
  const raw = buf.readDoubleLE(at + 8);
  const num = Number.isNaN(raw) ? null : raw;
  const flags = buf[at + 16] ?? 0;
  let end = at + 17;
  let value = String(num);
  if (flags & HAS_TEXT) {
    const len = buf.readUInt32LE(end);
    value = buf.toString('utf8', end + 4, end + 4 + len);
    end += 4 + len;
  }
  if (!(flags & HAS_SUMMARY)) return [{ ts, num, value }, end];
  const agg = {
    min: buf.readDoubleLE(end),
    max: buf.readDoubleLE(end + 8),
    sum: buf.readDoubleLE(end + 16),
    n: buf.readUInt32LE(end + 24),
  };
  return [{ ts, num, value, agg }, end + SUMMARY_BYTES];
}

const asBuffer = (data: Uint8Array): Buffer =>
  Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);

/** The samples of one TAG (a chunk), in the order given. */
export function encodeChunk(samples: readonly HistorySample[]): Buffer {
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

/** Calls `visit` with a chart's view of a sample: its time and what it counts (one number or an interval). */
export type NumberVisitor = (ts: number, min: number, max: number, sum: number, n: number) => void;

/** The chart's view of a decoded sample, or nothing when it has no number. */
export function visitSample(s: HistorySample, visit: NumberVisitor): void {
  if (s.agg) {
    if (s.agg.n > 0) visit(s.ts, s.agg.min, s.agg.max, s.agg.sum, s.agg.n);
  } else if (s.num !== null) visit(s.ts, s.num, s.num, s.num, 1);
}

/**
 * Visits each numeric sample (or interval) of a chunk, in order, without building samples or their
 * text (a chart reads a month of them per request).
 */
export function eachNumber(data: Uint8Array, visit: NumberVisitor): void {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  for (let at = 0; at < data.byteLength;) {
    const ts = view.getFloat64(at, true);
    const num = view.getFloat64(at + 8, true);
    const flags = data[at + 16] ?? 0;
    at += 17;
    if (flags & HAS_TEXT) at += 4 + view.getUint32(at, true);
    if (flags & HAS_SUMMARY) {
      const n = view.getUint32(at + 24, true);
      if (n > 0)
        visit(
          ts,
          view.getFloat64(at, true),
          view.getFloat64(at + 8, true),
          view.getFloat64(at + 16, true),
          n,
        );
      at += SUMMARY_BYTES;
    } else if (!Number.isNaN(num)) visit(ts, num, num, num, 1);
  }
}

/** Samples of several TAGs (a staging row): a table of TAG names, then each sample with its index. */
export function encodeStaged(samples: readonly TaggedSample[]): Buffer {
  const index = new Map<string, number>();
  let size = 2;
  for (const s of samples) {
    if (!index.has(s.tag)) {
      index.set(s.tag, index.size);
      size += 2 + Buffer.byteLength(s.tag);
    }
    size += 2 + sampleBytes(s);
  }
  const buf = Buffer.allocUnsafe(size);
  buf.writeUInt16LE(index.size, 0);
  let at = 2;
  for (const tag of index.keys()) {
    const len = buf.write(tag, at + 2, 'utf8');
    buf.writeUInt16LE(len, at);
    at += 2 + len;
  }
  for (const s of samples) {
    buf.writeUInt16LE(index.get(s.tag) ?? 0, at);
    at = writeSample(buf, at + 2, s);
  }
  return buf;
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
