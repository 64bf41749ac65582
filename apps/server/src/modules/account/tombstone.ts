import type { Transaction } from 'kysely';
import type { Database, UserRow } from '../../platform/db/schema';
import type { AccountRepo } from './repo';

/**
 * The statements that remove an account for good, in the caller's transaction: personal data
 * cleared, the username freed (a tombstone in its place), every session revoked (1055 from then on).
 * The caller tells the live sockets once it committed (sessionsEnded).
 */
export async function tombstoneRow(
  repo: AccountRepo,
  row: UserRow,
  now: number,
  trx: Transaction<Database>,
): Promise<void> {
  const tombstone = `removed:${row.id}:${now}`;
  await repo.updateUser(
    row.id,
    {
      removed_at: now,
      username: tombstone,
      username_key: tombstone,
      email: null,
      phone: null,
      name: '',
      alias_name: '',
      contact: '',
      password_hash: '',
    },
    trx,
  );
  await repo.revokeUserFamilies(row.id, now, null, trx);
  await repo.deleteCodes(row.username_key, 'forget', trx);
}
