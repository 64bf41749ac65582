/**
 * The editor's keys: arrows nudge the selection (Shift: a grid step), Delete/Backspace remove it,
 * Ctrl+Z undoes, Ctrl+Y or Ctrl+Shift+Z redoes, Ctrl+C/Ctrl+V copy and paste, Ctrl+D duplicates,
 * Ctrl+A selects all, Escape clears the selection. Keys typed into a field of the panel are the
 * field's own.
 */
import type { Widget } from '@hmi/contract';
import {
  commit,
  GRID,
  moveBy,
  paste,
  redo,
  removeSelected,
  select,
  selectedWidgets,
  undo,
  type EditorState,
} from './model';

const NUDGE: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** Whether the key belongs to a text field, select or button the user is in. */
export function ownKey(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.closest(
      'input, textarea, select, [contenteditable="true"], .ant-select, .se-panel, .ant-modal',
    ) !== null
  );
}

export interface KeyResult {
  state: EditorState;
  /** The widgets copied (Ctrl+C), when the key copied. */
  copied?: Widget[];
}

/** What a key does to the state (null: not an editor key). */
export function editorKey(
  s: EditorState,
  e: { key: string; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean },
  clipboard: readonly Widget[],
): KeyResult | null {
  const mod = e.ctrlKey || e.metaKey;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  const nudge = NUDGE[key];
  if (nudge && !mod) {
    if (!s.selected.length) return null;
    const step = e.shiftKey ? GRID : 1;
    return { state: commit(s, moveBy(s.doc, new Set(s.selected), nudge[0] * step, nudge[1] * step)) };
  }
  if ((key === 'Delete' || key === 'Backspace') && !mod) return { state: removeSelected(s) };
  if (key === 'Escape') return { state: select(s, []) };
  if (!mod) return null;
  if (key === 'z' && !e.shiftKey) return { state: undo(s) };
  if (key === 'y' || (key === 'z' && e.shiftKey)) return { state: redo(s) };
  if (key === 'a')
    return {
      state: select(
        s,
        s.doc.widgets.map((w) => w.id),
      ),
    };
  if (key === 'c') return { state: s, copied: selectedWidgets(s) };
  if (key === 'v') return { state: paste(s, clipboard) };
  if (key === 'd') return { state: paste(s, selectedWidgets(s)) };
  return null;
}
