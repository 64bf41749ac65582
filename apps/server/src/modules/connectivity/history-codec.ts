/**
 * Binary form of TAG history samples, for the staging rows and the chunks of history-chunks.ts.
 *
 * A sample is its time (float64 ms), its numeric value (float64, NaN when it has none) and its text
 * only when the text is not what the number prints as (strings, or "1e21"-like forms): most numeric
 * samples are 17 bytes. A staging row also names each sample's TAG, through a table of the TAG names
 * it holds.
 *
 * Stored rows outlive this code: a change of the format needs a migration that rewrites them (migration
 * 0010 keeps a frozen copy of the format it wrote, so changes here never alter it).
 */

export interface HistorySample {
  ts: number;
  num: number | null;
  value: string;
}

export interface TaggedSample extends HistorySample {
  tag: string;
}

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

/**
 * Calls `visit` with the time and number of each numeric sample of a chunk, in order, without building
 * samples or their text (a chart reads a month of them per request).
 */
export function eachNumber(data: Uint8Array, visit: (ts: number, num: number) => void): void {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  for (let at = 0; at < data.byteLength;) {
    const num = view.getFloat64(at + 8, true);
    if (!Number.isNaN(num)) visit(view.getFloat64(at, true), num);
    at += data[at + 16] === 0 ? 17 : 21 + view.getUint32(at + 17, true);
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
