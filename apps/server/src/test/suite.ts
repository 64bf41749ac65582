/**
 * The setup most suites open with: a harness on one database and a main account, started before
 * the suite's tests and closed after them. The fields are set once the suite's `beforeAll` has run,
 * so tests read them through the suite object.
 */
import { afterAll, beforeAll } from 'vitest';
import { createMainAccount, type TestAccount } from './accounts';
import type { TestDatabase } from './databases';
import { startHarness, type Harness } from './harness';

export class AccountSuite {
  h!: Harness;
  main!: TestAccount;
}

/**
 * Registers the hooks that fill `suite`: the harness, a main account allowed `templateMaxNum`
 * templates, then `seed` (for what a suite builds on them).
 */
export function withAccountSuite<S extends AccountSuite>(
  suite: S,
  database: TestDatabase,
  templateMaxNum = 1,
  seed?: () => Promise<void>,
): S {
  beforeAll(async () => {
    suite.h = await startHarness(database);
    suite.main = await createMainAccount(suite.h, templateMaxNum);
    await seed?.();
  });
  afterAll(async () => {
    await suite.h?.close();
  });
  return suite;
}

export function accountSuite(database: TestDatabase): AccountSuite {
  return withAccountSuite(new AccountSuite(), database);
}
