import type { ColumnType, Generated } from 'kysely';

/**
 * Tables of accounts, teams, roles and zones, invitations, messages, login attempts.
 * Timestamps are integer epoch seconds unless noted; booleans are 0/1 integers.
 */

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
  /**
   * When the account joined its current team (registration, an accepted invitation, a removal). The
   * column defaults to 0 (0019) so rows written at an older schema stay valid; the service sets it.
   */
  joined_at: Generated<number>;
  removed_at: number | null;
  /**
   * ROLE=region: the centre's id of the account this row mirrors (migration 0018); null elsewhere and
   * on rows mirrored before it.
   */
  centre_id: number | null;
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

/** One failed attempt (wrong password, wrong PIN) counted by a SlidingWindowLimiter; epoch ms. */
export interface AttemptTable {
  scope: string;
  key: string;
  at: number;
}

export interface AccountTables {
  teams: TeamTable;
  users: UserTable;
  roles: RoleTable;
  refresh_tokens: RefreshTokenTable;
  verification_codes: VerificationCodeTable;
  activation_tokens: ActivationTokenTable;
  messages: MessageTable;
  message_reads: MessageReadTable;
  invitations: InvitationTable;
  zones: ZoneTable;
  zone_devices: ZoneDeviceTable;
  zone_groups: ZoneGroupTable;
  role_zones: RoleZoneTable;
  attempts: AttemptTable;
}
