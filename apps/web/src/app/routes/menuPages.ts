/**
 * The page of each menu entry, by the entry's key in the contract's `menuTree`. Paths, titles and
 * permissions come from that tree (see `menuRoutes.tsx`); this table only says which page to load.
 */
import { lazyNamed, type LazyPage } from './lazy';

export const menuPages: Readonly<Record<string, LazyPage>> = {
  dashboard: lazyNamed(() => import('../../pages/dashboard/DashboardPage').then((m) => m.DashboardPage)),
  devicelist: lazyNamed(() => import('../../pages/device/DeviceListPage').then((m) => m.DeviceListPage)),
  devicegroup: lazyNamed(() => import('../../pages/device/DeviceGroupPage').then((m) => m.DeviceGroupPage)),
  templatelist: lazyNamed(() =>
    import('../../pages/device/TemplateListPage').then((m) => m.TemplateListPage),
  ),
  projectlist: lazyNamed(() => import('../../pages/device/ProjectListPage').then((m) => m.ProjectListPage)),
  alarmrecords: lazyNamed(() =>
    import('../../pages/device/AlarmRecordsPage').then((m) => m.AlarmRecordsPage),
  ),
  alarmperformance: lazyNamed(() =>
    import('../../pages/device/AlarmPerformancePage').then((m) => m.AlarmPerformancePage),
  ),
  myAccount: lazyNamed(() => import('../../pages/billing/MyAccountPage').then((m) => m.MyAccountPage)),
  rechargeRecord: lazyNamed(() =>
    import('../../pages/billing/RechargeRecordPage').then((m) => m.RechargeRecordPage),
  ),
  msgSystem: lazyNamed(() => import('../../pages/message/MsgSystemPage').then((m) => m.MsgSystemPage)),
  msgAlarm: lazyNamed(() => import('../../pages/message/MsgAlarmPage').then((m) => m.MsgAlarmPage)),
  msgBilling: lazyNamed(() => import('../../pages/message/MsgBillingPage').then((m) => m.MsgBillingPage)),
  profile: lazyNamed(() => import('../../pages/system/ProfilePage').then((m) => m.ProfilePage)),
  user: lazyNamed(() => import('../../pages/system/UserPage').then((m) => m.UserPage)),
  role: lazyNamed(() => import('../../pages/system/RolePage').then((m) => m.RolePage)),
  safeZone: lazyNamed(() => import('../../pages/system/SafeZonePage').then((m) => m.SafeZonePage)),
  audit: lazyNamed(() => import('../../pages/system/AuditPage').then((m) => m.AuditPage)),
};
