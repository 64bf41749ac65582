import {
  HAS_PERMISSION,
  hasPermission,
  MAIN_ACCOUNT,
  Permission,
  type PermissionHolder,
  type PermissionRequirement,
} from './permissions';

/** One entry of the left menu; `path` is the route, `titleKey` the locale key of its label. */
export interface MenuEntry {
  key: string;
  path: string;
  titleKey: string;
  permission: PermissionRequirement;
  children?: readonly MenuEntry[];
}

const P = Permission;
const always = HAS_PERMISSION;

/** The full menu of the shell (spec section 2). Default children come first. */
export const menuTree: readonly MenuEntry[] = [
  { key: 'dashboard', path: '/dashboard', titleKey: 'menu.dashboard', permission: P.DASHBOARD_VIEW },
  {
    key: 'device',
    path: '/device',
    titleKey: 'menu.device',
    permission: always,
    children: [
      {
        key: 'devicelist',
        path: '/device/devicelist',
        titleKey: 'menu.devicelist',
        permission: P.DEVICE_VIEW,
      },
      {
        key: 'devicegroup',
        path: '/device/devicegroup',
        titleKey: 'menu.devicegroup',
        permission: P.GROUP_VIEW,
      },
      {
        key: 'templatelist',
        path: '/device/templatelist',
        titleKey: 'menu.templatelist',
        permission: P.TEMPLATE_VIEW,
      },
      {
        key: 'projectlist',
        path: '/device/projectlist',
        titleKey: 'menu.projectlist',
        permission: P.PROJECT_VIEW,
      },
      {
        key: 'alarmrecords',
        path: '/device/alarmrecords',
        titleKey: 'menu.alarmrecords',
        permission: P.DEVICE_VIEW,
      },
      // Beyond the spec (issue 26): alarm performance, with the alarm records' view id.
      {
        key: 'alarmperformance',
        path: '/device/alarmperformance',
        titleKey: 'menu.alarmperformance',
        permission: P.DEVICE_VIEW,
      },
    ],
  },
  {
    key: 'billing',
    path: '/billing',
    titleKey: 'menu.billing',
    permission: always,
    children: [
      {
        key: 'myAccount',
        path: '/billing/myAccount',
        titleKey: 'menu.myAccount',
        permission: P.ACCOUNT_VIEW,
      },
      {
        key: 'rechargeRecord',
        path: '/billing/rechargeRecord',
        titleKey: 'menu.rechargeRecord',
        permission: P.RECHARGE_VIEW,
      },
    ],
  },
  {
    key: 'message',
    path: '/message',
    titleKey: 'menu.message',
    permission: always,
    children: [
      { key: 'msgSystem', path: '/message/msgSystem', titleKey: 'menu.msgSystem', permission: always },
      { key: 'msgAlarm', path: '/message/msgAlarm', titleKey: 'menu.msgAlarm', permission: always },
      {
        key: 'msgBilling',
        path: '/message/msgBilling',
        titleKey: 'menu.msgBilling',
        permission: P.BILLING_MESSAGE_VIEW,
      },
    ],
  },
  {
    key: 'system',
    path: '/system',
    titleKey: 'menu.system',
    permission: always,
    children: [
      { key: 'profile', path: '/system/profile', titleKey: 'menu.profile', permission: always },
      { key: 'user', path: '/system/user', titleKey: 'menu.user', permission: P.USER_VIEW },
      { key: 'role', path: '/system/role', titleKey: 'menu.role', permission: P.ROLE_VIEW },
      { key: 'safeZone', path: '/system/safeZone', titleKey: 'menu.safeZone', permission: P.ZONE_VIEW },
      // Beyond the spec (issue 15): the team's audit log, for the main account only.
      { key: 'audit', path: '/system/audit', titleKey: 'menu.audit', permission: MAIN_ACCOUNT },
    ],
  },
];

/**
 * The menu a user sees: entries they may open; a parent stays only while it keeps a child. The
 * profile, system-message and alarm-message entries are always there; the dashboard needs its id.
 */
export function buildMenu(user: PermissionHolder, tree: readonly MenuEntry[] = menuTree): MenuEntry[] {
  return tree.flatMap((entry) => {
    if (!hasPermission(user, entry.permission)) return [];
    if (!entry.children) return [entry];
    const children = buildMenu(user, entry.children);
    return children.length ? [{ ...entry, children }] : [];
  });
}

/** Landing page: /dashboard for the main account or a holder of the dashboard id, else /system. */
export function landingPath(user: PermissionHolder): '/dashboard' | '/system' {
  return hasPermission(user, P.DASHBOARD_VIEW) ? '/dashboard' : '/system';
}

/** The first child a user may open under a parent path (its default child when allowed). */
export function defaultChildPath(user: PermissionHolder, parentPath: string): string | undefined {
  const parent = buildMenu(user).find((e) => e.path === parentPath);
  return parent?.children?.[0]?.path;
}
