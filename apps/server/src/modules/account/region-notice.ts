import type { DataCenter } from '@hmi/contract';
import type { Transaction } from 'kysely';
import type { Database, UserRow } from '../../platform/db/schema';
import type { RegionNotice } from './centre-port';
import type { AccountDeps } from './policy';

/** Runs extra statements in a change's transaction (the notice to the account's region). */
export type InChange = (trx: Transaction<Database>) => Promise<void>;

/**
 * A change of the account at the centre (ROLE=central) made in one transaction with the notice that
 * tells its region, then delivered at once (a region not reached is told later, retried): the region
 * hears of every change that committed, even when its own call gave up waiting (1207), and of none
 * that did not. Without regions (ROLE=all) the change alone.
 */
export async function changeTellingRegion(
  d: AccountDeps,
  user: UserRow,
  notice: RegionNotice,
  change: (inChange?: InChange) => Promise<void>,
): Promise<void> {
  const regions = d.regions;
  if (!regions) return change();
  let id = 0;
  await change(async (trx) => {
    id = await regions.add(trx, user.data_center as DataCenter, notice);
  });
  await regions.deliverNow(id);
}
