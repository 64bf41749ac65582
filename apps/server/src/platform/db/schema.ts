import type { Insertable, Selectable, Updateable } from 'kysely';
import type {
  AccountTables,
  ActivationTokenTable,
  InvitationTable,
  RefreshTokenTable,
  UserTable,
  VerificationCodeTable,
  ZoneTable,
} from './schema-accounts';
import type { AlarmGroupTable, AlarmRuleTable, AlarmTables } from './schema-alarms';
import type { AuditTables } from './schema-audit';
import type { BillingTables } from './schema-billing';
import type { CentralTables } from './schema-central';
import type { NotifyTables } from './schema-notify';
import type { ConnectivityTables } from './schema-connectivity';
import type { PassthroughTables } from './schema-passthrough';
import type { RemoteTables } from './schema-remote';
import type { ScreenTables } from './schema-screens';
import type {
  DeviceGroupTable,
  DeviceTable,
  HardwareTable,
  RegistryTables,
  TemplateTable,
  TemplateTagTable,
} from './schema-registry';

/**
 * The database as Kysely sees it: the tables of each area (one file each, re-exported here so every
 * import of the schema stays `./schema`).
 */
export type * from './schema-accounts';
export type * from './schema-alarms';
export type * from './schema-audit';
export type * from './schema-billing';
export type * from './schema-central';
export type * from './schema-connectivity';
export type * from './schema-notify';
export type * from './schema-registry';
export type * from './schema-passthrough';
export type * from './schema-remote';
export type * from './schema-screens';

export interface Database
  extends
    AccountTables,
    RegistryTables,
    ConnectivityTables,
    AlarmTables,
    BillingTables,
    RemoteTables,
    PassthroughTables,
    ScreenTables,
    AuditTables,
    CentralTables,
    NotifyTables {}

export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type RefreshTokenRow = Selectable<RefreshTokenTable>;
export type VerificationCodeRow = Selectable<VerificationCodeTable>;
export type ActivationTokenRow = Selectable<ActivationTokenTable>;
export type DeviceRow = Selectable<DeviceTable>;
export type DeviceGroupRow = Selectable<DeviceGroupTable>;
export type TemplateRow = Selectable<TemplateTable>;
export type TemplateTagRow = Selectable<TemplateTagTable>;
export type NewTemplateTag = Insertable<TemplateTagTable>;
export type HardwareRow = Selectable<HardwareTable>;
export type InvitationRow = Selectable<InvitationTable>;
export type ZoneRow = Selectable<ZoneTable>;
export type AlarmGroupRow = Selectable<AlarmGroupTable>;
export type AlarmRuleRow = Selectable<AlarmRuleTable>;
export type NewAlarmRule = Insertable<AlarmRuleTable>;
