/**
 * The role screen's picking rules (spec section 6): each area's view first; picking any id of an
 * area picks its view; clearing the view clears the whole area. Answers are normalised view first.
 */
import { permissionGroups, withViewFirst, type PermissionGroup } from '@hmi/contract';

const groupOf = (id: number): PermissionGroup | undefined =>
  permissionGroups.find((g) => (g.ids as readonly number[]).includes(id));

export function togglePermission(selected: readonly number[], id: number, checked: boolean): number[] {
  const group = groupOf(id);
  const picked = new Set(selected);
  if (checked) {
    picked.add(id);
    if (group) picked.add(group.view);
  } else if (group && id === group.view) {
    for (const other of group.ids) picked.delete(other);
  } else {
    picked.delete(id);
  }
  return withViewFirst([...picked]);
}

/** Picks or clears every id of an area. */
export function toggleArea(selected: readonly number[], group: PermissionGroup, checked: boolean): number[] {
  const picked = new Set(selected);
  for (const id of group.ids) {
    if (checked) picked.add(id);
    else picked.delete(id);
  }
  return withViewFirst([...picked]);
}
