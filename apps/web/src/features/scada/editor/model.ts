/**
 * The editor's state and its edits, as pure functions: the document being edited, the selected
 * widgets, and the undo/redo history. Every edit that a user makes in one step is one history
 * entry; a drag or resize records the document once at its start and replaces it while it runs.
 */
import { widget, type Binding, type ScreenDocument, type Widget, type WidgetType } from '@hmi/contract';

/** Steps kept for undo (each holds a document; the oldest are dropped). */
export const HISTORY_MAX = 100;
/** How far a pasted copy lands from its original, and an arrow key's nudge (Shift: a grid step). */
export const PASTE_OFFSET = 16;
export const GRID = 8;

export interface EditorState {
  doc: ScreenDocument;
  /** Selected widget ids, in the order they were picked. */
  selected: readonly string[];
  past: readonly ScreenDocument[];
  future: readonly ScreenDocument[];
}

export const initialState = (doc: ScreenDocument): EditorState => ({
  doc,
  selected: [],
  past: [],
  future: [],
});

/** One step: the document before it is kept for undo; redo is forgotten. */
export function commit(s: EditorState, doc: ScreenDocument, selected = s.selected): EditorState {
  if (doc === s.doc) return { ...s, selected };
  return { doc, selected, past: [...s.past, s.doc].slice(-HISTORY_MAX), future: [] };
}

/** A gesture's intermediate document: no history entry (the gesture's start made one). */
export const replace = (s: EditorState, doc: ScreenDocument): EditorState => ({ ...s, doc });

/** Marks the start of a gesture (drag, resize): undo returns to this document. */
export const beginGesture = (s: EditorState): EditorState => ({
  ...s,
  past: [...s.past, s.doc].slice(-HISTORY_MAX),
  future: [],
});

export function undo(s: EditorState): EditorState {
  const prev = s.past.at(-1);
  if (!prev) return s;
  return {
    doc: prev,
    selected: keep(prev, s.selected),
    past: s.past.slice(0, -1),
    future: [s.doc, ...s.future],
  };
}

export function redo(s: EditorState): EditorState {
  const next = s.future[0];
  if (!next) return s;
  return { doc: next, selected: keep(next, s.selected), past: [...s.past, s.doc], future: s.future.slice(1) };
}

const keep = (doc: ScreenDocument, ids: readonly string[]) => {
  const have = new Set(doc.widgets.map((w) => w.id));
  return ids.filter((id) => have.has(id));
};

export const select = (s: EditorState, ids: readonly string[]): EditorState => ({ ...s, selected: ids });

/** A widget id not used in `doc`: the type's name and the next free number. */
export function freeId(doc: ScreenDocument, base: string, taken: Set<string> = new Set()): string {
  const used = new Set([...doc.widgets.map((w) => w.id), ...taken]);
  const stem = base.replace(/[^A-Za-z0-9_.:-]/g, '_').slice(0, 56) || 'w';
  for (let n = 1; ; n++) if (!used.has(`${stem}_${n}`)) return `${stem}_${n}`;
}

/** Each type's size when added from the palette (a type not listed: FALLBACK_SIZE). */
const FALLBACK_SIZE: [number, number] = [120, 40];
export const DEFAULT_SIZE: Partial<Record<WidgetType, [number, number]>> = {
  text: [120, 32],
  value: [120, 40],
  bar: [40, 160],
  gauge: [160, 160],
  lamp: [40, 40],
  button: [120, 40],
  switch: [80, 36],
  input: [140, 36],
  trend: [360, 200],
  alarm_banner: [480, 36],
  image: [160, 120],
};

export type ShapeKind = Extract<Widget, { type: 'shape' }>['props']['kind'];
/** A shape's size when added: a line is a thin box it runs across. */
const SHAPE_SIZE: Record<ShapeKind, [number, number]> = {
  rect: [160, 100],
  ellipse: [120, 120],
  line: [160, 8],
};

/**
 * A new widget of `type` at (x, y) with the type's default properties. A trend needs its first
 * line and an image its asset, so those two take them as `binding` / `asset`; a shape is the
 * `shape` kind (a rectangle when not given).
 */
export function newWidget(
  doc: ScreenDocument,
  type: WidgetType,
  x: number,
  y: number,
  extra: { binding?: Binding | null; asset?: string; shape?: ShapeKind } = {},
): Widget {
  const [w, h] = type === 'shape' ? SHAPE_SIZE[extra.shape ?? 'rect'] : (DEFAULT_SIZE[type] ?? FALLBACK_SIZE);
  const props =
    type === 'trend'
      ? { tags: extra.binding ? [extra.binding] : [] }
      : type === 'image'
        ? { asset: extra.asset ?? '' }
        : type === 'text'
          ? { text: 'Text' }
          : type === 'shape'
            ? { kind: extra.shape ?? 'rect' }
            : {};
  const unbound = new Set<WidgetType>(['trend', 'text', 'image', 'shape']);
  const binding = unbound.has(type) ? null : (extra.binding ?? null);
  const stem = type === 'shape' ? (extra.shape ?? 'rect') : type;
  return widget.parse({ id: freeId(doc, stem), type, x, y, w, h, props, binding });
}

export function addWidget(s: EditorState, w: Widget): EditorState {
  return commit(s, { ...s.doc, widgets: [...s.doc.widgets, w] }, [w.id]);
}

/** The document with the widgets in `ids` changed by `fn` (others kept as they are: same objects). */
export function mapWidgets(
  doc: ScreenDocument,
  ids: ReadonlySet<string>,
  fn: (w: Widget) => Widget,
): ScreenDocument {
  return { ...doc, widgets: doc.widgets.map((w) => (ids.has(w.id) ? fn(w) : w)) };
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Moves the selected widgets by (dx, dy), kept on the canvas. */
export function moveBy(
  doc: ScreenDocument,
  ids: ReadonlySet<string>,
  dx: number,
  dy: number,
): ScreenDocument {
  return mapWidgets(doc, ids, (w) => ({
    ...w,
    x: clamp(Math.round(w.x + dx), 0, Math.max(0, doc.width - w.w)),
    y: clamp(Math.round(w.y + dy), 0, Math.max(0, doc.height - w.h)),
  }));
}

export function updateWidget(s: EditorState, id: string, next: Widget): EditorState {
  return commit(
    s,
    mapWidgets(s.doc, new Set([id]), () => next),
  );
}

export function removeSelected(s: EditorState): EditorState {
  if (!s.selected.length) return s;
  const gone = new Set(s.selected);
  const widgets = s.doc.widgets.filter((w) => !gone.has(w.id));
  // An image's asset goes with the last image showing it.
  const shown = new Set(widgets.flatMap((w) => (w.type === 'image' ? [w.props.asset] : [])));
  const assets = Object.fromEntries(Object.entries(s.doc.assets).filter(([k]) => shown.has(k)));
  return commit(s, { ...s.doc, widgets, assets }, []);
}

export const selectedWidgets = (s: EditorState): Widget[] => {
  const ids = new Set(s.selected);
  return s.doc.widgets.filter((w) => ids.has(w.id));
};

/** Copies of `clipboard` with new ids, offset so they do not hide their originals; selected. */
export function paste(s: EditorState, clipboard: readonly Widget[]): EditorState {
  if (!clipboard.length) return s;
  const taken = new Set<string>();
  const copies = clipboard.map((w) => {
    const id = freeId(s.doc, w.id.replace(/_\d+$/, ''), taken);
    taken.add(id);
    return { ...w, id, x: w.x + PASTE_OFFSET, y: w.y + PASTE_OFFSET };
  });
  const moved = moveBy({ ...s.doc, widgets: copies }, taken, 0, 0).widgets;
  return commit(s, { ...s.doc, widgets: [...s.doc.widgets, ...moved] }, [...taken]);
}

export type ZMove = 'front' | 'back' | 'forward' | 'backward';

/** Changes the drawing order of the selected widgets (later in the list: drawn above). */
export function reorder(s: EditorState, move: ZMove): EditorState {
  const ids = new Set(s.selected);
  const list = [...s.doc.widgets];
  const picked = list.filter((w) => ids.has(w.id));
  const rest = list.filter((w) => !ids.has(w.id));
  let widgets: Widget[];
  if (move === 'front') widgets = [...rest, ...picked];
  else if (move === 'back') widgets = [...picked, ...rest];
  else {
    widgets = list;
    const order = move === 'forward' ? [...widgets.keys()].reverse() : [...widgets.keys()];
    for (const i of order) {
      const j = move === 'forward' ? i + 1 : i - 1;
      const a = widgets[i];
      const b = widgets[j];
      if (a && b && ids.has(a.id) && !ids.has(b.id)) {
        widgets[i] = b;
        widgets[j] = a;
      }
    }
  }
  return commit(s, { ...s.doc, widgets }, s.selected);
}
