import type { Duplex } from 'node:stream';
import { constants, createDeflate, type Deflate } from 'node:zlib';
import type { Framebuffer } from './framebuffer';
import { encodePixels, type PixelFormat } from './pixel-format';
import type { Rect } from './rects';

export const ENCODING_RAW = 0;
export const ENCODING_ZLIB = 6;

/**
 * The zlib encoding's compressor: one deflate stream for the connection's life (the client keeps
 * one inflater), each rectangle's data ended with a sync flush so the client can inflate it at once.
 */
export class ZlibStream {
  private readonly deflate: Deflate = createDeflate({ level: 6 });
  private out: Buffer[] = [];

  constructor() {
    this.deflate.on('data', (chunk: Buffer) => this.out.push(chunk));
  }

  /** Compresses `data`; calls must not overlap (the connection sends one update at a time). */
  compress(data: Buffer): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      this.deflate.once('error', reject);
      this.deflate.write(data);
      this.deflate.flush(constants.Z_SYNC_FLUSH, () => {
        this.deflate.off('error', reject);
        const result = Buffer.concat(this.out);
        this.out = [];
        resolve(result);
      });
    });
  }

  close(): void {
    this.deflate.close();
  }
}

function rectHeader(r: Rect, encoding: number): Buffer {
  const h = Buffer.alloc(12);
  h.writeUInt16BE(r.x, 0);
  h.writeUInt16BE(r.y, 2);
  h.writeUInt16BE(r.w, 4);
  h.writeUInt16BE(r.h, 6);
  h.writeInt32BE(encoding, 8);
  return h;
}

/** One FramebufferUpdate message holding `rects` in `pf`, Raw or zlib (when `zlib` is given). */
export async function framebufferUpdate(
  fb: Framebuffer,
  rects: readonly Rect[],
  pf: PixelFormat,
  zlib: ZlibStream | null,
): Promise<Buffer> {
  const head = Buffer.alloc(4);
  head.writeUInt8(0, 0);
  head.writeUInt16BE(rects.length, 2);
  const parts: Buffer[] = [head];
  for (const r of rects) {
    const pixels = encodePixels(fb, r, pf);
    if (!zlib) {
      parts.push(rectHeader(r, ENCODING_RAW), pixels);
      continue;
    }
    const packed = await zlib.compress(pixels);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(packed.length, 0);
    parts.push(rectHeader(r, ENCODING_ZLIB), len, packed);
  }
  return Buffer.concat(parts);
}

/** Resolves when `socket` takes writes again or closes. */
export function drained(socket: Duplex): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      socket.off('drain', done);
      socket.off('close', done);
      resolve();
    };
    socket.once('drain', done);
    socket.once('close', done);
  });
}

export function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n, 0);
  return b;
}
