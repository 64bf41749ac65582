import { TagDataType, type WireValue } from '@hmi/contract';
import { textWidth, type Framebuffer } from './framebuffer';
import type { Rect } from './rects';

/** The page's palette (0xRRGGBB). */
export const COLORS = {
  background: 0x18212b,
  header: 0x1f4e79,
  title: 0xffffff,
  name: 0xaebccb,
  value: 0xffffff,
  rule: 0x2a3643,
  barTrack: 0x2e3b49,
  bar: 0x3c9dd8,
  lampOn: 0x3fd36b,
  lampOff: 0x4a5561,
  start: 0x2f8f46,
  stop: 0xb8412f,
  step: 0x3b5670,
  pressed: 0x101820,
  label: 0xffffff,
} as const;

export const WIDTH = 800;
export const HEIGHT = 480;
export const HEADER: Rect = { x: 0, y: 0, w: WIDTH, h: 56 };
export const CLOCK: Rect = { x: 540, y: 18, w: 244, h: 21 };
const ROWS_TOP = 68;
const ROWS_BOTTOM = 384;
const VALUE_X = 230;
const VALUE_CHARS = 15;
const INDICATOR: { x: number; w: number } = { x: 430, w: 346 };

/** A TAG as the page shows it: numeric ones get a bar over [min, max], bools a lamp. */
export interface PageTag {
  name: string;
  dataType: number;
  min?: number;
  max?: number;
}

export type ButtonId = 'run' | 'sp-down' | 'sp-up';
export interface Button {
  id: ButtonId;
  rect: Rect;
}

export function isNumeric(dataType: number): boolean {
  return dataType !== TagDataType.BOOL && dataType !== TagDataType.STRING;
}

/** How a value is printed on the page (at most VALUE_CHARS characters). */
export function valueText(t: PageTag, v: WireValue | undefined): string {
  if (v === undefined) return '--';
  if (typeof v === 'boolean') return v ? 'ON' : 'OFF';
  const isFloat = t.dataType === TagDataType.FLOAT || t.dataType === TagDataType.DOUBLE;
  const s = typeof v === 'number' && isFloat ? v.toFixed(2) : String(v);
  return s.length > VALUE_CHARS ? `${s.slice(0, VALUE_CHARS - 1)}~` : s;
}

/** The row rectangles of `count` TAGs (as many as fit; each at least 24 px high). */
export function rowRects(count: number): Rect[] {
  const h = Math.min(44, Math.floor((ROWS_BOTTOM - ROWS_TOP) / Math.max(1, count)));
  const n = h < 24 ? Math.floor((ROWS_BOTTOM - ROWS_TOP) / 24) : count;
  const rowH = Math.max(24, h);
  return Array.from({ length: Math.min(n, count) }, (_, i) => ({
    x: 0,
    y: ROWS_TOP + i * rowH,
    w: WIDTH,
    h: rowH,
  }));
}

export function valueRect(row: Rect): Rect {
  return { x: VALUE_X, y: row.y, w: VALUE_CHARS * 12, h: row.h - 1 };
}

export function indicatorRect(row: Rect): Rect {
  return { x: INDICATOR.x, y: row.y + Math.floor((row.h - 18) / 2), w: INDICATOR.w, h: 18 };
}

/** The buttons the TAG list allows: run/stop for a bool `running`, ±1 for a numeric `setpoint`. */
export function buttonsFor(tags: readonly PageTag[]): Button[] {
  const out: Button[] = [];
  const y = 404;
  if (tags.some((t) => t.name === 'running' && t.dataType === TagDataType.BOOL))
    out.push({ id: 'run', rect: { x: 24, y, w: 200, h: 56 } });
  if (tags.some((t) => t.name === 'setpoint' && isNumeric(t.dataType)))
    out.push(
      { id: 'sp-down', rect: { x: 256, y, w: 160, h: 56 } },
      { id: 'sp-up', rect: { x: 432, y, w: 160, h: 56 } },
    );
  return out;
}

/** The whole page without values: background, header with title, row names and rules. */
export function drawFrame(fb: Framebuffer, title: string, tags: readonly PageTag[], rows: Rect[]): void {
  fb.fill(fb.bounds, COLORS.background);
  fb.fill(HEADER, COLORS.header);
  fb.text(16, 17, title.slice(0, 28), 3, COLORS.title);
  rows.forEach((row, i) => {
    fb.text(24, row.y + Math.floor((row.h - 14) / 2), (tags[i]?.name ?? '').slice(0, 16), 2, COLORS.name);
    fb.fill({ x: 16, y: row.y + row.h - 1, w: WIDTH - 32, h: 1 }, COLORS.rule);
  });
}

export function drawValue(fb: Framebuffer, row: Rect, text: string): void {
  const r = valueRect(row);
  fb.fill(r, COLORS.background);
  fb.text(r.x, row.y + Math.floor((row.h - 14) / 2), text, 2, COLORS.value);
}

/** A numeric TAG's bar: `filled` pixels of the track. */
export function drawBar(fb: Framebuffer, row: Rect, filled: number): void {
  const r = indicatorRect(row);
  fb.fill(r, COLORS.barTrack);
  fb.fill({ ...r, w: filled }, COLORS.bar);
}

export function barPixels(t: PageTag, v: WireValue | undefined): number {
  const n = typeof v === 'number' ? v : Number(v);
  if (!Number.isFinite(n)) return 0;
  const span = autoRange(t, n);
  const f = (n - span.min) / (span.max - span.min || 1);
  return Math.round(Math.min(1, Math.max(0, f)) * INDICATOR.w);
}

/** The TAG's range, or one from the value's magnitude (25 → 0-100, 1200 → 0-10000). */
function autoRange(t: PageTag, n: number): { min: number; max: number } {
  if (t.min !== undefined && t.max !== undefined) return { min: t.min, max: t.max };
  const top = 10 ** Math.ceil(Math.log10(Math.max(1, Math.abs(n)) * 1.0001));
  return { min: n < 0 ? -top : 0, max: top };
}

export function drawLamp(fb: Framebuffer, row: Rect, on: boolean): void {
  const r = indicatorRect(row);
  fb.fill({ ...r, w: 24 }, COLORS.background);
  fb.disc(r.x + 11, r.y + 9, 9, on ? COLORS.lampOn : COLORS.lampOff);
}

export function drawButton(fb: Framebuffer, b: Button, label: string, color: number, pressed: boolean): void {
  fb.fill(b.rect, pressed ? COLORS.pressed : color);
  fb.frame(b.rect, 2, pressed ? color : COLORS.label);
  const x = b.rect.x + Math.floor((b.rect.w - textWidth(label, 3) + 3) / 2);
  fb.text(x, b.rect.y + 18, label, 3, COLORS.label);
}

export function clockText(now: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())} ${p(now.getHours())}:${p(now.getMinutes())}:${p(now.getSeconds())}`;
}

export function drawClock(fb: Framebuffer, text: string): void {
  fb.fill(CLOCK, COLORS.header);
  fb.text(CLOCK.x + CLOCK.w - textWidth(text, 2) + 2, CLOCK.y + 4, text, 2, COLORS.title);
}
