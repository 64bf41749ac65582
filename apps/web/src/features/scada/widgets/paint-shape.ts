/**
 * A basic shape (rectangle, ellipse, line) drawn into the screen's canvas like the other painted
 * widgets, so a shape under a value or a gauge stays under it (DOM widgets are all above the
 * canvas). Its stroke lies inside its box, as the painter clips every widget to its box: what the
 * editor's handles frame is what shows.
 */
import { rangeOf, type WidgetOf } from '../format';

type Shape = WidgetOf<'shape'>;

/** A line's ends in its box (`half`: half the stroke, so its ends are not cut at the corners). */
export function lineEnds(
  dir: Shape['props']['line'],
  w: number,
  h: number,
  half: number,
): [x1: number, y1: number, x2: number, y2: number] {
  switch (dir) {
    case 'horizontal':
      return [0, h / 2, w, h / 2];
    case 'vertical':
      return [w / 2, 0, w / 2, h];
    case 'down':
      return [half, half, w - half, h - half];
    case 'up':
      return [half, h - half, w - half, half];
  }
}

/** `none` is SVG's word for no paint; a canvas would ignore it and keep its last colour. */
const paints = (c: string) => c !== 'none';

export function paintShape(ctx: CanvasRenderingContext2D, s: Shape, value: string | undefined) {
  const { kind, fill_color, stroke_color, stroke_width: sw } = s.props;
  // A bound shape takes its value's range colour: the fill, or a line's stroke.
  const ranged = rangeOf(value, s.ranges)?.color;
  const half = sw / 2;
  ctx.beginPath();
  if (kind === 'line') {
    const [x1, y1, x2, y2] = lineEnds(s.props.line, s.w, s.h, half);
    ctx.moveTo(s.x + x1, s.y + y1);
    ctx.lineTo(s.x + x2, s.y + y2);
  } else if (kind === 'ellipse')
    ctx.ellipse(
      s.x + s.w / 2,
      s.y + s.h / 2,
      Math.max(0, s.w / 2 - half),
      Math.max(0, s.h / 2 - half),
      0,
      0,
      2 * Math.PI,
    );
  else ctx.rect(s.x + half, s.y + half, Math.max(0, s.w - sw), Math.max(0, s.h - sw));
  const fill = ranged ?? fill_color;
  if (kind !== 'line' && paints(fill)) {
    ctx.fillStyle = fill;
    ctx.fill();
  }
  const stroke = kind === 'line' ? (ranged ?? stroke_color) : stroke_color;
  if (sw > 0 && paints(stroke)) {
    ctx.lineWidth = sw;
    ctx.strokeStyle = stroke;
    ctx.stroke();
  }
}
