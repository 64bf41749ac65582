import type { WireValue } from '@hmi/contract';
import { Framebuffer } from './framebuffer';
import {
  barPixels,
  buttonsFor,
  CLOCK,
  clockText,
  COLORS,
  drawBar,
  drawButton,
  drawClock,
  drawFrame,
  drawLamp,
  drawValue,
  HEIGHT,
  indicatorRect,
  isNumeric,
  rowRects,
  valueRect,
  valueText,
  WIDTH,
  type Button,
  type ButtonId,
  type PageTag,
} from './hmi-page';
import type { Rect } from './rects';
import type { RfbScreen } from './rfb-connection';

export type { PageTag } from './hmi-page';

export interface HmiScreenOptions {
  title: string;
  /** The TAGs the HMI has now (the page is laid out again when the list changes). */
  tags(): readonly PageTag[];
  value(tag: string): WireValue | undefined;
  /** An on-screen button sets a TAG (as an operator at the panel would). */
  act(tag: string, value: WireValue): void;
  now?(): number;
  /** Clock redraw period (ms). */
  clockMs?: number;
}

/** Step of the setpoint buttons. */
export const SETPOINT_STEP = 1;

/** What one row shows now; a part is redrawn (and marked dirty) only when it differs. */
interface RowState {
  text: string;
  indicator: number | boolean | null;
}

/**
 * The simulated HMI's own 800×480 screen: a header with title and clock, one row per TAG (name,
 * value, a bar for numbers, a lamp for bools) and buttons acting on `running` and `setpoint`.
 * `refresh()` redraws only what changed, so an idle client receives nothing.
 */
export class HmiScreen implements RfbScreen {
  readonly fb = new Framebuffer(WIDTH, HEIGHT);
  readonly name: string;
  private layoutKey = '';
  private tags: readonly PageTag[] = [];
  private rows: Rect[] = [];
  private state: RowState[] = [];
  private buttons: Button[] = [];
  private labels = new Map<ButtonId, string>();
  private pressed: Button | null = null;
  private lastMask = 0;
  private clock = '';
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly o: HmiScreenOptions) {
    this.name = o.title;
    this.refresh();
    this.timer = setInterval(() => this.drawClock(), o.clockMs ?? 1000);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** The buttons on the page now (where to click). */
  buttonList(): readonly Button[] {
    return this.buttons;
  }

  /** Brings the page up to date with the TAG values; marks only changed parts dirty. */
  refresh(): void {
    const tags = this.o.tags();
    const key = tags.map((t) => `${t.name}:${t.dataType}`).join('|');
    if (key !== this.layoutKey) this.layout(tags, key);
    this.tags.forEach((t, i) => {
      const row = this.rows[i];
      const st = this.state[i];
      if (!row || !st) return;
      const v = this.o.value(t.name);
      const text = valueText(t, v);
      if (text !== st.text) {
        st.text = text;
        drawValue(this.fb, row, text);
        this.fb.changed(valueRect(row));
      }
      const indicator = isNumeric(t.dataType) ? barPixels(t, v) : typeof v === 'boolean' ? v : null;
      if (indicator !== st.indicator) {
        st.indicator = indicator;
        if (typeof indicator === 'number') drawBar(this.fb, row, indicator);
        if (typeof indicator === 'boolean') drawLamp(this.fb, row, indicator);
        this.fb.changed(indicatorRect(row));
      }
    });
    for (const b of this.buttons) this.drawButton(b, false);
  }

  pointer(x: number, y: number, buttons: number): void {
    const down = (buttons & 1) !== 0;
    const wasDown = (this.lastMask & 1) !== 0;
    this.lastMask = buttons;
    if (down && !wasDown) {
      this.pressed = this.buttons.find((b) => inside(b.rect, x, y)) ?? null;
      if (this.pressed) this.drawButton(this.pressed, true);
    } else if (!down && wasDown && this.pressed) {
      const b = this.pressed;
      this.pressed = null;
      this.drawButton(b, true);
      if (inside(b.rect, x, y)) this.press(b.id);
      this.refresh();
    }
  }

  /** Keys do nothing on this page (it has no input fields). */
  key(): void {}

  private press(id: ButtonId): void {
    if (id === 'run') return this.o.act('running', this.o.value('running') !== true);
    const sp = Number(this.o.value('setpoint') ?? 0);
    const next = Math.round((sp + (id === 'sp-up' ? SETPOINT_STEP : -SETPOINT_STEP)) * 1000) / 1000;
    this.o.act('setpoint', Number.isFinite(next) ? next : 0);
  }

  private layout(tags: readonly PageTag[], key: string): void {
    this.layoutKey = key;
    this.tags = tags;
    this.rows = rowRects(tags.length);
    this.state = this.rows.map(() => ({ text: '', indicator: null }));
    this.buttons = buttonsFor(tags);
    this.labels.clear();
    this.pressed = null;
    drawFrame(this.fb, this.o.title, tags, this.rows);
    this.clock = '';
    this.drawClock();
    this.fb.changed(this.fb.bounds);
  }

  /** Draws a button when its label or pressed look changed (`force` for the pressed look). */
  private drawButton(b: Button, force: boolean): void {
    const pressed = this.pressed === b;
    const running = this.o.value('running') === true;
    const [label, color] =
      b.id === 'run'
        ? running
          ? ['STOP', COLORS.stop]
          : ['START', COLORS.start]
        : [b.id === 'sp-up' ? 'SP +' : 'SP -', COLORS.step];
    const look = `${label}${pressed ? '*' : ''}`;
    if (!force && this.labels.get(b.id) === look) return;
    this.labels.set(b.id, look);
    drawButton(this.fb, b, label, color, pressed);
    this.fb.changed(b.rect);
  }

  private drawClock(): void {
    const text = clockText(new Date(this.o.now?.() ?? Date.now()));
    if (text === this.clock) return;
    this.clock = text;
    drawClock(this.fb, text);
    this.fb.changed(CLOCK);
  }
}

function inside(r: Rect, x: number, y: number): boolean {
  return x >= r.x && y >= r.y && x < r.x + r.w && y < r.y + r.h;
}
