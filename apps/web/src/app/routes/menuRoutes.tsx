/**
 * The shell's routes of the contract's menu tree: each entry's path and title key come from the
 * tree (its permission is checked by the guard from the same tree), its page from `pages` by key.
 * An area's index opens its default child; `extra` adds routes outside the menu under an area.
 */
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { MenuEntry } from '@hmi/contract';
import { DefaultChildRedirect } from '../guard';
import type { RouteHandle } from '../title';
import { page } from './lazy';

const handle = (entry: MenuEntry) => ({ titleKey: entry.titleKey }) satisfies RouteHandle;

/** The path of `entry` relative to its parent's (`/device/devicelist` under `/device`: `devicelist`). */
const segment = (entry: MenuEntry, parentPath: string) => entry.path.slice(parentPath.length + 1);

export function menuRoutes(
  tree: readonly MenuEntry[],
  pages: Readonly<Record<string, ComponentType>>,
  extra: Readonly<Record<string, RouteObject[]>> = {},
): RouteObject[] {
  const used = new Set<string>();
  const build = (entry: MenuEntry, parentPath: string): RouteObject => {
    const path = segment(entry, parentPath);
    if (entry.children)
      return {
        path,
        handle: handle(entry),
        children: [
          { index: true, element: <DefaultChildRedirect parent={entry.path} /> },
          ...entry.children.map((child) => build(child, entry.path)),
          ...(extra[entry.key] ?? []),
        ],
      };
    const Page = pages[entry.key];
    if (!Page) throw new Error(`menu entry ${entry.key} has no page`);
    used.add(entry.key);
    return { path, element: page(Page), handle: handle(entry) };
  };
  const routes = tree.map((entry) => build(entry, ''));
  const orphans = Object.keys(pages).filter((key) => !used.has(key));
  if (orphans.length) throw new Error(`pages outside the menu: ${orphans.join(', ')}`);
  return routes;
}
