import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { AccountRepo } from './repo';

export type ActivateOutcome = 'missing' | 'already' | 'activated';

/**
 * The operator's `user:activate`: a pending account becomes active and its unused activation links
 * count as used, in one transaction, as if the user had followed one.
 */
export async function activateAccount(
  db: Kysely<Database>,
  account: string,
  now: number,
): Promise<ActivateOutcome> {
  const repo = new AccountRepo(db);
  const user = await repo.findUserByUsername(account);
  if (!user) return 'missing';
  if (user.status === 'active') return 'already';
  await repo.transaction(async (trx) => {
    await repo.updateUser(user.id, { status: 'active' }, trx);
    await repo.useActivations(user.id, now, trx);
  });
  return 'activated';
}
