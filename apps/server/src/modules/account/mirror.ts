import type { UserRow } from '../../platform/db/schema';
import type { CentreAccount } from './centre-port';
import type { AccountRepo } from './repo';

/**
 * ROLE=region: the region's own row of an account of its data centre, created (with a team of its
 * own, as registration does) at its first login here and refreshed from the centre at each later one.
 * The row keeps no password: the centre checks it.
 */
export async function mirrorAccount(repo: AccountRepo, a: CentreAccount): Promise<UserRow> {
  const fields = {
    username: a.username,
    username_key: a.username.toLowerCase(),
    email: a.email,
    phone: a.phone,
    status: 'active' as const,
  };
  const existing = await repo.findUserByUsername(a.username);
  if (existing) {
    await repo.updateUser(existing.id, fields);
    return { ...existing, ...fields };
  }
  try {
    return await repo.transaction((trx) =>
      repo.createTeamWithMainUser(
        a.name,
        {
          ...fields,
          password_hash: '',
          name: a.name,
          alias_name: '',
          contact: a.contact,
          data_center: a.data_center,
          created_at: a.created_at,
          removed_at: null,
          role_id: null,
        },
        trx,
      ),
    );
  } catch (err) {
    // Two first logins raced (unique username): the other one created the row.
    const winner = await repo.findUserByUsername(a.username);
    if (winner) return winner;
    throw err;
  }
}
