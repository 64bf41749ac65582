/**
 * How the display widgets whose look follows a value (value, bar, gauge, lamp, shape) are drawn into the
 * screen's canvas, and what they tell assistive technology instead of their drawn text. Drawing in
 * one canvas keeps a changed value out of the browser's style, layout and layerize work: the
 * canvas is one paint chunk whatever number of widgets changed (bench/README.md, "Configuration
 * screen frames").
 */
import { formatValue, numeric, rangeOf, share, truthy, type WidgetOf } from '../format';
import { paintShape } from './paint-shape';

export type PaintedWidget =
  WidgetOf<'value'> | WidgetOf<'bar'> | WidgetOf<'gauge'> | WidgetOf<'lamp'> | WidgetOf<'shape'>;
export const PAINTED_TYPES: ReadonlySet<string> = new Set(['value', 'bar', 'gauge', 'lamp', 'shape']);
export const isPainted = (w: { type: string }): w is PaintedWidget => PAINTED_TYPES.has(w.type);

/** The words a lamp's state is read with, in the viewer's language. */
export interface LampWords {
  on: string;
  off: string;
  /** A bad value's reason in words (its tooltip and accessible description). */
  bad(reason: string): string;
}

/** The ARIA attributes of a painted widget; null removes the attribute. */
export type A11y = Record<'aria-label' | 'aria-valuenow' | 'aria-valuetext' | 'data-on', string | null>;

const nameOf = (w: PaintedWidget) => w.binding?.tag ?? w.id;

/** What a `value` widget shows: the range's text, or the formatted value followed by its unit. */
export function valueText(w: WidgetOf<'value'>, value: string | undefined): { text: string; unit: string } {
  const range = rangeOf(value, w.ranges);
  if (range?.text) return { text: range.text, unit: '' };
  return { text: formatValue(value, w.props.format, w.props.decimals), unit: w.props.unit };
}

export function describe(w: PaintedWidget, value: string | undefined, words: LampWords): A11y {
  const none = { 'aria-valuenow': null, 'aria-valuetext': null, 'data-on': null };
  const range = rangeOf(value, w.ranges);
  switch (w.type) {
    case 'shape':
      // A drawing: nothing to read (its box is presentational).
      return { ...none, 'aria-label': null };
    case 'value': {
      const { text, unit } = valueText(w, value);
      // The label is the text as drawn, so it reads (and tests) as the DOM text used to.
      return { ...none, 'aria-label': text + unit };
    }
    case 'lamp': {
      const on = truthy(value);
      return {
        ...none,
        'aria-label': `${nameOf(w)}: ${range?.text ?? (on ? words.on : words.off)}`,
        'data-on': String(on),
      };
    }
    case 'bar':
    case 'gauge': {
      const n = numeric(value);
      const decimals = w.type === 'gauge' ? w.props.decimals : 2;
      const unit = w.type === 'gauge' && w.props.unit ? ` ${w.props.unit}` : '';
      return {
        'aria-label': nameOf(w),
        'aria-valuenow': n === null ? null : String(n),
        'aria-valuetext': range?.text ?? (n === null ? '--' : `${Number(n.toFixed(decimals))}${unit}`),
        'data-on': null,
      };
    }
  }
}

export interface PaintStyle {
  fontFamily: string;
}

/** Draws one widget in screen coordinates; the caller clips to its box and clears it first. */
export function paint(
  ctx: CanvasRenderingContext2D,
  w: PaintedWidget,
  value: string | undefined,
  style: PaintStyle,
) {
  switch (w.type) {
    case 'value':
      return paintValue(ctx, w, value, style);
    case 'bar':
      return paintBar(ctx, w, value);
    case 'gauge':
      return paintGauge(ctx, w, value, style);
    case 'lamp':
      return paintLamp(ctx, w, value);
    case 'shape':
      return paintShape(ctx, w, value);
  }
}

function paintValue(
  ctx: CanvasRenderingContext2D,
  w: WidgetOf<'value'>,
  value: string | undefined,
  style: PaintStyle,
) {
  const { font_size, color, align } = w.props;
  // An imported screen's own font (validated as a plain family list by the contract).
  const fontFamily = w.props.font_family || style.fontFamily;
  const { text, unit } = valueText(w, value);
  // The unit as `.scada-unit` sets it: 0.8em, 0.7 opacity, a 0.25em gap.
  const unitSize = font_size * 0.8;
  ctx.font = `${font_size}px ${fontFamily}`;
  const main = ctx.measureText(text).width;
  ctx.font = `${unitSize}px ${fontFamily}`;
  const unitWidth = unit ? unitSize * 0.25 + ctx.measureText(unit).width : 0;
  const total = main + unitWidth;
  const left = align === 'left' ? w.x : align === 'right' ? w.x + w.w - total : w.x + (w.w - total) / 2;
  const mid = w.y + w.h / 2;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  ctx.fillStyle = rangeOf(value, w.ranges)?.color ?? color;
  ctx.font = `${font_size}px ${fontFamily}`;
  ctx.fillText(text, left, mid);
  if (!unit) return;
  ctx.font = `${unitSize}px ${fontFamily}`;
  ctx.globalAlpha *= 0.7;
  ctx.fillText(unit, left + main + unitSize * 0.25, mid);
}

function paintBar(ctx: CanvasRenderingContext2D, w: WidgetOf<'bar'>, value: string | undefined) {
  const { min, max, orientation, color, background } = w.props;
  const s = share(value, min, max);
  ctx.fillStyle = background;
  ctx.fillRect(w.x, w.y, w.w, w.h);
  ctx.fillStyle = rangeOf(value, w.ranges)?.color ?? color;
  if (orientation === 'vertical') ctx.fillRect(w.x, w.y + w.h * (1 - s), w.w, w.h * s);
  else ctx.fillRect(w.x, w.y, w.w * s, w.h);
}

/** A 270° dial from the lower left to the lower right, drawn in a 100×100 box centred in the widget. */
const R = 40;
const START = 0.75 * Math.PI;
const SWEEP = 1.5 * Math.PI;

function paintGauge(
  ctx: CanvasRenderingContext2D,
  w: WidgetOf<'gauge'>,
  value: string | undefined,
  style: PaintStyle,
) {
  const { min, max, unit, decimals, color } = w.props;
  const k = Math.min(w.w, w.h) / 100;
  ctx.translate(w.x + (w.w - 100 * k) / 2, w.y + (w.h - 100 * k) / 2);
  ctx.scale(k, k);
  ctx.lineWidth = 9;
  ctx.lineCap = 'round';
  ctx.strokeStyle = '#e8e8e8';
  ctx.beginPath();
  ctx.arc(50, 50, R, START, START + SWEEP);
  ctx.stroke();
  const s = share(value, min, max);
  if (s > 0) {
    ctx.strokeStyle = rangeOf(value, w.ranges)?.color ?? color;
    ctx.beginPath();
    ctx.arc(50, 50, R, START, START + SWEEP * s);
    ctx.stroke();
  }
  const n = numeric(value);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  const text = (size: number, fill: string, s: string, x: number, y: number, weight = '') => {
    ctx.font = `${weight}${size}px ${style.fontFamily}`;
    ctx.fillStyle = fill;
    ctx.fillText(s, x, y);
  };
  text(16, '#262626', n === null ? '--' : n.toFixed(decimals), 50, 54, '600 ');
  text(9, '#8c8c8c', unit, 50, 70);
  text(7, '#8c8c8c', String(min), 22, 92);
  text(7, '#8c8c8c', String(max), 78, 92);
}

function paintLamp(ctx: CanvasRenderingContext2D, w: WidgetOf<'lamp'>, value: string | undefined) {
  const { shape, on_color, off_color } = w.props;
  ctx.beginPath();
  if (shape === 'circle') ctx.ellipse(w.x + w.w / 2, w.y + w.h / 2, w.w / 2, w.h / 2, 0, 0, 2 * Math.PI);
  else ctx.roundRect(w.x, w.y, w.w, w.h, 4);
  ctx.fillStyle = rangeOf(value, w.ranges)?.color ?? (truthy(value) ? on_color : off_color);
  ctx.fill();
  // `.scada-lamp`'s inset shadow at the bottom edge, as a gradient inside the shape.
  const shade = ctx.createLinearGradient(0, w.y + w.h - 6, 0, w.y + w.h);
  shade.addColorStop(0, 'rgba(0, 0, 0, 0)');
  shade.addColorStop(1, 'rgba(0, 0, 0, 0.25)');
  ctx.fillStyle = shade;
  ctx.fill();
}
