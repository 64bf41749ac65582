/**
 * Snapping while dragging: the moving box's edges and centre are drawn to the nearest edge or
 * centre of another widget (or the canvas) within a few pixels, and the lines it snapped to are
 * shown as guides; with nothing near, it snaps to the grid. The other boxes' lines are gathered
 * once when the drag starts (sorted), so each frame costs a binary search, not a pass over every
 * widget.
 */

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** How near (screen pixels) a line must be to draw the box to it. */
export const SNAP_DISTANCE = 6;

export interface Guides {
  /** Vertical guide lines (x) and horizontal ones (y) the box snapped to. */
  x: number[];
  y: number[];
}

export interface SnapTargets {
  xs: Float64Array;
  ys: Float64Array;
}

const sorted = (values: number[]) => Float64Array.from(new Set(values)).sort();

/** The lines of the boxes not moving, and of the canvas (its edges and centre). */
export function snapTargets(others: Iterable<Box>, width: number, height: number): SnapTargets {
  const xs = [0, width / 2, width];
  const ys = [0, height / 2, height];
  for (const b of others) {
    xs.push(b.x, b.x + b.w / 2, b.x + b.w);
    ys.push(b.y, b.y + b.h / 2, b.y + b.h);
  }
  return { xs: sorted(xs), ys: sorted(ys) };
}

/** The target nearest to `v` (NaN when there is none). */
function nearest(lines: Float64Array, v: number): number {
  let lo = 0;
  let hi = lines.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((lines[mid] ?? 0) < v) lo = mid + 1;
    else hi = mid;
  }
  const a = lines[lo - 1];
  const b = lines[lo];
  if (a === undefined) return b ?? NaN;
  if (b === undefined) return a;
  return v - a <= b - v ? a : b;
}

/** The shift along one axis bringing one of `edges` onto a line, and the line; grid otherwise. */
function axis(lines: Float64Array, edges: readonly number[], grid: number): { shift: number; at: number[] } {
  let best = Infinity;
  let at: number[] = [];
  for (const e of edges) {
    const line = nearest(lines, e);
    const d = line - e;
    if (Math.abs(d) > SNAP_DISTANCE || Math.abs(d) > Math.abs(best)) continue;
    if (Math.abs(d) < Math.abs(best)) at = [];
    best = d;
    at.push(line);
  }
  if (best !== Infinity) return { shift: best, at };
  const first = edges[0] ?? 0;
  return { shift: grid > 1 ? Math.round(first / grid) * grid - first : 0, at: [] };
}

/** Where a box moved to (`box`) lands once snapped, and the guides to draw. */
export function snapBox(
  box: Box,
  targets: SnapTargets,
  grid: number,
): { x: number; y: number; guides: Guides } {
  const sx = axis(targets.xs, [box.x, box.x + box.w / 2, box.x + box.w], grid);
  const sy = axis(targets.ys, [box.y, box.y + box.h / 2, box.y + box.h], grid);
  return { x: box.x + sx.shift, y: box.y + sy.shift, guides: { x: sx.at, y: sy.at } };
}

/** The smallest box around `boxes`. */
export function bounds(boxes: readonly Box[]): Box {
  let x1 = Infinity;
  let y1 = Infinity;
  let x2 = -Infinity;
  let y2 = -Infinity;
  for (const b of boxes) {
    x1 = Math.min(x1, b.x);
    y1 = Math.min(y1, b.y);
    x2 = Math.max(x2, b.x + b.w);
    y2 = Math.max(y2, b.y + b.h);
  }
  return { x: x1, y: y1, w: x2 - x1, h: y2 - y1 };
}
