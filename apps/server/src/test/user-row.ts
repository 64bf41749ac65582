import type { Insertable } from 'kysely';
import type { UserTable } from '../platform/db/schema';

/** An active account's users row, written straight to the database (mail address as its username). */
export function userRow(u: {
  username: string;
  passwordHash: string;
  name: string;
  teamId: number;
  isMain: boolean;
  roleId: number | null;
  createdAt: number;
}): Insertable<UserTable> {
  return {
    username: u.username,
    username_key: u.username,
    email: u.username,
    phone: null,
    password_hash: u.passwordHash,
    name: u.name,
    alias_name: '',
    contact: u.username,
    data_center: 'cn',
    status: 'active',
    is_main: u.isMain ? 1 : 0,
    team_id: u.teamId,
    role_id: u.roleId,
    created_at: u.createdAt,
    joined_at: u.createdAt,
    removed_at: null,
  };
}
