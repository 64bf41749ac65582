// @vitest-environment jsdom
/**
 * A drag on the editor's canvas: while the pointer moves, the dragged widget rides its own layer
 * shifted by a transform and every other widget keeps its element untouched (nothing of the stage
 * renders per move); the drop moves the widget in the document as one undo step and the layer goes.
 */
import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { screenDocument, widgetAt } from '@hmi/contract';
import { renderPage } from '../../../test/render';
import { EditorStage } from './EditorStage';
import { initialState, type EditorState } from './model';

const doc = screenDocument.parse({
  version: 1,
  width: 400,
  height: 300,
  widgets: [
    widgetAt('a', [0, 0, 60, 30], { type: 'value', binding: { tag: 'temp' } }),
    widgetAt('b', [100, 100, 60, 30], { type: 'text', props: { text: 'B' } }),
    widgetAt('c', [200, 200, 60, 30], { type: 'lamp', binding: { tag: 'on' } }),
  ],
});

/** The editor state the stage last rendered with. */
const seen: { state: EditorState } = { state: initialState(doc) };
function Stage() {
  const [state, setState] = useState(() => initialState(doc));
  useEffect(() => {
    seen.state = state;
  }, [state]);
  return <EditorStage state={state} setState={setState} scale={1} />;
}

const stage = () => screen.getByTestId('editor-stage');
const frameOf = (id: string) => screen.getByTestId(`scada-widget-${id}`);
const overlay = () => stage().querySelector('.se-overlay') as HTMLElement;
// Alt: free moves, so the offsets below are not snapped to the grid or other widgets.
const move = (clientX: number, clientY: number) =>
  fireEvent.pointerMove(overlay(), { clientX, clientY, altKey: true, pointerId: 1 });

describe('dragging a widget on the editor canvas', () => {
  it('moves only the dragged widget’s layer while the pointer moves and commits once on drop', async () => {
    renderPage(<Stage />);
    const others = { b: frameOf('b'), c: frameOf('c') };

    fireEvent.pointerDown(overlay(), { button: 0, clientX: 10, clientY: 10, pointerId: 1 });
    move(50, 30);
    const ghost = await screen.findByTestId('editor-drag-ghost');
    await waitFor(() => expect(ghost.style.transform).toBe('translate(40px, 20px)'));
    // The dragged widget is drawn on the layer only, at its place in the document.
    expect(ghost.contains(frameOf('a'))).toBe(true);
    expect(frameOf('a').style.left).toBe('0px');
    const outline = stage().querySelector('.se-selected') as HTMLElement;
    expect(outline.style.transform).toBe('translate(40px, 20px)');

    move(90, 60);
    await waitFor(() => expect(ghost.style.transform).toBe('translate(80px, 50px)'));
    // Same layer element, same frames of the other widgets: the moves rendered none of them.
    expect(screen.getByTestId('editor-drag-ghost')).toBe(ghost);
    expect(frameOf('b')).toBe(others.b);
    expect(frameOf('c')).toBe(others.c);
    expect(seen.state.doc).toBe(doc);

    fireEvent.pointerUp(overlay(), { clientX: 90, clientY: 60, pointerId: 1 });
    await waitFor(() => expect(screen.queryByTestId('editor-drag-ghost')).toBeNull());
    expect(seen.state.doc.widgets.map((w) => [w.id, w.x, w.y])).toEqual([
      ['a', 80, 50],
      ['b', 100, 100],
      ['c', 200, 200],
    ]);
    expect(seen.state.past).toEqual([doc]);
    expect(seen.state.selected).toEqual(['a']);
    expect(frameOf('a').style.left).toBe('80px');
    expect(stage().contains(frameOf('a'))).toBe(true);
    expect(frameOf('b')).toBe(others.b);
    expect(outline.style.transform).toBe('');
  });

  it('keeps a dragged group on the canvas and a click without a move changes nothing', async () => {
    renderPage(<Stage />);
    fireEvent.pointerDown(overlay(), { button: 0, clientX: 110, clientY: 110, pointerId: 1 });
    fireEvent.pointerUp(overlay(), { clientX: 110, clientY: 110, pointerId: 1 });
    await waitFor(() => expect(seen.state.selected).toEqual(['b']));
    expect(seen.state.doc).toBe(doc);
    expect(screen.queryByTestId('editor-drag-ghost')).toBeNull();

    fireEvent.pointerDown(overlay(), { button: 0, clientX: 210, clientY: 210, shiftKey: true, pointerId: 1 });
    move(900, 900);
    const ghost = await screen.findByTestId('editor-drag-ghost');
    // The group's bounds (100,100 to 260,230) stop at the canvas's edge (400×300).
    await waitFor(() => expect(ghost.style.transform).toBe('translate(140px, 70px)'));
    fireEvent.pointerUp(overlay(), { clientX: 900, clientY: 900, pointerId: 1 });
    await waitFor(() =>
      expect(seen.state.doc.widgets.map((w) => [w.id, w.x, w.y])).toEqual([
        ['a', 0, 0],
        ['b', 240, 170],
        ['c', 340, 270],
      ]),
    );
  });
});
