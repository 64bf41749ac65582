import { glyph, GLYPH_H, GLYPH_W } from './font';
import { intersect, isEmpty, type Rect } from './rects';

/** A colour as 0xRRGGBB. */
export type Rgb = number;

/**
 * The screen's pixels, one 0x00RRGGBB word each, row by row. Drawing does not announce itself:
 * the painter calls `changed` once per region it redrew, so clients get one dirty rectangle per
 * widget rather than one per primitive.
 */
export class Framebuffer {
  readonly pixels: Uint32Array;
  private readonly listeners = new Set<(r: Rect) => void>();

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Uint32Array(width * height);
  }

  get bounds(): Rect {
    return { x: 0, y: 0, w: this.width, h: this.height };
  }

  onDirty(fn: (r: Rect) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  changed(r: Rect): void {
    const c = intersect(r, this.bounds);
    if (!isEmpty(c)) for (const fn of this.listeners) fn(c);
  }

  fill(r: Rect, color: Rgb): void {
    const c = intersect(r, this.bounds);
    for (let y = c.y; y < c.y + c.h; y += 1) {
      const row = y * this.width;
      this.pixels.fill(color, row + c.x, row + c.x + c.w);
    }
  }

  /** A rectangle's outline `t` pixels thick. */
  frame(r: Rect, t: number, color: Rgb): void {
    this.fill({ x: r.x, y: r.y, w: r.w, h: t }, color);
    this.fill({ x: r.x, y: r.y + r.h - t, w: r.w, h: t }, color);
    this.fill({ x: r.x, y: r.y, w: t, h: r.h }, color);
    this.fill({ x: r.x + r.w - t, y: r.y, w: t, h: r.h }, color);
  }

  /** A filled disc of radius `rad` centred on (cx, cy). */
  disc(cx: number, cy: number, rad: number, color: Rgb): void {
    for (let dy = -rad; dy <= rad; dy += 1) {
      const dx = Math.floor(Math.sqrt(rad * rad - dy * dy));
      this.fill({ x: cx - dx, y: cy + dy, w: 2 * dx + 1, h: 1 }, color);
    }
  }

  /** ASCII text from (x, y), each font pixel drawn `scale`×`scale`; other characters show as '?'. */
  text(x: number, y: number, s: string, scale: number, color: Rgb): void {
    let cx = x;
    for (const ch of s) {
      const cols = glyph(ch);
      for (let col = 0; col < GLYPH_W; col += 1) {
        const bits = cols[col] ?? 0;
        for (let row = 0; row < GLYPH_H; row += 1)
          if (bits & (1 << row))
            this.fill({ x: cx + col * scale, y: y + row * scale, w: scale, h: scale }, color);
      }
      cx += textAdvance(scale);
    }
  }
}

/** Horizontal distance between two characters drawn at `scale` (a glyph and one blank column). */
export function textAdvance(scale: number): number {
  return (GLYPH_W + 1) * scale;
}

export function textWidth(s: string, scale: number): number {
  return [...s].length * textAdvance(scale);
}
