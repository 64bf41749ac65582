import { describe, expect, it } from 'vitest';
import { screenDocument, type ScreenDocument } from '@hmi/contract';
import { editorKey } from './keyboard';
import {
  addWidget,
  HISTORY_MAX,
  initialState,
  moveBy,
  newWidget,
  paste,
  redo,
  removeSelected,
  reorder,
  select,
  undo,
  type EditorState,
} from './model';
import { snapBox, snapTargets } from './snap';

const empty = (): ScreenDocument => screenDocument.parse({ version: 1, width: 400, height: 300 });
const key = (k: string, mods: Partial<{ ctrlKey: boolean; shiftKey: boolean }> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  ...mods,
});
const press = (s: EditorState, k: string, mods = {}) => editorKey(s, key(k, mods), [])?.state ?? s;

function withGaugeAndValue(): EditorState {
  let s = initialState(empty());
  s = addWidget(s, newWidget(s.doc, 'gauge', 10, 10, { binding: { tag: 'temp' } }));
  s = addWidget(s, newWidget(s.doc, 'value', 200, 10, { binding: { tag: 'temp' } }));
  return s;
}

describe('editor model', () => {
  it('adds valid widgets with free ids, each add one undo step', () => {
    const s = withGaugeAndValue();
    expect(s.doc.widgets.map((w) => w.id)).toEqual(['gauge_1', 'value_1']);
    expect(s.selected).toEqual(['value_1']);
    expect(screenDocument.safeParse(s.doc).success).toBe(true);
    const back = undo(s);
    expect(back.doc.widgets.map((w) => w.id)).toEqual(['gauge_1']);
    expect(back.selected).toEqual([]);
    expect(redo(back).doc).toBe(s.doc);
  });

  it('adds each basic shape at its own size, named by its kind and unbound', () => {
    let s = initialState(empty());
    for (const shape of ['rect', 'ellipse', 'line', 'rect'] as const)
      s = addWidget(s, newWidget(s.doc, 'shape', 0, 0, { shape, binding: { tag: 'temp' } }));
    expect(s.doc.widgets.map((w) => [w.id, w.w, w.h, w.binding])).toEqual([
      ['rect_1', 160, 100, null],
      ['ellipse_1', 120, 120, null],
      ['line_1', 160, 8, null],
      ['rect_2', 160, 100, null],
    ]);
    expect(s.doc.widgets.map((w) => w.type === 'shape' && w.props.kind)).toEqual([
      'rect',
      'ellipse',
      'line',
      'rect',
    ]);
    expect(screenDocument.safeParse(s.doc).success).toBe(true);
  });

  it('nudges with arrows (Shift: grid), deletes, undoes with Ctrl+Z and redoes with Ctrl+Y', () => {
    let s = select(withGaugeAndValue(), ['gauge_1']);
    s = press(s, 'ArrowRight');
    s = press(s, 'ArrowDown', { shiftKey: true });
    expect(s.doc.widgets[0]).toMatchObject({ x: 11, y: 18 });
    s = press(s, 'Delete');
    expect(s.doc.widgets.map((w) => w.id)).toEqual(['value_1']);
    s = press(s, 'z', { ctrlKey: true });
    expect(s.doc.widgets[0]).toMatchObject({ id: 'gauge_1', x: 11, y: 18 });
    s = press(s, 'z', { ctrlKey: true });
    expect(s.doc.widgets[0]).toMatchObject({ x: 11, y: 10 });
    s = press(s, 'y', { ctrlKey: true });
    s = press(s, 'y', { ctrlKey: true });
    expect(s.doc.widgets.map((w) => w.id)).toEqual(['value_1']);
  });

  it('keeps moved widgets on the canvas', () => {
    const s = withGaugeAndValue();
    const doc = moveBy(s.doc, new Set(['gauge_1']), -50, 1000);
    expect(doc.widgets[0]).toMatchObject({ x: 0, y: 300 - 160 });
    // The others are the same objects (their frames are not rendered again).
    expect(doc.widgets[1]).toBe(s.doc.widgets[1]);
  });

  it('copies and pastes with new ids beside the originals', () => {
    let s = select(withGaugeAndValue(), ['gauge_1', 'value_1']);
    const copied = editorKey(s, key('c', { ctrlKey: true }), [])?.copied ?? [];
    s = editorKey(s, key('v', { ctrlKey: true }), copied)?.state ?? s;
    expect(s.doc.widgets.map((w) => w.id)).toEqual(['gauge_1', 'value_1', 'gauge_2', 'value_2']);
    expect(s.selected).toEqual(['gauge_2', 'value_2']);
    expect(s.doc.widgets[2]).toMatchObject({ x: 26, y: 26, binding: { tag: 'temp' } });
    expect(paste(s, []).doc).toBe(s.doc);
  });

  it('changes the drawing order', () => {
    let s = initialState(empty());
    for (const t of ['text', 'lamp', 'bar'] as const) s = addWidget(s, newWidget(s.doc, t, 0, 0));
    const ids = (x: EditorState) => x.doc.widgets.map((w) => w.id);
    expect(ids(reorder(select(s, ['text_1']), 'front'))).toEqual(['lamp_1', 'bar_1', 'text_1']);
    expect(ids(reorder(select(s, ['bar_1']), 'back'))).toEqual(['bar_1', 'text_1', 'lamp_1']);
    expect(ids(reorder(select(s, ['text_1']), 'forward'))).toEqual(['lamp_1', 'text_1', 'bar_1']);
    expect(ids(reorder(select(s, ['bar_1']), 'backward'))).toEqual(['text_1', 'bar_1', 'lamp_1']);
  });

  it('drops an image asset with its last image', () => {
    let s = initialState({ ...empty(), assets: { img_1: { mime: 'image/png', data: 'AAAA' } } });
    s = addWidget(s, newWidget(s.doc, 'image', 0, 0, { asset: 'img_1' }));
    s = removeSelected(s);
    expect(s.doc.assets).toEqual({});
  });

  it(`keeps ${HISTORY_MAX} undo steps`, () => {
    let s = select(withGaugeAndValue(), ['gauge_1']);
    for (let i = 0; i < HISTORY_MAX + 20; i++) s = press(s, 'ArrowRight');
    expect(s.past).toHaveLength(HISTORY_MAX);
  });

  it('leaves keys it does not know alone', () => {
    expect(editorKey(withGaugeAndValue(), key('q'), [])).toBeNull();
    expect(editorKey(initialState(empty()), key('ArrowLeft'), [])).toBeNull();
  });
});

describe('snapping', () => {
  const targets = snapTargets([{ x: 100, y: 100, w: 50, h: 50 }], 400, 300);

  it('draws an edge to another widget’s edge within reach, and names the guide', () => {
    const r = snapBox({ x: 153, y: 41, w: 20, h: 20 }, targets, 8);
    expect(r.x).toBe(150);
    expect(r.guides.x).toEqual([150]);
    // Nothing near on y: the grid.
    expect(r.y).toBe(40);
    expect(r.guides.y).toEqual([]);
  });

  it('aligns centres and the canvas middle', () => {
    const r = snapBox({ x: 112, y: 139, w: 20, h: 20 }, targets, 8);
    expect(r.x + 10).toBe(125);
    const mid = snapBox({ x: 0, y: 0, w: 20, h: 20 }, snapTargets([], 400, 300), 1);
    expect(mid).toMatchObject({ x: 0, y: 0 });
  });
});
