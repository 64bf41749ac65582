/**
 * The page of each menu entry, by the entry's key in the contract's `menuTree`. Paths, titles and
 * permissions come from that tree (see `menuRoutes.tsx`); this table only says which page to load.
 */
import { lazyNamed, type LazyPage } from './lazy';

export const menuPages: Readonly<Record<string, LazyPage>> = {
  dashboard: lazyNamed(() => import('../../features/dashboard/DashboardPage').then((m) => m.DashboardPage)),
  devicelist: lazyNamed(() =>
    import('../../features/device/devicelist/DeviceListPage').then((m) => m.DeviceListPage),
  ),
  devicegroup: lazyNamed(() =>
    import('../../features/device/devicegroup/DeviceGroupPage').then((m) => m.DeviceGroupPage),
  ),
  templatelist: lazyNamed(() =>
    import('../../features/device/templatelist/TemplateListPage').then((m) => m.TemplateListPage),
  ),
  projectlist: lazyNamed(() =>
    import('../../features/device/projectlist/ProjectListPage').then((m) => m.ProjectListPage),
  ),
  alarmrecords: lazyNamed(() =>
    import('../../features/alarm/records/AlarmRecordsPage').then((m) => m.AlarmRecordsPage),
  ),
  myAccount: lazyNamed(() => import('../../features/billing/MyAccountPage').then((m) => m.MyAccountPage)),
  rechargeRecord: lazyNamed(() =>
    import('../../features/billing/RechargeRecordPage').then((m) => m.RechargeRecordPage),
  ),
  msgSystem: lazyNamed(() => import('../../features/message/MsgSystemPage').then((m) => m.MsgSystemPage)),
  msgAlarm: lazyNamed(() => import('../../features/message/MsgAlarmPage').then((m) => m.MsgAlarmPage)),
  msgBilling: lazyNamed(() => import('../../features/message/MsgBillingPage').then((m) => m.MsgBillingPage)),
  profile: lazyNamed(() => import('../../features/system/ProfilePage').then((m) => m.ProfilePage)),
  user: lazyNamed(() => import('../../features/system/user/UserPage').then((m) => m.UserPage)),
  role: lazyNamed(() => import('../../features/system/role/RolePage').then((m) => m.RolePage)),
  safeZone: lazyNamed(() =>
    import('../../features/system/safeZone/SafeZonePage').then((m) => m.SafeZonePage),
  ),
  audit: lazyNamed(() => import('../../features/system/audit/AuditPage').then((m) => m.AuditPage)),
};
