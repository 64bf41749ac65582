/** Where the guard sends a signed-in user (spec section 2). Pure, so it is tested without a browser. */
import {
  buildMenu,
  hasPermission,
  landingPath,
  menuTree,
  type MenuEntry,
  type PermissionHolder,
} from '@hmi/contract';

export { landingPath };

/** Always open to any signed-in user, whatever their permissions (the spec's reduced route set). */
export const ALWAYS_ALLOWED_PATHS: readonly string[] = [
  '/system/profile',
  '/message/msgAlarm',
  '/message/msgSystem',
];

function flatten(entries: readonly MenuEntry[]): MenuEntry[] {
  return entries.flatMap((entry) => [entry, ...flatten(entry.children ?? [])]);
}

const normalised = (pathname: string) => pathname.replace(/\/+$/, '').toLowerCase() || '/';

const menuByPath = new Map(flatten(menuTree).map((entry) => [entry.path.toLowerCase(), entry]));

/** A user as the guard sees it; `template_max_num` null means unlimited: the deployment runs BILLING=off. */
type Holder = PermissionHolder & { template_max_num?: number | null };

/** BILLING=off (no limits): user info answers an unlimited template allowance (null). */
export const billingOff = (user: Holder): boolean => user.template_max_num === null;

/** The user's menu: their permissions decide, and the billing area is hidden with BILLING=off. */
export function visibleMenu(user: Holder): MenuEntry[] {
  const menu = buildMenu(user);
  return billingOff(user) ? menu.filter((entry) => entry.key !== 'billing') : menu;
}

/**
 * False when the path's menu entry needs a permission the user lacks, or is billing's with
 * BILLING=off. Paths outside the menu pass.
 */
export function mayOpen(user: Holder, pathname: string): boolean {
  const path = normalised(pathname);
  if (ALWAYS_ALLOWED_PATHS.some((p) => p.toLowerCase() === path)) return true;
  if (billingOff(user) && (path === '/billing' || path.startsWith('/billing/'))) return false;
  const entry = menuByPath.get(path);
  return !entry || hasPermission(user, entry.permission);
}

/** The menu entry a path opens (the router matches paths case-insensitively, a trailing slash too). */
export function menuEntryAt(pathname: string): MenuEntry | undefined {
  return menuByPath.get(normalised(pathname));
}

/**
 * Where /login (or a fresh login) leads: a template or project link opens that list, anything else
 * goes to `/`, whose index picks the landing page; the query is kept either way.
 */
export function loginRedirectTarget(search: string): string {
  const query = new URLSearchParams(search);
  const templateid = query.get('templateid');
  if (templateid) return `/device/templatelist?${new URLSearchParams({ templateid }).toString()}`;
  const projectid = query.get('projectid');
  if (projectid) return `/device/projectlist?${new URLSearchParams({ projectid }).toString()}`;
  const rest = query.toString();
  return rest ? `/?${rest}` : '/';
}
