import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { migrate, openDatabase, type Db } from '../platform/db';
import type { TestDatabase } from './databases';
import { provisionFleet, type FleetDevice } from './fleet';
import { productionEnv, type ServerProcess } from './server-process';

type FleetTags = Parameters<typeof provisionFleet>[1]['tags'];

/** One test's stage for a real gateway against real server processes; fields are set before each test. */
export interface GatewayStage {
  dir: string;
  store: Db;
  device: FleetDevice;
  /** The server process's environment: the test database, free ports, billing off. */
  env: Record<string, string>;
  mqttPort: number;
  /** Keeps a started process so that it is killed after the test. */
  start(p: Promise<ServerProcess>): Promise<ServerProcess>;
}

/**
 * Registers the set-up and teardown of a gateway test on `database`: a temporary folder, a migrated
 * database with one provisioned device (`prefix`, `tags`), a production-like server environment; after
 * each test its processes are killed (-9) and all of it removed.
 */
export function gatewayStage(database: TestDatabase, o: { prefix: string; tags: FleetTags }): GatewayStage {
  const processes: ServerProcess[] = [];
  let drop: () => Promise<void> = async () => undefined;
  const stage = {
    start: async (p: Promise<ServerProcess>) => {
      const proc = await p;
      processes.push(proc);
      return proc;
    },
  } as GatewayStage;

  beforeEach(async () => {
    stage.dir = mkdtempSync(join(tmpdir(), `hmi-${o.prefix.toLowerCase()}-`));
    const target = await database.create();
    drop = () => target.drop();
    stage.store = openDatabase({ databaseUrl: target.env.DATABASE_URL ?? null, dataDir: stage.dir });
    await migrate(stage.store);
    const fleet = await provisionFleet(stage.store, { count: 1, prefix: o.prefix, tags: o.tags });
    stage.device = fleet.devices[0] as FleetDevice;
    const production = await productionEnv(stage.dir);
    stage.mqttPort = production.mqttPort;
    stage.env = { ...target.env, ...production.env, BILLING: 'off' };
  });
  afterEach(async () => {
    for (const p of processes.splice(0)) await p.kill('SIGKILL');
    await stage.store.close();
    await drop();
    rmSync(stage.dir, { recursive: true, force: true });
  });
  return stage;
}
