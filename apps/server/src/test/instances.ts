import { afterAll, beforeAll } from 'vitest';
import type { AppDeps } from '../app';
import { ManualClock } from '../platform/clock';
import { startApp, type Harness } from './harness';
import { harnessView } from './suite';
import { sharedEnv } from './ws-client';

/** `N` times `T`, so that `const [a, b] = useInstances(2)` types both. */
type Tuple<N extends number, T, R extends T[] = []> = R['length'] extends N ? R : Tuple<N, T, [...R, T]>;

export interface InstancesOptions {
  /** Environment of instance `index` given the shared one (database, Redis, token secret). */
  env?: (shared: Record<string, string>, index: number) => Record<string, string>;
  deps?: AppDeps;
  /** The clock the instances share, when a test moves it itself. */
  clock?: ManualClock;
}

/**
 * Registers the hooks that start `count` app instances on one PostgreSQL database and one Redis bus
 * (sharedEnv), with one clock, before the suite, and close them and drop the database after. Returns
 * the instances at once; their fields are read after the hook ran, as with useHarness.
 */
export function useInstances<N extends number>(count: N, options: InstancesOptions = {}): Tuple<N, Harness> {
  const started: Harness[] = [];
  let drop: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    const shared = await sharedEnv();
    drop = shared.drop;
    const clock = options.clock ?? new ManualClock(Date.UTC(2026, 2, 1, 8, 0, 0));
    for (let i = 0; i < count; i += 1)
      started.push(await startApp(options.env?.(shared.env, i) ?? shared.env, clock, options.deps));
  });
  afterAll(async () => {
    for (const h of started.splice(0)) await h.close();
    await drop();
  });
  return Array.from({ length: count }, (_, i) =>
    harnessView(() => {
      const h = started[i];
      if (!h) throw new Error('the instances are read before their hook ran');
      return h;
    }),
  ) as Tuple<N, Harness>;
}
