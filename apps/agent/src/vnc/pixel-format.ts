import type { Framebuffer } from './framebuffer';
import type { Rect } from './rects';

/** RFB PIXEL_FORMAT (RFC 6143 7.4). Only true colour is served (no colour maps). */
export interface PixelFormat {
  bitsPerPixel: number;
  depth: number;
  bigEndian: boolean;
  trueColour: boolean;
  redMax: number;
  greenMax: number;
  blueMax: number;
  redShift: number;
  greenShift: number;
  blueShift: number;
}

/** What the server announces in ServerInit: 32 bpp, depth 24, little-endian 0x00RRGGBB. */
export const SERVER_FORMAT: PixelFormat = {
  bitsPerPixel: 32,
  depth: 24,
  bigEndian: false,
  trueColour: true,
  redMax: 255,
  greenMax: 255,
  blueMax: 255,
  redShift: 16,
  greenShift: 8,
  blueShift: 0,
};

export function readPixelFormat(b: Buffer, at: number): PixelFormat {
  return {
    bitsPerPixel: b.readUInt8(at),
    depth: b.readUInt8(at + 1),
    bigEndian: b.readUInt8(at + 2) !== 0,
    trueColour: b.readUInt8(at + 3) !== 0,
    redMax: b.readUInt16BE(at + 4),
    greenMax: b.readUInt16BE(at + 6),
    blueMax: b.readUInt16BE(at + 8),
    redShift: b.readUInt8(at + 10),
    greenShift: b.readUInt8(at + 11),
    blueShift: b.readUInt8(at + 12),
  };
}

export function writePixelFormat(pf: PixelFormat): Buffer {
  const b = Buffer.alloc(16);
  b.writeUInt8(pf.bitsPerPixel, 0);
  b.writeUInt8(pf.depth, 1);
  b.writeUInt8(pf.bigEndian ? 1 : 0, 2);
  b.writeUInt8(pf.trueColour ? 1 : 0, 3);
  b.writeUInt16BE(pf.redMax, 4);
  b.writeUInt16BE(pf.greenMax, 6);
  b.writeUInt16BE(pf.blueMax, 8);
  b.writeUInt8(pf.redShift, 10);
  b.writeUInt8(pf.greenShift, 11);
  b.writeUInt8(pf.blueShift, 12);
  return b;
}

/** Why a client's format cannot be served, or null. */
export function pixelFormatProblem(pf: PixelFormat): string | null {
  if (![8, 16, 32].includes(pf.bitsPerPixel)) return 'bits per pixel must be 8, 16 or 32';
  if (!pf.trueColour) return 'colour maps are not supported';
  for (const [max, shift] of [
    [pf.redMax, pf.redShift],
    [pf.greenMax, pf.greenShift],
    [pf.blueMax, pf.blueShift],
  ] as const) {
    if (max === 0 || (max & (max + 1)) !== 0) return 'colour maxima must be 2^n - 1';
    if (max * 2 ** shift > 2 ** pf.bitsPerPixel - 1) return 'a colour does not fit the pixel';
  }
  return null;
}

/** The pixel value of colour `rgb` (0xRRGGBB) in `pf`, each channel scaled to its maximum. */
export function pixelValue(rgb: number, pf: PixelFormat): number {
  const scale = (c: number, max: number) => Math.round((c * max) / 255);
  return (
    (scale((rgb >>> 16) & 0xff, pf.redMax) * 2 ** pf.redShift +
      scale((rgb >>> 8) & 0xff, pf.greenMax) * 2 ** pf.greenShift +
      scale(rgb & 0xff, pf.blueMax) * 2 ** pf.blueShift) >>>
    0
  );
}

const nativeLittleEndian = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

function isNative(pf: PixelFormat): boolean {
  const s = SERVER_FORMAT;
  return (
    nativeLittleEndian &&
    pf.bitsPerPixel === 32 &&
    !pf.bigEndian &&
    pf.redMax === 255 &&
    pf.greenMax === 255 &&
    pf.blueMax === 255 &&
    pf.redShift === s.redShift &&
    pf.greenShift === s.greenShift &&
    pf.blueShift === s.blueShift
  );
}

/** The pixels of `r` in the client's format, row by row (the body of a Raw rectangle). */
export function encodePixels(fb: Framebuffer, r: Rect, pf: PixelFormat): Buffer {
  const bytes = pf.bitsPerPixel / 8;
  const out = Buffer.allocUnsafe(r.w * r.h * bytes);
  if (isNative(pf)) {
    for (let y = 0; y < r.h; y += 1) {
      const start = (r.y + y) * fb.width + r.x;
      out.set(new Uint8Array(fb.pixels.buffer, start * 4, r.w * 4), y * r.w * 4);
    }
    return out;
  }
  // An HMI page has few colours: remember the last conversion instead of scaling every pixel.
  let lastRgb = -1;
  let lastValue = 0;
  let o = 0;
  for (let y = r.y; y < r.y + r.h; y += 1) {
    const row = y * fb.width;
    for (let x = r.x; x < r.x + r.w; x += 1) {
      const rgb = fb.pixels[row + x] ?? 0;
      if (rgb !== lastRgb) {
        lastRgb = rgb;
        lastValue = pixelValue(rgb, pf);
      }
      if (bytes === 1) out[o] = lastValue;
      else if (bytes === 2) {
        if (pf.bigEndian) out.writeUInt16BE(lastValue, o);
        else out.writeUInt16LE(lastValue, o);
      } else if (pf.bigEndian) out.writeUInt32BE(lastValue, o);
      else out.writeUInt32LE(lastValue, o);
      o += bytes;
    }
  }
  return out;
}
