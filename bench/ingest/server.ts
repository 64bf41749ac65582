import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { storedHistoryCount } from '@hmi/server/src/modules/connectivity';
import { migrate, openDatabase, type Db } from '@hmi/server/src/platform/db';
import type { TestDatabase } from '@hmi/server/src/test/databases';
import { provisionFleet, type Fleet } from '@hmi/server/src/test/fleet';
import {
  cpuSeconds,
  freePort,
  productionEnv,
  spawnProcess,
  spawnServer,
  type ServerProcess,
} from '@hmi/server/src/test/server-process';
import { TagDataType } from '@hmi/contract';
import type { TemplateSeeder } from './alarm-rules';

const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** CPU seconds a child process has used so far. */
export function cpuOf(p: ServerProcess): number {
  return cpuSeconds(p.pid, ticksPerSecond);
}

export interface BenchServer {
  httpUrl: string;
  mqttUrl: string;
  fleet: Fleet;
  process: ServerProcess;
  /** The server's database, opened by the bench too (to count stored rows). */
  store: Db;
  close(): Promise<void>;
}

/** What every server of a run gets: template additions and profiling. */
export interface ServerSetup {
  /** Adds to the template before the server starts (alarm rules). */
  seed: TemplateSeeder | null;
  /** Where the server process writes its V8 CPU profile (on exit); null: not profiled. */
  profileDir: string | null;
}

/**
 * The real server in its own process on a fresh database (`target`), with a team whose template has
 * `tags` float TAGs (all with save history) and `devices` devices bound to it.
 */
export async function startBenchServer(
  target: TestDatabase,
  o: { devices: number; tags: readonly string[]; setup: ServerSetup; env?: Record<string, string> },
): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hmi-bench-'));
  const database = await target.create();
  const store = openDatabase({ databaseUrl: database.env.DATABASE_URL ?? null, dataDir });
  const cleanup = async () => {
    await store.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await migrate(store);
    const fleet = await provisionFleet(store, {
      count: o.devices,
      prefix: 'BENCH',
      tags: o.tags.map((name) => ({ name, data_type: TagDataType.FLOAT, save_history: true })),
    });
    if (o.setup.seed) await o.setup.seed(store, fleet.templateId);
    const { env: production, port, mqttPort } = await productionEnv(dataDir);
    const proc = await spawnServer(
      {
        ...database.env,
        ...production,
        // The fleet has no TAG allocations: BILLING=off stores the history of every sample, as measured.
        BILLING: 'off',
        // Throughput is measured at saturation: a device's fair share would cap it, not the pipeline.
        MQTT_DEVICE_RATE: '0',
        ...o.env,
      },
      o.setup.profileDir ? ['--cpu-prof', '--cpu-prof-dir', o.setup.profileDir] : [],
    );
    return {
      httpUrl: `http://127.0.0.1:${port}`,
      mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
      fleet,
      process: proc,
      store,
      async close() {
        await proc.kill('SIGTERM');
        await cleanup();
      },
    };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

/** The broker alone (bare-broker.ts) in its own process on a free port. */
export async function startBareBroker(): Promise<{ url: string; process: ServerProcess }> {
  const port = await freePort();
  const proc = await spawnProcess(['bench/ingest/bare-broker.ts', String(port)], {}, 'bare broker listening');
  return { url: `mqtt://127.0.0.1:${port}`, process: proc };
}

/** History samples stored (filed and staged). */
export function storedRows(store: Db): Promise<number> {
  return storedHistoryCount(store);
}
