import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { DefaultChildRedirect } from '../guard';
import type { RouteHandle } from '../title';

/** A menu area: its index opens the default child; each child has its title key. */
export function area(
  path: string,
  children: [path: string, titleKey: string, element: ReactNode][],
): RouteObject {
  return {
    path,
    handle: { titleKey: `menu.${path}` } satisfies RouteHandle,
    children: [
      { index: true, element: <DefaultChildRedirect parent={`/${path}`} /> },
      ...children.map(([childPath, titleKey, element]) => ({
        path: childPath,
        element,
        handle: { titleKey } satisfies RouteHandle,
      })),
    ],
  };
}
