/** A rectangle of the framebuffer in pixels. */
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export function isEmpty(r: Rect): boolean {
  return r.w <= 0 || r.h <= 0;
}

export function intersect(a: Rect, b: Rect): Rect {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const w = Math.min(a.x + a.w, b.x + b.w) - x;
  const h = Math.min(a.y + a.h, b.y + b.h) - y;
  return w > 0 && h > 0 ? { x, y, w, h } : { x, y, w: 0, h: 0 };
}

export function union(a: Rect, b: Rect): Rect {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, w: Math.max(a.x + a.w, b.x + b.w) - x, h: Math.max(a.y + a.h, b.y + b.h) - y };
}

export function contains(outer: Rect, inner: Rect): boolean {
  return (
    inner.x >= outer.x &&
    inner.y >= outer.y &&
    inner.x + inner.w <= outer.x + outer.w &&
    inner.y + inner.h <= outer.y + outer.h
  );
}

function overlapsOrTouches(a: Rect, b: Rect): boolean {
  return a.x <= b.x + b.w && b.x <= a.x + a.w && a.y <= b.y + b.h && b.y <= a.y + a.h;
}

/** More separate rectangles than this are merged into their bounding box (bounds an update's size). */
const MAX_RECTS = 32;

/**
 * The changed parts of a framebuffer not yet sent to one client. Overlapping or touching rectangles
 * merge, so a value redrawn many times between two requests is sent once.
 */
export class DirtyRegion {
  private rects: Rect[] = [];

  add(r: Rect): void {
    if (isEmpty(r)) return;
    let merged = r;
    let rest = this.rects;
    for (let again = true; again;) {
      again = false;
      const keep: Rect[] = [];
      for (const o of rest) {
        if (overlapsOrTouches(o, merged)) {
          merged = union(o, merged);
          again = true;
        } else keep.push(o);
      }
      rest = keep;
    }
    rest.push(merged);
    this.rects = rest.length > MAX_RECTS ? [rest.reduce(union)] : rest;
  }

  /**
   * Removes and returns the dirty parts inside `area` (clipped to it). A rectangle reaching beyond
   * `area` stays dirty as a whole: its outside part is sent when a request covers it.
   */
  take(area: Rect): Rect[] {
    const out: Rect[] = [];
    const keep: Rect[] = [];
    for (const r of this.rects) {
      const i = intersect(r, area);
      if (!isEmpty(i)) out.push(i);
      if (!contains(area, r)) keep.push(r);
    }
    this.rects = keep;
    return out;
  }

  /** Forgets what `area` covers (it is being sent in full). */
  drop(area: Rect): void {
    this.rects = this.rects.filter((r) => !contains(area, r));
  }
}
