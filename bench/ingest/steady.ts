import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import type { TestDatabase } from '@hmi/server/src/test/databases';
import { ackedBatches, benchTags, connectFleet, stopFleet } from './fleet';
import { openFleetLive } from './live-counter';
import type { SteadyOptions } from './options';
import { cpuOf, startBenchServer, type ServerSetup } from './server';

export interface SteadyResult {
  /** Values the devices had acknowledged per second over the window. */
  sentRate: number;
  /** Values per second pushed to the websocket subscriber over the window. */
  receivedRate: number;
  /** The server process's CPU time over the window divided by its length (1 = one core). */
  cores: number;
}

/** Time for the fleet to settle (connections made, first batches through) before measuring. */
const SETTLE_MS = 3000;

/**
 * Many devices at a fixed rate (one batch of `valuesPerSecond` values a second each) against the
 * server in its own process; the server's CPU share over a fixed window.
 */
export async function measureSteady(
  target: TestDatabase,
  o: SteadyOptions,
  setup: ServerSetup,
): Promise<SteadyResult> {
  const tags = benchTags(o.valuesPerSecond);
  const server = await startBenchServer(target, { devices: o.devices, tags: tags.map((t) => t.name), setup });
  try {
    const live = await openFleetLive(server);
    const hmis = await connectFleet(server.mqttUrl, server.fleet.devices, tags, 1000);
    try {
      await delay(SETTLE_MS);
      const sent0 = ackedBatches(hmis);
      const received0 = live.tally.count;
      const cpu0 = cpuOf(server.process);
      const t0 = performance.now();
      await delay(o.seconds * 1000);
      const cpu1 = cpuOf(server.process);
      const seconds = (performance.now() - t0) / 1000;
      return {
        sentRate: ((ackedBatches(hmis) - sent0) * o.valuesPerSecond) / seconds,
        receivedRate: (live.tally.count - received0) / seconds,
        cores: (cpu1 - cpu0) / seconds,
      };
    } finally {
      await stopFleet(hmis);
      live.close();
    }
  } finally {
    await server.close();
  }
}
