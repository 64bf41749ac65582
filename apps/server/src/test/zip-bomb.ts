import { constants, crc32, deflateRawSync } from 'node:zlib';

const MB = 1024 * 1024;

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
  const entries = [
    { name: '[Content_Types].xml', packed: deflateRawSync(Buffer.from('<Types/>')), size: 8 },
    { name: 'xl/worksheets/sheet1.xml', packed, size: declared },
  ];
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const crc = crc32(Buffer.alloc(0));
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(e.packed.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(e.packed.length, 20);
    central.writeUInt32LE(e.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.packed);
    centrals.push(central, name);
    offset += local.length + name.length + e.packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
