import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import type { TestDatabase } from '@hmi/server/src/test/databases';
import { benchTags, connectFleet, drive, stopFleet, type DeviceIdentity } from './fleet';
import { openFleetLive } from './live-counter';
import { openMqttCounter } from './mqtt-counter';
import type { ThroughputOptions } from './options';
import { cpuOf, startBareBroker, startBenchServer, storedRows, type ServerSetup } from './server';
import type { Tally } from './tally';

/** How long values may take to reach the subscriber after the last acknowledgement. */
const DRAIN_DEADLINE_MS = 30_000;

export interface PhaseResult {
  /** Values the broker acknowledged in the window. */
  sent: number;
  /** Values the subscriber received from the window. */
  received: number;
  /** From the first batch to the last value received. */
  seconds: number;
  rate: number;
  /** CPU of the broker or server process over the phase, in cores. */
  cores: number;
}

export interface ThroughputResult {
  broker: PhaseResult;
  server: PhaseResult & { stored: number; storedExpected: number };
}

/**
 * One closed-loop phase against `url`: the fleet connects (each device sends one batch then), the
 * subscriber receives those first, then the devices publish for `seconds` and the subscriber's count
 * of the window's values, up to the last one, gives the rate.
 */
async function phase(
  url: string,
  identities: readonly DeviceIdentity[],
  o: ThroughputOptions,
  tally: Tally,
  cpu: () => number,
): Promise<PhaseResult> {
  const tags = benchTags(o.tags);
  const hmis = await connectFleet(url, identities, tags, 'driven');
  try {
    if (!(await tally.reach(identities.length * o.tags, DRAIN_DEADLINE_MS)))
      throw new Error('the first batches did not reach the subscriber');
    const base = tally.count;
    const cpu0 = cpu();
    const t0 = performance.now();
    const run = drive(hmis, o.inFlight);
    await delay(o.seconds * 1000);
    const sent = (await run.stop()) * o.tags;
    await tally.reach(base + sent, DRAIN_DEADLINE_MS);
    const received = tally.count - base;
    const seconds = (tally.lastAt - t0) / 1000;
    return {
      sent,
      received,
      seconds,
      rate: received / seconds,
      cores: (cpu() - cpu0) / seconds,
    };
  } finally {
    await stopFleet(hmis);
  }
}

/** Broker alone, then the server on `target`, with the same fleet and load. */
export async function measureThroughput(
  target: TestDatabase,
  o: ThroughputOptions,
  setup: ServerSetup,
): Promise<ThroughputResult> {
  const bare = await startBareBroker();
  let broker: PhaseResult;
  try {
    const counter = await openMqttCounter(bare.url);
    const identities = Array.from({ length: o.devices }, (_, i) => ({ sn: `BARE-${i + 1}`, secret: 'x' }));
    broker = await phase(bare.url, identities, o, counter.tally, () => cpuOf(bare.process)).finally(() =>
      counter.close(),
    );
  } finally {
    await bare.process.kill('SIGTERM');
  }

  const server = await startBenchServer(target, {
    devices: o.devices,
    tags: benchTags(o.tags).map((t) => t.name),
    setup,
  });
  try {
    const live = await openFleetLive(server);
    try {
      const result = await phase(server.mqttUrl, server.fleet.devices, o, live.tally, () =>
        cpuOf(server.process),
      );
      // Every PUBACK follows the commit of its batch: all acknowledged values are stored by now.
      const storedExpected = (o.devices + result.sent / o.tags) * o.tags;
      return { broker, server: { ...result, stored: await storedRows(server.store), storedExpected } };
    } finally {
      live.close();
    }
  } finally {
    await server.close();
  }
}
