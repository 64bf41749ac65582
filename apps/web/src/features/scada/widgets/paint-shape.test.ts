// @vitest-environment jsdom
/**
 * Basic shapes as the painter draws them, against a 2D context that records its calls and the
 * colours set: a rectangle's and an ellipse's stroke lie inside the box, a line runs the way it is
 * set, a range's colour fills a bound shape, `none` paints nothing, and a shape under a value is
 * drawn again under it when the value changes (the shape stays behind what it frames).
 */
import { describe, expect, it } from 'vitest';
import { screenDocument, type WidgetInput } from '@hmi/contract';
import { createValueStore, valueKey } from '../valueStore';
import { isPainted } from './paint';
import { lineEnds, paintShape } from './paint-shape';
import { createPainter } from './painter';

type Call = [name: string, ...args: unknown[]];

/** Records method calls, and sets of fillStyle/strokeStyle/lineWidth as `set:<name>` calls. */
function recordingContext() {
  const calls: Call[] = [];
  const state: Record<string | symbol, unknown> = { filter: 'none', globalAlpha: 1 };
  const ctx = new Proxy(state, {
    get(target, name) {
      if (name in target) return target[name];
      if (name === 'measureText') return () => ({ width: 10 });
      return (...args: unknown[]) => void calls.push([String(name), ...args]);
    },
    set(target, name, value) {
      target[name] = value;
      calls.push([`set:${String(name)}`, value]);
      return true;
    },
  });
  return { ctx: ctx as unknown as CanvasRenderingContext2D, calls };
}

function shapeOf(props: Record<string, unknown>, extra: Partial<WidgetInput> = {}) {
  const doc = screenDocument.parse({
    version: 1,
    width: 400,
    height: 200,
    widgets: [{ id: 's', type: 'shape', x: 10, y: 20, w: 100, h: 40, props, ...extra }],
  });
  const w = doc.widgets[0];
  if (w?.type !== 'shape') throw new Error('not a shape');
  return w;
}

const named = (calls: Call[], name: string) => calls.filter((c) => c[0] === name).map((c) => c.slice(1));

describe('shape painting', () => {
  it('keeps a rectangle’s and an ellipse’s stroke inside the box', () => {
    const { ctx, calls } = recordingContext();
    paintShape(ctx, shapeOf({ stroke_width: 4, fill_color: '#ff0000', stroke_color: '#00ff00' }), undefined);
    expect(named(calls, 'rect')).toEqual([[12, 22, 96, 36]]);
    expect(named(calls, 'set:fillStyle')).toEqual([['#ff0000']]);
    expect(named(calls, 'set:strokeStyle')).toEqual([['#00ff00']]);
    expect(named(calls, 'set:lineWidth')).toEqual([[4]]);

    calls.length = 0;
    paintShape(ctx, shapeOf({ kind: 'ellipse', stroke_width: 6 }), undefined);
    expect(named(calls, 'ellipse')).toEqual([[60, 40, 47, 17, 0, 0, 2 * Math.PI]]);
  });

  it('draws a line the way it is set, stroked, never filled', () => {
    expect(lineEnds('horizontal', 100, 40, 1)).toEqual([0, 20, 100, 20]);
    expect(lineEnds('vertical', 100, 40, 1)).toEqual([50, 0, 50, 40]);
    expect(lineEnds('down', 100, 40, 2)).toEqual([2, 2, 98, 38]);
    expect(lineEnds('up', 100, 40, 2)).toEqual([2, 38, 98, 2]);
    const { ctx, calls } = recordingContext();
    paintShape(ctx, shapeOf({ kind: 'line', line: 'up', stroke_width: 4, stroke_color: 'red' }), undefined);
    expect(named(calls, 'moveTo')).toEqual([[12, 58]]);
    expect(named(calls, 'lineTo')).toEqual([[108, 22]]);
    expect(named(calls, 'fill')).toEqual([]);
    expect(named(calls, 'set:strokeStyle')).toEqual([['red']]);
  });

  it('takes its range’s colour when bound, and paints nothing for `none` or a zero stroke', () => {
    const ranges = [{ min: 1, max: 1, color: '#ff4d4f' }];
    const bound = shapeOf({ fill_color: '#ffffff' }, { binding: { tag: 'run' }, ranges });
    const { ctx, calls } = recordingContext();
    paintShape(ctx, bound, '1');
    expect(named(calls, 'set:fillStyle')).toEqual([['#ff4d4f']]);
    calls.length = 0;
    paintShape(ctx, bound, '0');
    expect(named(calls, 'set:fillStyle')).toEqual([['#ffffff']]);

    const line = shapeOf({ kind: 'line', stroke_color: '#000000' }, { binding: { tag: 'run' }, ranges });
    calls.length = 0;
    paintShape(ctx, line, '1');
    expect(named(calls, 'set:strokeStyle')).toEqual([['#ff4d4f']]);

    calls.length = 0;
    paintShape(ctx, shapeOf({ fill_color: 'none', stroke_width: 0 }), undefined);
    expect(named(calls, 'fill')).toEqual([]);
    expect(named(calls, 'stroke')).toEqual([]);
  });

  it('is drawn again under a value it frames when the value changes', async () => {
    const doc = screenDocument.parse({
      version: 1,
      width: 400,
      height: 200,
      widgets: [
        { id: 'panel', type: 'shape', x: 0, y: 0, w: 200, h: 100 },
        { id: 'val', type: 'value', x: 20, y: 20, w: 60, h: 20, binding: { tag: 't' } },
      ],
    });
    const frames: (() => void)[] = [];
    const key = valueKey(1, 't');
    const store = createValueStore([key], { requestFrame: (fn) => frames.push(fn), cancelFrame: () => 0 });
    const painter = createPainter(store, doc.width, doc.height);
    const canvas = document.createElement('canvas');
    const { ctx, calls } = recordingContext();
    Object.defineProperty(canvas, 'getContext', { value: () => ctx });
    doc.widgets.filter(isPainted).forEach((w, i) => {
      painter.add(w, w.binding ? key : null, document.createElement('div'), i);
    });
    painter.attach(canvas, 1);
    await Promise.resolve();
    calls.length = 0;
    store.push(1, new Map([['t', { value: '7', ts: 1 }]]));
    frames.splice(0).forEach((fn) => fn());
    await Promise.resolve();
    const order = calls.map((c) => c[0]).filter((n) => n === 'rect' || n === 'fillText' || n === 'clearRect');
    // Clipped to the value's box (rect), cleared, the panel's rectangle, then the value's text.
    expect(order).toEqual(['rect', 'clearRect', 'rect', 'fillText']);
    expect(named(calls, 'clearRect')).toEqual([[20, 20, 60, 20]]);
  });
});
