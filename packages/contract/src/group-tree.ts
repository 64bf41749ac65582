/**
 * Device-group trees (spec section 3): a group whose parent is unknown is top level; a group path is
 * shown in full up to 3 levels, beyond that as its first, middle and last names. Shared by the
 * server (tree and device rows) and the web (tree picker, paths).
 */

export interface GroupRow {
  id: number;
  parent_id: number | null;
  name: string;
}

export interface GroupNode {
  id: number;
  /** null for a top-level node (also when the stored parent is unknown). */
  parent_id: number | null;
  name: string;
  title: string;
  key: string;
  /** 1 for top level. */
  level: number;
  /** Name of the parent, '' at top level. */
  parent_name: string;
  children: GroupNode[];
  /** Devices in this group and all its sub-groups. */
  device_count: number;
}

/** Levels shown in full; deeper paths are shortened. */
export const GROUP_PATH_FULL_LEVELS = 3;

/** The names of a path as displayed: all up to 3, otherwise first, middle and last. */
export function shortGroupPath(names: readonly string[]): string[] {
  if (names.length <= GROUP_PATH_FULL_LEVELS) return [...names];
  const middle = names[Math.floor((names.length - 1) / 2)] ?? '';
  return [names[0] ?? '', middle, names[names.length - 1] ?? ''];
}

/** The displayed path as one string, e.g. `Plant/Line 2/Cell 7`. */
export function groupPathText(names: readonly string[], separator = '/'): string {
  return shortGroupPath(names).join(separator);
}

/** Parent of a row within `byId`, or null when the parent is unknown (the row is top level). */
function knownParent(row: GroupRow, byId: ReadonlyMap<number, GroupRow>): number | null {
  return row.parent_id !== null && row.parent_id !== row.id && byId.has(row.parent_id) ? row.parent_id : null;
}

/**
 * Full path names from the top down to group `id` (empty when the id is unknown). Stored cycles are
 * cut where they repeat.
 */
export function groupPathNames(id: number | null, rows: readonly GroupRow[] | ReadonlyMap<number, GroupRow>) {
  const byId = rows instanceof Map ? rows : new Map((rows as readonly GroupRow[]).map((r) => [r.id, r]));
  const names: string[] = [];
  const seen = new Set<number>();
  let cur = id === null ? undefined : byId.get(id);
  while (cur && !seen.has(cur.id)) {
    seen.add(cur.id);
    names.unshift(cur.name);
    const parent = knownParent(cur, byId);
    cur = parent === null ? undefined : byId.get(parent);
  }
  return names;
}

/** Ids of group `id` and every group below it (any depth). */
export function groupWithDescendants(id: number, rows: readonly GroupRow[]): Set<number> {
  const children = new Map<number, number[]>();
  for (const r of rows) {
    if (r.parent_id === null || r.parent_id === r.id) continue;
    const list = children.get(r.parent_id) ?? [];
    list.push(r.id);
    children.set(r.parent_id, list);
  }
  const out = new Set<number>();
  const stack = rows.some((r) => r.id === id) ? [id] : [];
  while (stack.length) {
    const cur = stack.pop() as number;
    if (out.has(cur)) continue;
    out.add(cur);
    stack.push(...(children.get(cur) ?? []));
  }
  return out;
}

/**
 * Builds the tree: children ordered by id; a row whose parent is unknown is top level; rows caught in
 * a stored cycle become top level at the first of them. `ownDeviceCount` gives the devices directly in
 * a group; each node's `device_count` adds those of its sub-groups.
 */
export function buildGroupTree(
  rows: readonly GroupRow[],
  ownDeviceCount: (id: number) => number = () => 0,
): GroupNode[] {
  const sorted = [...rows].sort((a, b) => a.id - b.id);
  const byId = new Map(sorted.map((r) => [r.id, r]));
  const children = new Map<number, GroupRow[]>();
  const roots: GroupRow[] = [];
  for (const r of sorted) {
    const parent = knownParent(r, byId);
    if (parent === null) roots.push(r);
    else children.set(parent, [...(children.get(parent) ?? []), r]);
  }
  const visited = new Set<number>();
  const visit = (r: GroupRow, level: number, parent: GroupRow | null): GroupNode => {
    visited.add(r.id);
    const kids = (children.get(r.id) ?? [])
      .filter((c) => !visited.has(c.id))
      .map((c) => visit(c, level + 1, r));
    return {
      id: r.id,
      parent_id: parent ? parent.id : null,
      name: r.name,
      title: r.name,
      key: String(r.id),
      level,
      parent_name: parent ? parent.name : '',
      children: kids,
      device_count: ownDeviceCount(r.id) + kids.reduce((n, k) => n + k.device_count, 0),
    };
  };
  const out = roots.map((r) => visit(r, 1, null));
  for (const r of sorted) if (!visited.has(r.id)) out.push(visit(r, 1, null));
  return out;
}
