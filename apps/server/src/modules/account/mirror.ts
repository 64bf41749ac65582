import { epochSeconds } from '../../platform/clock';
import type { UserRow } from '../../platform/db/schema';
import type { CentreAccount } from './centre-port';
import type { AccountDeps } from './policy';
import { tombstoneRow } from './tombstone';

/**
 * ROLE=region: the region's own row of an account of its data centre, created (with a team of its
 * own, as registration does) at its first login here and refreshed from the centre at each later one.
 * The row keeps no password: the centre checks it. It is bound to the centre's id of the account: an
 * address removed at the centre and registered again is another account, and never takes over the
 * row (name, team, groups) of the one before, even when this region was not told of the removal yet.
 */
export async function mirrorAccount(d: AccountDeps, a: CentreAccount): Promise<UserRow> {
  const repo = d.repo;
  const fields = {
    username: a.username,
    username_key: a.username.toLowerCase(),
    email: a.email,
    phone: a.phone,
    status: 'active' as const,
    centre_id: a.id,
  };
  const existing = await repo.findUserByUsername(a.username);
  // This account's row; or one mirrored before rows were bound (migration 0018), taken as its.
  if (existing && (existing.centre_id === null || existing.centre_id === a.id)) {
    await repo.updateUser(existing.id, fields);
    return { ...existing, ...fields };
  }
  try {
    const created = await repo.transaction(async (trx) => {
      // The address's earlier account, removed at the centre (its notice is still on the way): it is
      // removed here now, as the notice would, in the transaction that gives the address its new row.
      if (existing) await tombstoneRow(repo, existing, epochSeconds(d.clock), trx);
      return repo.createTeamWithMainUser(
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
      );
    });
    if (existing) d.bus.emit('sessionsEnded', { userId: existing.id });
    return created;
  } catch (err) {
    // Two first logins raced (unique username): the other one created the row.
    const winner = await repo.findUserByUsername(a.username);
    if (winner?.centre_id === a.id) return winner;
    throw err;
  }
}
