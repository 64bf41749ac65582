/**
 * The setup most suites open with: a harness on one database (and a main account), started before
 * the suite's tests and closed after them, by hooks the helper registers itself.
 */
import { afterAll, beforeAll } from 'vitest';
import type { AppDeps } from '../app';
import { createMainAccount, type TestAccount } from './accounts';
import type { TestDatabase } from './databases';
import { startHarness, type Harness } from './harness';

/** A value, or a function giving it once an earlier hook has started what it depends on. */
type Later<T> = T | (() => T | Promise<T>);

export interface HarnessOptions {
  /** Environment for the app's config (e.g. `SMTP_URL` of a peer an earlier `beforeAll` started). */
  env?: Later<Record<string, string>>;
  deps?: AppDeps;
}

const valueOf = async <T>(later: Later<T>): Promise<T> =>
  typeof later === 'function' ? (later as () => T | Promise<T>)() : later;

/**
 * Registers the hooks that start a harness on `database` before the suite and close it after. Returns
 * the harness at once; its fields are read in tests and later hooks, after its own hook ran. Hooks
 * registered later run after the start and, vitest running "after" hooks as a stack, before the
 * close; so a file stops its own clients in its `afterAll` while the app is still up.
 */
export function useHarness(database: TestDatabase, options: HarnessOptions = {}): Harness {
  let current: Harness | undefined;
  const started = (): Harness => {
    if (!current) throw new Error('the harness is read before its hook ran');
    return current;
  };
  beforeAll(async () => {
    current = await startHarness(database, await valueOf(options.env ?? {}), options.deps);
  });
  afterAll(async () => {
    await current?.close();
  });
  return harnessView(started);
}

/**
 * A harness whose fields are those of `started()`, the one a hook started. Accessors rather than a
 * copy: restartApp replaces `app`, and the close must see the new one.
 */
export function harnessView(started: () => Harness): Harness {
  return {
    get app() {
      return started().app;
    },
    set app(app) {
      started().app = app;
    },
    get clock() {
      return started().clock;
    },
    get config() {
      return started().config;
    },
    get dataDir() {
      return started().dataDir;
    },
    close: () => started().close(),
  };
}

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
  suite.h = useHarness(database);
  beforeAll(async () => {
    suite.main = await createMainAccount(suite.h, templateMaxNum);
    await seed?.();
  });
  return suite;
}

export function accountSuite(database: TestDatabase): AccountSuite {
  return withAccountSuite(new AccountSuite(), database);
}
