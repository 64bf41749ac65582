import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import { checkInflatedSize, readZipDirectory, type ZipProblem } from '../../../platform/zip';

/** Writes a zip (deflated entries, no zip64): the screen archive export. */
export function writeZip(entries: readonly { name: string; data: Buffer }[]): Buffer {
  const parts: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const packed = deflateRawSync(e.data);
    const crc = crc32(e.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(e.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    parts.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

export type ArchiveProblem = ZipProblem | 'tooManyEntries';

/**
 * The entries of a zip by name, after `checkInflatedSize` proved the whole inflates within
 * `maxBytes` (so inflating here cannot be a zip bomb); a problem instead when it is not such a zip.
 */
export async function readZip(
  buf: Buffer,
  maxBytes: number,
  maxEntries: number,
): Promise<Map<string, Buffer> | ArchiveProblem> {
  const directory = readZipDirectory(buf);
  if (!directory) return 'notZip';
  if (directory.length > maxEntries) return 'tooManyEntries';
  const problem = await checkInflatedSize(buf, maxBytes);
  if (problem) return problem;
  const out = new Map<string, Buffer>();
  for (const e of directory) {
    const at = e.localHeaderOffset;
    const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
    const data = buf.subarray(start, start + e.compressedSize);
    out.set(e.name, e.method === 0 ? Buffer.from(data) : inflateRawSync(data));
  }
  return out;
}
