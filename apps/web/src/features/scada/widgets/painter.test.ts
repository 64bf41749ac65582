// @vitest-environment jsdom
/**
 * The screen's canvas painter against a recording 2D context: a frame redraws only the boxes of the
 * widgets whose TAG changed, an offline device's widgets are drawn grey, and without a context
 * (jsdom's canvas) the accessible values still follow the TAGs.
 */
import { describe, expect, it } from 'vitest';
import { screenDocument } from '@hmi/contract';
import type { TagSample } from '../../../live/types';
import { createValueStore, valueKey, type ValueKey } from '../valueStore';
import { isPainted, type PaintedWidget } from './paint';
import { createPainter } from './painter';

const doc = screenDocument.parse({
  version: 1,
  width: 200,
  height: 100,
  widgets: [
    { id: 'bar', type: 'bar', x: 0, y: 0, w: 50, h: 20, binding: { tag: 'a' }, props: { min: 0, max: 10 } },
    { id: 'val', type: 'value', x: 100, y: 0, w: 50, h: 20, binding: { tag: 'b' }, props: { unit: 'bar' } },
    { id: 'lamp', type: 'lamp', x: 0, y: 50, w: 20, h: 20, binding: { tag: 'c' }, props: {} },
  ],
});
const widgets = doc.widgets.filter(isPainted);
const key = (w: PaintedWidget): ValueKey => valueKey(1, w.binding?.tag ?? '');

/** A 2D context that records the calls made on it and the filter each fill was made with. */
function recordingContext() {
  const calls: { name: string; args: unknown[]; filter: string }[] = [];
  const state: Record<string | symbol, unknown> = { filter: 'none', globalAlpha: 1 };
  const ctx = new Proxy(state, {
    get(target, name) {
      if (name in target) return target[name];
      if (name === 'measureText') return () => ({ width: 10 });
      if (name === 'createLinearGradient') return () => ({ addColorStop: () => undefined });
      return (...args: unknown[]) => {
        calls.push({ name: String(name), args, filter: String(target.filter) });
        // save/restore are recorded only: the painter sets the filter again for each widget it greys.
        if (name === 'restore') target.filter = 'none';
      };
    },
  });
  return { ctx, calls };
}

function setup(context: unknown) {
  const frames: (() => void)[] = [];
  const store = createValueStore(widgets.map(key), {
    requestFrame: (fn) => frames.push(fn),
    cancelFrame: () => 0,
  });
  const painter = createPainter(store, doc.width, doc.height);
  const canvas = document.createElement('canvas');
  Object.defineProperty(canvas, 'getContext', { value: () => context });
  const boxes = widgets.map((w, i) => {
    const el = document.createElement('div');
    painter.add(w, key(w), el, i);
    return el;
  });
  painter.attach(canvas, 1);
  // As the live cache does: a TAG whose value did not change keeps its sample object.
  const samples = new Map<string, TagSample>();
  const pushSamples = async () => {
    store.push(1, new Map(samples));
    frames.splice(0).forEach((fn) => fn());
    await Promise.resolve();
  };
  const push = async (values: Record<string, string>) => {
    for (const [tag, value] of Object.entries(values))
      if (samples.get(tag)?.value !== value || samples.get(tag)?.q) samples.set(tag, { value, ts: 1 });
    await pushSamples();
  };
  /** As the live cache keeps a bad sample: the last good value with the reason. */
  const pushBad = async (tag: string, q: string) => {
    samples.set(tag, { value: samples.get(tag)?.value ?? '', ts: 2, q });
    await pushSamples();
  };
  return { painter, boxes, push, pushBad, flushed: () => Promise.resolve() };
}

describe('canvas painter', () => {
  it('redraws only the boxes of the widgets whose TAG changed', async () => {
    const { ctx, calls } = recordingContext();
    const { push, flushed } = setup(ctx);
    await flushed();
    const cleared = () => calls.filter((c) => c.name === 'clearRect').map((c) => c.args);
    // The first frame draws everything.
    expect(cleared()).toContainEqual([0, 0, 50, 20]);
    expect(cleared()).toContainEqual([0, 50, 20, 20]);
    await push({ a: '1', b: '2', c: '0' });
    calls.length = 0;
    await push({ a: '1', b: '3', c: '0' });
    expect(cleared()).toEqual([[100, 0, 50, 20]]);
    expect(calls.filter((c) => c.name === 'fillText').map((c) => c.args[0])).toEqual(['3.0', 'bar']);
  });

  it('greys the widgets of an offline device', async () => {
    const { ctx, calls } = recordingContext();
    const { painter, flushed } = setup(ctx);
    await flushed();
    calls.length = 0;
    painter.setOffline('lamp', true);
    await flushed();
    const fills = calls.filter((c) => c.name === 'fill');
    expect(fills.length).toBeGreaterThan(0);
    expect(fills.every((c) => c.filter === 'grayscale(1)')).toBe(true);
    expect(calls.filter((c) => c.name === 'clearRect').map((c) => c.args)).toEqual([[0, 50, 20, 20]]);
  });

  it('greys a bad value, keeps the last good one drawn and says why in its tooltip and description', async () => {
    const { ctx, calls } = recordingContext();
    const { painter, boxes, push, pushBad } = setup(ctx);
    painter.setWords({ on: 'On', off: 'Off', bad: (reason) => `Bad: ${reason}` });
    await push({ a: '1', b: '2', c: '0' });
    calls.length = 0;
    await pushBad('b', 'timeout');
    const val = boxes[1];
    expect(calls.filter((c) => c.name === 'clearRect').map((c) => c.args)).toEqual([[100, 0, 50, 20]]);
    const texts = calls.filter((c) => c.name === 'fillText');
    expect(texts.map((c) => c.args[0])).toEqual(['2.0', 'bar']);
    expect(texts.every((c) => c.filter === 'grayscale(1)')).toBe(true);
    expect(val?.getAttribute('title')).toBe('Bad: timeout');
    expect(val?.getAttribute('aria-description')).toBe('Bad: timeout');
    expect(val?.getAttribute('data-quality')).toBe('bad');
    expect(val?.getAttribute('aria-label')).toBe('2.0bar');

    // Good again: drawn in colour, the reason gone.
    calls.length = 0;
    await push({ b: '3' });
    expect(calls.filter((c) => c.name === 'fillText').every((c) => c.filter === 'none')).toBe(true);
    expect(val?.hasAttribute('title')).toBe(false);
    expect(val?.hasAttribute('data-quality')).toBe(false);
  });

  it('keeps the accessible values current without a 2D context', async () => {
    const { painter, boxes, push } = setup(null);
    painter.setWords({ on: 'On', off: 'Off', bad: (reason) => `Bad: ${reason}` });
    await push({ a: '2.5', b: '7', c: '1' });
    const [bar, val, lamp] = boxes;
    expect(bar?.getAttribute('aria-valuenow')).toBe('2.5');
    expect(bar?.getAttribute('aria-valuetext')).toBe('2.5');
    expect(val?.getAttribute('aria-label')).toBe('7.0bar');
    expect(lamp?.getAttribute('aria-label')).toBe('c: On');
    expect(lamp?.getAttribute('data-on')).toBe('true');
    await push({ a: '2.5', b: '7', c: '0' });
    expect(lamp?.getAttribute('aria-label')).toBe('c: Off');
  });
});
