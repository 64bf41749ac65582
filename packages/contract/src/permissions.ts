/** Permission ids of spec section 6, grouped by area, each group with its view id first. */
export const Permission = {
  DASHBOARD_VIEW: 1,
  DEVICE_VIEW: 2,
  DEVICE_BIND: 3,
  DEVICE_EDIT: 4,
  DEVICE_DELETE: 5,
  DEVICE_HMI: 6,
  DEVICE_CONFIG_SCREEN: 7,
  TEMPLATE_VIEW: 8,
  TEMPLATE_ADD: 9,
  TEMPLATE_COPY: 10,
  TEMPLATE_EDIT: 11,
  TEMPLATE_DELETE: 12,
  TEMPLATE_DATA_PERMISSION: 36,
  GROUP_VIEW: 13,
  GROUP_ADD: 14,
  GROUP_EDIT: 15,
  GROUP_DELETE: 16,
  GROUP_DATA_PERMISSION: 37,
  PROJECT_VIEW: 39,
  PROJECT_ADD: 40,
  PROJECT_EDIT: 42,
  PROJECT_DELETE: 43,
  PROJECT_DATA_PERMISSION: 41,
  ACCOUNT_VIEW: 17,
  ACCOUNT_CLOUD_TOPUP: 18,
  ACCOUNT_TAG_ALLOCATION: 19,
  ACCOUNT_REMOTE_TOPUP: 20,
  ACCOUNT_CARD_ALLOCATION: 21,
  RECHARGE_VIEW: 22,
  BILLING_MESSAGE_VIEW: 23,
  USER_VIEW: 24,
  USER_INVITE: 25,
  USER_CHANGE_ROLE: 26,
  USER_DELETE: 27,
  USER_DATA_PERMISSION: 38,
  ROLE_VIEW: 28,
  ROLE_ADD: 29,
  ROLE_EDIT: 31,
  ROLE_DELETE: 32,
  ZONE_VIEW: 33,
  ZONE_ADD: 30,
  ZONE_EDIT: 34,
  ZONE_DELETE: 35,
} as const;

export type PermissionId = (typeof Permission)[keyof typeof Permission];

/** The spec's permission count constant. */
export const PERMISSION_COUNT = 45;

/** Passing this instead of an id means "no permission needed". */
export const HAS_PERMISSION = 'hasPermission';
/**
 * Passing this instead of an id means "the main account only" (beyond the spec: the audit log of
 * issue 15, which no role can grant, so a sub-account cannot read what the team's members did).
 */
export const MAIN_ACCOUNT = 'mainAccount';
export type PermissionRequirement = PermissionId | typeof HAS_PERMISSION | typeof MAIN_ACCOUNT;

export type PermissionArea =
  | 'dashboard'
  | 'device'
  | 'template'
  | 'group'
  | 'project'
  | 'account'
  | 'recharge'
  | 'billingMessage'
  | 'user'
  | 'role'
  | 'zone';

export interface PermissionGroup {
  area: PermissionArea;
  /** The area's view id; always first in `ids`. */
  view: PermissionId;
  ids: readonly PermissionId[];
}

const P = Permission;
export const permissionGroups: readonly PermissionGroup[] = [
  { area: 'dashboard', view: P.DASHBOARD_VIEW, ids: [1] },
  { area: 'device', view: P.DEVICE_VIEW, ids: [2, 3, 4, 5, 6, 7] },
  { area: 'template', view: P.TEMPLATE_VIEW, ids: [8, 9, 10, 11, 12, 36] },
  { area: 'group', view: P.GROUP_VIEW, ids: [13, 14, 15, 16, 37] },
  { area: 'project', view: P.PROJECT_VIEW, ids: [39, 40, 42, 43, 41] },
  { area: 'account', view: P.ACCOUNT_VIEW, ids: [17, 18, 19, 20, 21] },
  { area: 'recharge', view: P.RECHARGE_VIEW, ids: [22] },
  { area: 'billingMessage', view: P.BILLING_MESSAGE_VIEW, ids: [23] },
  { area: 'user', view: P.USER_VIEW, ids: [24, 25, 26, 27, 38] },
  { area: 'role', view: P.ROLE_VIEW, ids: [28, 29, 31, 32] },
  { area: 'zone', view: P.ZONE_VIEW, ids: [33, 30, 34, 35] },
];

export const allPermissionIds: readonly PermissionId[] = permissionGroups.flatMap((g) => g.ids);

export function isPermissionId(value: unknown): value is PermissionId {
  return typeof value === 'number' && (allPermissionIds as readonly number[]).includes(value);
}

export interface PermissionHolder {
  is_main: boolean | number;
  permissions: readonly number[];
}

/**
 * The spec's check: passes for hasPermission, for the main account, or when the id is held; a
 * `mainAccount` requirement passes for the main account only.
 */
export function hasPermission(user: PermissionHolder, required: PermissionRequirement): boolean {
  if (required === HAS_PERMISSION) return true;
  if (user.is_main) return true;
  if (required === MAIN_ACCOUNT) return false;
  return user.permissions.includes(required);
}

/**
 * Normalises a picked set of ids the way the role screen does: unknown ids dropped, duplicates
 * removed, the view id of every area touched added, each area's ids in view-first order.
 */
export function withViewFirst(ids: readonly number[]): PermissionId[] {
  const picked = new Set(ids);
  return permissionGroups.flatMap((g) =>
    g.ids.some((id) => picked.has(id)) ? g.ids.filter((id) => id === g.view || picked.has(id)) : [],
  );
}
