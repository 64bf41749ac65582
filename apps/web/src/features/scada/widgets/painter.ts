/**
 * The screen's one canvas for the widgets drawn by value (see paint.ts). Each widget keeps an empty
 * DOM box for its place, clicks and accessible value; a change of its TAG updates that box's ARIA
 * attributes (no text to lay out) and redraws only its rectangle, once for all widgets that changed
 * in the same task: the value store notifies them together inside its animation frame, and the
 * redraw waits for the end of that task.
 *
 * Without a 2D context (jsdom) nothing is drawn and the accessible values still follow the TAGs.
 */
import type { ValueKey, ValueStore } from '../valueStore';
import { describe, paint, type A11y, type LampWords, type PaintedWidget } from './paint';

/** The box's tooltip and accessible description say why its value is bad. */
type QualityAttributes = Record<'title' | 'aria-description' | 'data-quality', string | null>;

interface Entry {
  w: PaintedWidget;
  key: ValueKey | null;
  el: HTMLElement;
  offline: boolean;
  /** Painted widgets whose boxes overlap this one: redrawn with it, in screen order. */
  overlaps: Entry[];
  order: number;
  stop(): void;
}

export interface Painter {
  /** Places the canvas (null: detached) at the stage's scale; redraws everything. */
  attach(canvas: HTMLCanvasElement | null, scale: number): void;
  /** Draws a widget and keeps it following its TAG until the returned function runs. */
  add(w: PaintedWidget, key: ValueKey | null, el: HTMLElement, order: number): () => void;
  setOffline(id: string, offline: boolean): void;
  setWords(words: LampWords): void;
  dispose(): void;
}

const overlap = (a: PaintedWidget, b: PaintedWidget) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

export function createPainter(store: ValueStore, width: number, height: number): Painter {
  const entries = new Map<string, Entry>();
  const dirty = new Set<Entry>();
  let ctx: CanvasRenderingContext2D | null = null;
  let fontFamily = 'sans-serif';
  let words: LampWords = { on: 'on', off: 'off', bad: (reason) => reason };
  let scheduled = false;
  let live = true;

  const valueOf = (e: Entry) => (e.key ? store.get(e.key).sample?.value : undefined);
  /** Why the widget's TAG is bad (its last good value is drawn grey); undefined while good. */
  const badReason = (e: Entry) => (e.key ? store.get(e.key).sample?.q : undefined);

  /** Only changed attributes are written: an unchanged one costs nothing, a changed one no layout. */
  function label(e: Entry) {
    const q = badReason(e);
    const why = q === undefined ? null : words.bad(q);
    const next: A11y & QualityAttributes = {
      ...describe(e.w, valueOf(e), words),
      title: why,
      'aria-description': why,
      'data-quality': q === undefined ? null : 'bad',
    };
    for (const [name, v] of Object.entries(next)) {
      if (v === null) e.el.removeAttribute(name);
      else if (e.el.getAttribute(name) !== v) e.el.setAttribute(name, v);
    }
  }

  function draw(e: Entry, c: CanvasRenderingContext2D) {
    c.save();
    if (e.offline || badReason(e) !== undefined) {
      // `.scada-offline` for the DOM widgets: grey and faded; a bad value the same way.
      c.filter = 'grayscale(1)';
      c.globalAlpha = 0.45;
    }
    paint(c, e.w, valueOf(e), { fontFamily });
    c.restore();
  }

  function flush() {
    scheduled = false;
    if (!live || !ctx) return dirty.clear();
    const c = ctx;
    for (const e of dirty) {
      const { x, y, w, h } = e.w;
      c.save();
      c.beginPath();
      c.rect(x, y, w, h);
      c.clip();
      c.clearRect(x, y, w, h);
      const around = e.overlaps.length ? [e, ...e.overlaps].sort((a, b) => a.order - b.order) : [e];
      for (const o of around) draw(o, c);
      c.restore();
    }
    dirty.clear();
  }

  function mark(e: Entry) {
    dirty.add(e);
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(flush);
  }

  function redrawAll() {
    entries.forEach(mark);
  }

  return {
    attach(canvas, scale) {
      ctx = null;
      if (!canvas) return;
      const ratio = scale * (globalThis.devicePixelRatio || 1);
      const pxWidth = Math.max(1, Math.round(width * ratio));
      const pxHeight = Math.max(1, Math.round(height * ratio));
      if (canvas.width !== pxWidth) canvas.width = pxWidth;
      if (canvas.height !== pxHeight) canvas.height = pxHeight;
      // jsdom has no canvas: its getContext is absent or answers null.
      ctx = typeof canvas.getContext === 'function' ? canvas.getContext('2d') : null;
      if (!ctx) return;
      fontFamily = getComputedStyle(canvas).fontFamily || fontFamily;
      ctx.setTransform(pxWidth / width, 0, 0, pxHeight / height, 0, 0);
      ctx.clearRect(0, 0, width, height);
      redrawAll();
    },
    add(w, key, el, order) {
      const e: Entry = { w, key, el, offline: false, overlaps: [], order, stop: () => undefined };
      for (const other of entries.values())
        if (overlap(w, other.w)) {
          e.overlaps.push(other);
          other.overlaps.push(e);
        }
      entries.set(w.id, e);
      if (key)
        e.stop = store.subscribe(key, () => {
          label(e);
          mark(e);
        });
      label(e);
      mark(e);
      return () => {
        e.stop();
        entries.delete(w.id);
        dirty.delete(e);
        for (const other of e.overlaps) other.overlaps = other.overlaps.filter((o) => o !== e);
        // Its box is cleared with whatever overlapped it drawn again.
        if (ctx) {
          ctx.clearRect(w.x, w.y, w.w, w.h);
          e.overlaps.forEach(mark);
        }
      };
    },
    setOffline(id, offline) {
      const e = entries.get(id);
      if (!e || e.offline === offline) return;
      e.offline = offline;
      mark(e);
    },
    setWords(next) {
      words = next;
      entries.forEach(label);
    },
    dispose() {
      live = false;
      entries.forEach((e) => e.stop());
      entries.clear();
      dirty.clear();
    },
  };
}
