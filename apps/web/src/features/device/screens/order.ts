/** Reordering screens: the list is shown by `sort` then id, so a move renumbers the whole list. */

interface Sortable {
  id: number;
  sort: number;
}

/**
 * The `sort` updates that move the screen at `index` by `delta` places (-1 up, +1 down): every
 * screen gets its new position as its sort, and only those whose sort changes are returned. Empty
 * when the move leaves the list.
 */
export function moveUpdates(list: readonly Sortable[], index: number, delta: -1 | 1): Sortable[] {
  const to = index + delta;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return [];
  const next = [...list];
  const [moved] = next.splice(index, 1);
  if (!moved) return [];
  next.splice(to, 0, moved);
  return next.flatMap((s, position) => (s.sort === position ? [] : [{ id: s.id, sort: position }]));
}
