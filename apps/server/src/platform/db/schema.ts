import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

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
  created_at: number;
}

export interface Database {
  teams: TeamTable;
  users: UserTable;
  roles: RoleTable;
  refresh_tokens: RefreshTokenTable;
  verification_codes: VerificationCodeTable;
  activation_tokens: ActivationTokenTable;
  messages: MessageTable;
}

export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type RefreshTokenRow = Selectable<RefreshTokenTable>;
export type VerificationCodeRow = Selectable<VerificationCodeTable>;
export type ActivationTokenRow = Selectable<ActivationTokenTable>;
