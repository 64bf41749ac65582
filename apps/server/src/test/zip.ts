import { constants, crc32, deflateRawSync } from 'node:zlib';

const MB = 1024 * 1024;

interface PackedEntry {
  name: string;
  /** The deflated bytes as stored. */
  packed: Buffer;
  crc: number;
  /** The inflated size the headers declare (a test may make it lie). */
  size: number;
}

/** A little-endian header of `length` bytes: each field is [offset, bytes (2 or 4), value]. */
function header(length: number, fields: readonly (readonly [number, 2 | 4, number])[]): Buffer {
  const b = Buffer.alloc(length);
  for (const [at, bytes, value] of fields)
    if (bytes === 2) b.writeUInt16LE(value, at);
    else b.writeUInt32LE(value, at);
  return b;
}

/** Lays out a zip (deflated entries, no zip64): local headers and data, central directory, end record. */
function archive(entries: readonly PackedEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    // The fields a local header and its central directory entry share, at their own offsets.
    const sizes = (at: number) =>
      [
        [at, 4, e.crc],
        [at + 4, 4, e.packed.length],
        [at + 8, 4, e.size],
        [at + 12, 2, name.length],
      ] as const;
    const local = header(30, [[0, 4, 0x04034b50], [4, 2, 20], [8, 2, 8], ...sizes(14)]);
    const central = header(46, [
      [0, 4, 0x02014b50],
      [4, 2, 20],
      [6, 2, 20],
      [10, 2, 8],
      ...sizes(16),
      [42, 4, offset],
    ]);
    locals.push(local, name, e.packed);
    centrals.push(central, name);
    offset += local.length + name.length + e.packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = header(22, [
    [0, 4, 0x06054b50],
    [8, 2, entries.length],
    [10, 2, entries.length],
    [12, 4, directory.length],
    [16, 4, offset],
  ]);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * A minimal zip writer so tests can build archives an office suite would not: thousands of entries,
 * or a tiny file inflating to tens of megabytes.
 */
export function zipOf(entries: readonly { name: string; data: Buffer }[]): Buffer {
  return archive(
    entries.map((e) => ({
      name: e.name,
      packed: deflateRawSync(e.data),
      crc: crc32(e.data),
      size: e.data.length,
    })),
  );
}

/**
 * A zip whose directory declares `declared` bytes per entry while `sheet1.xml` really inflates to
 * `megabytes` MiB: one full-flush deflate block of 1 MiB of spaces repeated (each block stands
 * alone), then an empty final block. About 1 KiB per inflated MiB.
 */
export function lyingZip(megabytes: number, declared = 1024): Buffer {
  const block = deflateRawSync(Buffer.alloc(MB, 0x20), { finishFlush: constants.Z_FULL_FLUSH });
  const packed = Buffer.concat([
    ...Array.from({ length: megabytes }, () => block),
    deflateRawSync(Buffer.alloc(0)),
  ]);
  const crc = crc32(Buffer.alloc(0));
  return archive([
    { name: '[Content_Types].xml', packed: deflateRawSync(Buffer.from('<Types/>')), crc, size: 8 },
    { name: 'xl/worksheets/sheet1.xml', packed, crc, size: declared },
  ]);
}
