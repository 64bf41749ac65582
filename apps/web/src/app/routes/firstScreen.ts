/**
 * What a visit opens first, decided once for the boot's early calls (app/firstData.ts) and for the
 * chunks preloaded with them (`preloadFirstScreen` in app/router.tsx).
 */
import { session } from '../../api/tokens';
import { menuEntryAt } from '../../session/landing';
import { isPublicPath } from './publicPaths';

/**
 * Null for a signed-out visit or a public page; else the key of the menu page `pathname` opens
 * (`/` opens the landing page, usually the dashboard), undefined for a page off the menu.
 */
export function firstScreenAt(pathname: string): { page: string | undefined } | null {
  if (!session.getToken() || isPublicPath(pathname)) return null;
  return { page: pathname === '/' ? 'dashboard' : menuEntryAt(pathname)?.key };
}
