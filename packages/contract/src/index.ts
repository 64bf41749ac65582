export * from './errors';
export * from './permissions';
export * from './permission-texts';
export * from './audit-texts';
export * from './menu';
export * from './tables';
export * from './constants';
export * from './validators';
export * from './call';
export * from './zod-helpers';
export * from './calls/account';
export * from './calls/message';
export * from './group-tree';
export * from './calls/groups';
export * from './calls/labels';
export * from './calls/devices';
export * from './calls/templates';
export * from './calls/projects';
export * from './calls/dashboard';
export * from './calls/data-permissions';
export * from './cidr';
export * from './calls/team';
export * from './calls/roles';
export * from './calls/zones';
export * from './calls/connectivity';
export * from './calls/field';
export * from './calls/alarm-rules';
export * from './calls/alarms';
export * from './calls/alarm-operations';
export * from './calls/alarm-kpi';
export * from './calls/billing';
export * from './calls/remote';
export * from './calls/passthrough';
export * from './screens';
export * from './calls/screens';
export * from './calls/audit';
export * from './calls/notify-channels';
export * from './alarms/condition';
export * from './alarms/validate';
export * from './protocol';
export * from './json-depth';
export * from './field';

import { accountCalls } from './calls/account';
import { messageCalls } from './calls/message';
import { groupCalls } from './calls/groups';
import { labelCalls } from './calls/labels';
import { deviceCalls } from './calls/devices';
import { templateCalls } from './calls/templates';
import { projectCalls } from './calls/projects';
import { dashboardCalls } from './calls/dashboard';
import { dataPermissionCalls } from './calls/data-permissions';
import { teamCalls } from './calls/team';
import { roleCalls } from './calls/roles';
import { zoneCalls } from './calls/zones';
import { connectivityCalls } from './calls/connectivity';
import { alarmRuleCalls } from './calls/alarm-rules';
import { alarmCalls } from './calls/alarms';
import { alarmOperationCalls } from './calls/alarm-operations';
import { alarmKpiCalls } from './calls/alarm-kpi';
import { billingCalls } from './calls/billing';
import { remoteCalls } from './calls/remote';
import { passthroughCalls } from './calls/passthrough';
import { screenCalls } from './calls/screens';
import { auditCalls } from './calls/audit';
import { notifyChannelCalls } from './calls/notify-channels';

/** Every call of the product; the server registers these and the OpenAPI document lists them. */
export const allCalls = [
  ...accountCalls,
  ...messageCalls,
  ...groupCalls,
  ...labelCalls,
  ...deviceCalls,
  ...templateCalls,
  ...projectCalls,
  ...dashboardCalls,
  ...dataPermissionCalls,
  ...teamCalls,
  ...roleCalls,
  ...zoneCalls,
  ...connectivityCalls,
  ...alarmRuleCalls,
  ...alarmCalls,
  ...alarmOperationCalls,
  ...alarmKpiCalls,
  ...billingCalls,
  ...remoteCalls,
  ...passthroughCalls,
  ...screenCalls,
  ...auditCalls,
  ...notifyChannelCalls,
] as const;
export * from './value-texts';
export * from './time-zone';
