import { createInflateRaw } from 'node:zlib';

interface ZipEntry {
  /** The entry's path as stored (UTF-8). */
  name: string;
  method: number;
  compressedSize: number;
  /** What the directory says; never trusted for limits. */
  declaredSize: number;
  localHeaderOffset: number;
}

/**
 * Reads a zip's central directory, or null when the bytes are not a plain (non-zip64) zip: the
 * directory where the end record says, every entry's header signature in place.
 */
export function readZipDirectory(buf: Buffer): ZipEntry[] | null {
  const EOCD = 0x06054b50;
  const min = Math.max(0, buf.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = buf.length - 22; i >= min; i--)
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  if (eocd < 0) return null;
  const count = buf.readUInt16LE(eocd + 10);
  let offset = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || offset === 0xffffffff) return null;
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (offset + 46 > buf.length || buf.readUInt32LE(offset) !== 0x02014b50) return null;
    const nameLength = buf.readUInt16LE(offset + 28);
    if (offset + 46 + nameLength > buf.length) return null;
    const entry = {
      name: buf.toString('utf8', offset + 46, offset + 46 + nameLength),
      method: buf.readUInt16LE(offset + 10),
      compressedSize: buf.readUInt32LE(offset + 20),
      declaredSize: buf.readUInt32LE(offset + 24),
      localHeaderOffset: buf.readUInt32LE(offset + 42),
    };
    if (entry.declaredSize === 0xffffffff || entry.compressedSize === 0xffffffff) return null;
    entries.push(entry);
    offset +=
      46 + buf.readUInt16LE(offset + 28) + buf.readUInt16LE(offset + 30) + buf.readUInt16LE(offset + 32);
  }
  return entries;
}

/** Entry count and total uncompressed size as the directory declares them (null: not a zip). */
export function inspectZip(buf: Buffer): { entries: number; uncompressed: number } | null {
  const entries = readZipDirectory(buf);
  if (!entries) return null;
  return { entries: entries.length, uncompressed: entries.reduce((sum, e) => sum + e.declaredSize, 0) };
}

export type ZipProblem = 'notZip' | 'tooLarge';

/** Inflates a deflate stream chunk by chunk, keeping only the count; stops once past `limit`. */
function inflatedSize(data: Buffer, limit: number): Promise<number | ZipProblem> {
  return new Promise((resolve) => {
    const inflate = createInflateRaw();
    let size = 0;
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return;
      inflate.destroy();
      resolve('tooLarge');
    });
    inflate.on('end', () => resolve(size));
    inflate.on('error', () => resolve('notZip'));
    inflate.end(data);
  });
}

/**
 * Inflates every entry exactly where a zip reader finds its data (the local header's name and extra
 * fields skipped), counting real output against `maxBytes` in total and stopping as soon as it is
 * passed: a small file that inflates to gigabytes costs the time to inflate `maxBytes` and the
 * memory of one chunk, as the output is counted, never kept. The caller's parser inflates again,
 * now known to be within the limit. An entry whose real size differs from the declared one,
 * or compressed other than stored or deflated, is not a zip a spreadsheet wrote.
 */
export async function checkInflatedSize(buf: Buffer, maxBytes: number): Promise<ZipProblem | null> {
  const entries = readZipDirectory(buf);
  if (!entries) return 'notZip';
  let left = maxBytes;
  for (const e of entries) {
    const at = e.localHeaderOffset;
    if (at + 30 > buf.length || buf.readUInt32LE(at) !== 0x04034b50) return 'notZip';
    const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
    if (start + e.compressedSize > buf.length) return 'notZip';
    const data = buf.subarray(start, start + e.compressedSize);
    const size = e.method === 0 ? data.length : e.method === 8 ? await inflatedSize(data, left) : 'notZip';
    if (typeof size !== 'number') return size;
    if (size > left) return 'tooLarge';
    if (size !== e.declaredSize) return 'notZip';
    left -= size;
  }
  return null;
}
