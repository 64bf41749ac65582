import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Row types of the tables; timestamps are integer epoch seconds, booleans are 0/1 integers. */
export interface TeamTable {
  id: Generated<number>;
  name: string;
  created_at: number;
}

export type UserStatus = 'pending' | 'active';

export interface UserTable {
  id: Generated<number>;
  /** As typed at sign-up (phone or mail). */
  username: string;
  /** Lower-cased username; unique. */
  username_key: string;
  email: string | null;
  phone: string | null;
  password_hash: string;
  name: string;
  alias_name: string;
  contact: string;
  data_center: string;
  status: UserStatus;
  is_main: number;
  team_id: number;
  role_id: number | null;
  template_max_num: Generated<number>;
  created_at: number;
  removed_at: number | null;
}

export interface RoleTable {
  id: Generated<number>;
  team_id: number;
  name: string;
  /** JSON array of permission ids. */
  permissions: string;
  created_at: number;
}

export interface RefreshTokenTable {
  id: Generated<number>;
  token_hash: string;
  family_id: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  rotated_at: number | null;
  revoked_at: number | null;
}

export type CodeScene = 'register' | 'forget';

export interface VerificationCodeTable {
  id: Generated<number>;
  /** Lower-cased phone number or mail address. */
  target: string;
  scene: CodeScene;
  code_hash: string;
  created_at: number;
  expires_at: number;
  attempts: number;
}

export interface ActivationTokenTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export type MessageKind = 'notice' | 'billing' | 'alarm';

export interface MessageTable {
  id: Generated<number>;
  team_id: number;
  /** null: for every member of the team. */
  user_id: number | null;
  kind: MessageKind;
  title: string;
  content: string;
  is_read: number;
  /** Billing message type (1-9, BillingMessageType) of billing messages; null otherwise. */
  type: ColumnType<number | null, number | null | undefined, number | null>;
  /** JSON object of the message's variable parts (billing types 6-9); null for older rows. */
  params: ColumnType<string | null, string | null | undefined, string | null>;
  /** Alarm messages: the record and what happened to it (AlarmMessageEvent); null otherwise. */
  alarm_record_id: ColumnType<number | null, number | null | undefined, number | null>;
  alarm_event: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: number;
}

/** Read state of a team-wide message (user_id null) for one reader. */
export interface MessageReadTable {
  message_id: number;
  user_id: number;
  read_at: number;
}

export type InvitationKind = 'invite' | 'transfer';
export type InvitationStatus = 'pending' | 'accepted' | 'rejected' | 'cancelled' | 'voided';

export interface InvitationTable {
  id: Generated<number>;
  team_id: number;
  inviter_id: number;
  invitee_user_id: number;
  invitee_account: string;
  role_id: number | null;
  kind: InvitationKind;
  status: InvitationStatus;
  created_at: number;
  answered_at: number | null;
  expires_at: number;
}

export interface ZoneTable {
  id: Generated<number>;
  team_id: number;
  name: string;
  /** JSON array of canonical CIDR blocks; [] = any network. */
  networks: string;
  created_at: number;
}

export interface ZoneDeviceTable {
  zone_id: number;
  device_id: number;
}

export interface ZoneGroupTable {
  zone_id: number;
  group_id: number;
}

export interface RoleZoneTable {
  role_id: number;
  zone_id: number;
}

export interface HardwareTable {
  id: Generated<number>;
  sn: string;
  /** scrypt hash of the PIN printed on the hardware. */
  pin_hash: string;
  model: string;
  /** sha256 of the device secret (the MQTT password). */
  secret_hash: string;
  created_at: number;
  /** Set by `device:revoke`: the device may no longer connect (epoch seconds). */
  revoked_at: number | null;
}

export interface DeviceGroupTable {
  id: Generated<number>;
  team_id: number;
  /** null or unknown: top level. */
  parent_id: number | null;
  name: string;
  created_at: number;
}

export interface DeviceTable {
  id: Generated<number>;
  team_id: number;
  sn: string;
  name: string;
  model: string;
  group_id: number | null;
  template_id: number | null;
  address: string;
  remark: string;
  hmi_sn: string;
  gateway_sn: string;
  customer_name: string;
  online: Generated<number>;
  last_online_change: number | null;
  hmi_version: number | null;
  config_created_at: number | null;
  config_modified_at: number | null;
  traffic_switch: Generated<number>;
  created_at: number;
}

export interface LabelTable {
  id: Generated<number>;
  team_id: number;
  name: string;
  created_at: number;
}

export interface DeviceLabelTable {
  device_id: number;
  label_id: number;
}

export interface FavouriteTable {
  user_id: number;
  device_id: number;
  created_at: number;
}

export interface TemplateTable {
  id: Generated<number>;
  team_id: number;
  name: string;
  hmi_model: string;
  version: number;
  firmware: string;
  recipe: string;
  created_at: number;
  updated_at: number;
}

export interface TemplateTagTable {
  id: Generated<number>;
  template_id: number;
  name: string;
  data_type: number;
  access: number;
  address_type: string;
  address: string;
  scan_time_ms: number;
  save_history: number;
  default_value: string;
  description: string;
  sort: number;
}

export interface ProjectTable {
  id: Generated<number>;
  team_id: number;
  name: string;
  created_at: number;
  updated_at: number;
}

export interface ProjectDeviceTable {
  project_id: number;
  device_id: number;
}

export type DataPermissionKind = 'group' | 'template' | 'project';

export interface DataPermissionTable {
  user_id: number;
  kind: DataPermissionKind;
  object_id: number;
}

/** Latest value per device and TAG name (times in epoch ms). */
export interface TagLatestTable {
  device_id: number;
  tag: string;
  value: string;
  ts: number;
}

/** Samples of TAGs with save history; `num` is the numeric reading (null for strings). */
/** One device's history samples of one ingest transaction, waiting to be filed into chunks. */
export interface TagHistoryStagingTable {
  id: Generated<number>;
  device_id: number;
  n: number;
  /** history-codec.ts, staged form (samples of several TAGs). */
  samples: Uint8Array;
}

/** Samples of one device and TAG within one hour, with their aggregates (history-chunks.ts). */
export interface TagHistoryChunkTable {
  id: Generated<number>;
  device_id: number;
  tag: string;
  /** Time of the first and last sample (ms). */
  t0: number;
  t1: number;
  n: number;
  /** Samples with a numeric value, and their minimum, maximum and sum (null when none). */
  num_n: number;
  num_min: number | null;
  num_max: number | null;
  num_sum: number | null;
  /** history-codec.ts, chunk form. */
  samples: Uint8Array;
}

/** Anti-replay window of a device's batch sequence numbers. */
export interface IngestCursorTable {
  sn: string;
  high_seq: number;
  /** 16 hex digits: bit i set = sequence high_seq - 1 - i was seen. */
  window: string;
  updated_at: number;
}

export interface DeviceCommandTable {
  id: string;
  device_id: number;
  type: string;
  tag: string | null;
  value: string | null;
  config_version: number | null;
  status: string;
  error: string | null;
  user_id: number | null;
  /** epoch ms */
  created_at: number;
  updated_at: number;
}

/** An alarm group of a template (names unique in the template). */
export interface AlarmGroupTable {
  id: Generated<number>;
  team_id: number;
  template_id: number;
  name: string;
  created_at: number;
}

/**
 * An alarm rule on a TAG of its template. `condition_content` is the stored condition
 * (`@hmi/contract` alarms/condition, e.g. `{12} > 80`); values are text so 64-bit integers stay
 * exact; `enabled` 0/1; `deadband` text ('' = 0).
 */
export interface AlarmRuleTable {
  id: Generated<number>;
  team_id: number;
  template_id: number;
  group_id: number | null;
  name: string;
  level: number;
  type: string;
  condition: number;
  tag_id: number;
  alarm_value: Generated<string>;
  target: Generated<string>;
  deviation: Generated<string>;
  condition_content: string;
  content: Generated<string>;
  enabled: Generated<number>;
  deadband: Generated<string>;
  on_delay_s: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** One raised alarm of a rule on a device; state 1 alarm, 2 acknowledged, 4 recovered. */
export interface AlarmRecordTable {
  id: Generated<number>;
  team_id: number;
  device_id: number;
  template_id: number;
  /** null once the rule is deleted. */
  rule_id: number | null;
  rule_name: string;
  level: number;
  type: string;
  condition: number;
  tag_name: string;
  value: string;
  recovery_value: string | null;
  content: string;
  state: number;
  /** Sample time of the raise (device clock). */
  alarm_at: number;
  /** Server time of the raise. */
  raised_at: number;
  response_at: number | null;
  recovery_at: number | null;
  responder_id: number | null;
  responder_name: string | null;
}

/** A member's alarm mail subscription (booleans 0/1). */
export interface AlarmSubscriptionTable {
  user_id: number;
  mail: number;
  min_level: number;
  escalation: number;
  escalate_after_minutes: number;
  /** Language of the mails (Locale). */
  locale: string;
  updated_at: number;
}

/** An escalation already sent for a record to a subscriber. */
export interface AlarmEscalationTable {
  record_id: number;
  user_id: number;
  sent_at: number;
}

/** One failed attempt (wrong password, wrong PIN) counted by a SlidingWindowLimiter; epoch ms. */
export interface AttemptTable {
  scope: string;
  key: string;
  at: number;
}

export interface Database {
  attempts: AttemptTable;
  teams: TeamTable;
  users: UserTable;
  roles: RoleTable;
  refresh_tokens: RefreshTokenTable;
  verification_codes: VerificationCodeTable;
  activation_tokens: ActivationTokenTable;
  messages: MessageTable;
  hardware: HardwareTable;
  device_groups: DeviceGroupTable;
  devices: DeviceTable;
  labels: LabelTable;
  device_labels: DeviceLabelTable;
  favourites: FavouriteTable;
  templates: TemplateTable;
  template_tags: TemplateTagTable;
  projects: ProjectTable;
  project_devices: ProjectDeviceTable;
  data_permissions: DataPermissionTable;
  message_reads: MessageReadTable;
  invitations: InvitationTable;
  zones: ZoneTable;
  zone_devices: ZoneDeviceTable;
  zone_groups: ZoneGroupTable;
  role_zones: RoleZoneTable;
  tag_latest: TagLatestTable;
  tag_history_staging: TagHistoryStagingTable;
  tag_history_chunks: TagHistoryChunkTable;
  ingest_cursor: IngestCursorTable;
  device_commands: DeviceCommandTable;
  alarm_groups: AlarmGroupTable;
  alarm_rules: AlarmRuleTable;
  alarm_records: AlarmRecordTable;
  alarm_subscriptions: AlarmSubscriptionTable;
  alarm_escalations: AlarmEscalationTable;
}

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
