/** Group-tree helpers for pickers and paths (built on the contract's group-tree functions). */
import type { GroupNode, GroupRow } from '@hmi/contract';

export interface GroupOption {
  value: number;
  title: string;
  key: number;
  disabled?: boolean;
  children: GroupOption[];
}

/** TreeSelect data; groups in `disabled` (e.g. a group and its descendants when moving it) are greyed. */
export function groupOptions(
  nodes: readonly GroupNode[],
  disabled: ReadonlySet<number> = new Set(),
): GroupOption[] {
  return nodes.map((n) => ({
    value: n.id,
    key: n.id,
    title: n.name,
    disabled: disabled.has(n.id),
    children: groupOptions(n.children, disabled),
  }));
}

/** Every node of the tree as a flat row list. */
export function flattenGroups(nodes: readonly GroupNode[]): GroupRow[] {
  return nodes.flatMap((n) => [
    { id: n.id, parent_id: n.parent_id, name: n.name },
    ...flattenGroups(n.children),
  ]);
}

/** Keys of every node (to expand the whole tree). */
export function allGroupKeys(nodes: readonly GroupNode[]): string[] {
  return nodes.flatMap((n) => [n.key, ...allGroupKeys(n.children)]);
}

/** Every group of the tree by id. */
export function groupNames(
  nodes: readonly GroupNode[],
  into = new Map<number, string>(),
): Map<number, string> {
  for (const n of nodes) {
    into.set(n.id, n.name);
    groupNames(n.children, into);
  }
  return into;
}
