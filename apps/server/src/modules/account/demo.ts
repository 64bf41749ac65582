import { hashPassword } from '../../platform/auth/passwords';
import { epochSeconds } from '../../platform/clock';
import type { AccountDeps } from './policy';

/** The demo login seeded when DEMO=1. */
export const demoAccount = { username: 'demo@hmi.local', password: 'Demo@2026', name: 'Demo' } as const;

export interface DemoSeed {
  account: string;
  password: string;
  created: boolean;
}

/** Creates the demo account unless it exists (activating it if pending); true when created. */
async function ensureDemoAccount(d: AccountDeps): Promise<boolean> {
  const account = demoAccount;
  const existing = await d.repo.findUserByUsername(account.username);
  if (existing) {
    if (existing.status !== 'active') await d.repo.updateUser(existing.id, { status: 'active' });
    return false;
  }
  const password_hash = await hashPassword(account.password);
  try {
    await d.repo.transaction((trx) =>
      d.repo.createTeamWithMainUser(
        account.name,
        {
          username: account.username,
          username_key: account.username.toLowerCase(),
          email: account.username,
          phone: null,
          password_hash,
          name: account.name,
          alias_name: '',
          contact: account.username,
          data_center: d.config.dataCenter,
          status: 'active',
          role_id: null,
          created_at: epochSeconds(d.clock),
          removed_at: null,
        },
        trx,
      ),
    );
  } catch (err) {
    // Another instance seeded it at the same moment.
    if (await d.repo.findUserByUsername(account.username)) return false;
    throw err;
  }
  return true;
}

/** Idempotent: creates the active demo main account (with its team) unless it exists. */
export async function seedDemo(d: AccountDeps): Promise<DemoSeed> {
  const created = await ensureDemoAccount(d);
  return { account: demoAccount.username, password: demoAccount.password, created };
}
