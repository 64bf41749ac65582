import type { AccountService } from './service';

/** The demo login seeded when DEMO=1. */
export const demoAccount = { username: 'demo@hmi.local', password: 'Demo@2026', name: 'Demo' } as const;

export interface DemoSeed {
  account: string;
  password: string;
  created: boolean;
}

/** Idempotent: creates the active demo main account (with its team) unless it exists. */
export async function seedDemo(svc: AccountService): Promise<DemoSeed> {
  const created = await svc.seedDemo(demoAccount);
  return { account: demoAccount.username, password: demoAccount.password, created };
}
