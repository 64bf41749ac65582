/**
 * Pointer gestures on the editor's canvas: pick (click, Shift/Ctrl-click adds), drag the selection
 * (snapped to other widgets' lines and the grid; Alt: free), resize one widget by its handles, and
 * select by a rubber band. Moves are applied once per animation frame, whatever the pointer's rate.
 * A drag carries the dragged widgets on a layer of their own shifted by a transform (useMoveLayer,
 * DragGhost): a frame renders nothing. A resize or a band draws a draft only the canvas shows. The
 * editor's state (and so its panel and bars) changes once, when the gesture ends, as one undo step.
 * The overlay's place on the page is read once when the gesture starts (and again after a scroll),
 * so a pointer move forces no layout.
 */
import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import type { ScreenDocument, Widget } from '@hmi/contract';
import { commit, GRID, mapWidgets, moveBy, select, type EditorState } from './model';
import { bounds, snapBox, snapTargets, type Box, type SnapTargets } from './snap';
import { useMoveLayer } from './useMoveLayer';

export type Handle = 'n' | 's' | 'e' | 'w' | 'ne' | 'nw' | 'se' | 'sw';

type Gesture =
  | {
      kind: 'move';
      start: ScreenDocument;
      ids: Set<string>;
      from: Box;
      targets: SnapTargets;
      x0: number;
      y0: number;
      /** The offset the dragged widgets are shown at (snapped, kept on the canvas). */
      dx: number;
      dy: number;
      /** Whether the widgets are on their own layer yet (from the first move, not on a click). */
      carried: boolean;
    }
  | {
      kind: 'resize';
      start: ScreenDocument;
      id: string;
      from: Box;
      handle: Handle;
      x0: number;
      y0: number;
    }
  | { kind: 'band'; x0: number; y0: number; add: readonly string[]; widgets: readonly Widget[] };

const MIN_SIZE = 4;

/** The topmost widget under a point (the last drawn). */
export function widgetAt(widgets: readonly Widget[], x: number, y: number): Widget | undefined {
  for (let i = widgets.length - 1; i >= 0; i--) {
    const w = widgets[i];
    if (w && x >= w.x && x <= w.x + w.w && y >= w.y && y <= w.y + w.h) return w;
  }
  return undefined;
}

function resized(from: Box, handle: Handle, dx: number, dy: number, snap: boolean): Box {
  const r = (v: number) => (snap ? Math.round(v / GRID) * GRID : Math.round(v));
  let { x, y, w, h } = from;
  if (handle.includes('e')) w = Math.max(MIN_SIZE, r(from.x + from.w + dx) - x);
  if (handle.includes('s')) h = Math.max(MIN_SIZE, r(from.y + from.h + dy) - y);
  if (handle.includes('w')) {
    x = Math.min(r(from.x + dx), from.x + from.w - MIN_SIZE);
    w = from.x + from.w - x;
  }
  if (handle.includes('n')) {
    y = Math.min(r(from.y + dy), from.y + from.h - MIN_SIZE);
    h = from.y + from.h - y;
  }
  return { x, y, w, h };
}

/** What the canvas draws while a resize or a band runs: the resized document, or the band's selection. */
export interface Draft {
  doc?: ScreenDocument;
  selected?: readonly string[];
}

/** A drag under way: the widgets the stage leaves out and DragGhost carries. */
export interface Moving {
  ids: ReadonlySet<string>;
  box: Box;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(lo, hi), Math.max(lo, v));

export function useGestures(
  state: EditorState,
  setState: (fn: (s: EditorState) => EditorState) => void,
  scale: number,
) {
  const gesture = useRef<Gesture | null>(null);
  const [band, setBand] = useState<Box | null>(null);
  const pending = useRef<{ x: number; y: number; alt: boolean } | null>(null);
  const frame = useRef(0);
  const [draft, setDraftState] = useState<Draft | null>(null);
  const draftRef = useRef<Draft | null>(null);
  const setDraft = (d: Draft | null) => {
    draftRef.current = d;
    setDraftState(d);
  };
  const [moving, setMoving] = useState<Moving | null>(null);
  const layer = useMoveLayer();
  const origin = useRef<{ left: number; top: number } | null>(null);

  // A scroll of the canvas during a gesture moves the overlay on the page: read its place again.
  useEffect(() => {
    const forget = () => void (origin.current = null);
    window.addEventListener('scroll', forget, { capture: true, passive: true });
    return () => window.removeEventListener('scroll', forget, { capture: true });
  }, []);

  const point = (e: ReactPointerEvent<HTMLElement>) => {
    origin.current ??= e.currentTarget.getBoundingClientRect();
    return { x: (e.clientX - origin.current.left) / scale, y: (e.clientY - origin.current.top) / scale };
  };

  const apply = useCallback(() => {
    frame.current = 0;
    const g = gesture.current;
    const p = pending.current;
    if (!g || !p) return;
    const dx = p.x - g.x0;
    const dy = p.y - g.y0;
    if (g.kind === 'band') {
      const box = { x: Math.min(g.x0, p.x), y: Math.min(g.y0, p.y), w: Math.abs(dx), h: Math.abs(dy) };
      setBand(box);
      const inside = g.widgets
        .filter((w) => w.x < box.x + box.w && box.x < w.x + w.w && w.y < box.y + box.h && box.y < w.y + w.h)
        .map((w) => w.id);
      setDraft({ selected: [...new Set([...g.add, ...inside])] });
      return;
    }
    if (g.kind === 'move') {
      const snapped = p.alt
        ? { x: g.from.x + dx, y: g.from.y + dy, guides: { x: [], y: [] } }
        : snapBox({ ...g.from, x: g.from.x + dx, y: g.from.y + dy }, g.targets, GRID);
      // The bounds stay on the canvas, so the drop (moveBy) lands each widget where it was shown.
      g.dx = clamp(Math.round(snapped.x - g.from.x), -g.from.x, g.start.width - g.from.x - g.from.w);
      g.dy = clamp(Math.round(snapped.y - g.from.y), -g.from.y, g.start.height - g.from.y - g.from.h);
      layer.shift(g.dx, g.dy, snapped.guides);
      if (!g.carried) setMoving({ ids: g.ids, box: g.from });
      g.carried = true;
    } else {
      const box = resized(g.from, g.handle, dx, dy, !p.alt);
      setDraft({ doc: mapWidgets(g.start, new Set([g.id]), (w) => ({ ...w, ...box })) });
    }
    // setDraft is stable in effect: it writes a ref and a state setter; layer's functions are stable.
  }, [layer]);

  const onPointerDown = (e: ReactPointerEvent<HTMLElement>) => {
    if (e.button !== 0) return;
    origin.current = null;
    const p = point(e);
    const handle = (e.target as HTMLElement).dataset.handle as Handle | undefined;
    e.currentTarget.setPointerCapture(e.pointerId);
    const additive = e.shiftKey || e.ctrlKey || e.metaKey;
    const doc = state.doc;
    if (handle && state.selected.length === 1) {
      const w = doc.widgets.find((x) => x.id === state.selected[0]);
      if (w)
        gesture.current = {
          kind: 'resize',
          start: doc,
          id: w.id,
          from: w,
          handle,
          x0: p.x,
          y0: p.y,
        };
      return;
    }
    const hit = widgetAt(doc.widgets, p.x, p.y);
    if (!hit) {
      gesture.current = {
        kind: 'band',
        x0: p.x,
        y0: p.y,
        add: additive ? state.selected : [],
        widgets: doc.widgets,
      };
      if (!additive) setState((s) => select(s, []));
      return;
    }
    let ids = state.selected;
    if (additive) ids = ids.includes(hit.id) ? ids.filter((i) => i !== hit.id) : [...ids, hit.id];
    else if (!ids.includes(hit.id)) ids = [hit.id];
    setState((s) => select(s, ids));
    const moving = new Set(ids);
    if (!moving.has(hit.id)) return;
    const boxes = doc.widgets.filter((w) => moving.has(w.id));
    gesture.current = {
      kind: 'move',
      start: doc,
      ids: moving,
      from: bounds(boxes),
      targets: snapTargets(
        doc.widgets.filter((w) => !moving.has(w.id)),
        doc.width,
        doc.height,
      ),
      x0: p.x,
      y0: p.y,
      dx: 0,
      dy: 0,
      carried: false,
    };
  };

  const onPointerMove = (e: ReactPointerEvent<HTMLElement>) => {
    if (!gesture.current) return;
    pending.current = { ...point(e), alt: e.altKey };
    if (!frame.current) frame.current = requestAnimationFrame(apply);
  };

  const onPointerUp = () => {
    if (frame.current) {
      cancelAnimationFrame(frame.current);
      apply();
    }
    const g = gesture.current;
    const done = draftRef.current;
    if (g?.kind === 'move' && (g.dx || g.dy)) {
      const doc = moveBy(g.start, g.ids, g.dx, g.dy);
      setState((s) => commit(s, doc));
    } else if (done?.doc) {
      const doc = done.doc;
      setState((s) => commit(s, doc));
    } else if (done?.selected) {
      const ids = done.selected;
      setState((s) => select(s, ids));
    }
    gesture.current = null;
    pending.current = null;
    setDraft(null);
    setMoving(null);
    // In the same task as the render of the dropped document: no frame shows them shifted twice.
    layer.shift(0, 0);
    setBand(null);
  };

  return {
    draft,
    moving,
    follow: layer.follow,
    guideLines: layer.guideLines,
    band,
    onPointerDown,
    onPointerMove,
    onPointerUp,
    onPointerCancel: onPointerUp,
  };
}
