import { performance } from 'node:perf_hooks';
import type { TestDatabase } from '@hmi/server/src/test/databases';
import { ackLatencies, floodQos0, percentile, rawDevice } from '@hmi/server/src/test/flood';
import { connect } from '@hmi/server/src/test/mqtt';
import { textTable } from '../text-table';
import type { FairnessOptions } from './options';
import { startBenchServer, type ServerSetup } from './server';

/** A well-behaved device sends one QoS 1 batch of 5 values this often. */
const INTERVAL_MS = 20;
/** Values in each of the flooding device's QoS 0 batches. */
const FLOOD_BATCH = 1000;
const WARM_UP_MS = 1000;

export interface FairnessResult {
  db: string;
  /** The well-behaved device's acknowledgement times (ms), alone on the server. */
  alone: number[];
  /** The same while another device floods QoS 0 batches as fast as its socket takes them. */
  flooded: number[];
  /** Batches the flooding device wrote in its window. */
  floodBatches: number;
  seconds: number;
}

const until = (ms: number) => {
  const end = performance.now() + ms;
  return () => performance.now() > end;
};

/**
 * Issue 5's promise that one misbehaving device never slows the others, measured: a device's QoS 1
 * acknowledgement times alone, then beside a neighbour flooding as fast as it can, on one server
 * (its own process) holding each device to `deviceRate` values a second.
 */
export async function measureFairness(
  target: TestDatabase,
  o: FairnessOptions,
  setup: ServerSetup,
): Promise<FairnessResult> {
  const server = await startBenchServer(target, {
    devices: 2,
    tags: ['temp'],
    setup,
    env: { MQTT_DEVICE_RATE: String(o.deviceRate) },
  });
  try {
    const [flooder, good] = server.fleet.devices;
    if (!flooder || !good) throw new Error('the fleet has no two devices');
    const client = await connect(server.mqttUrl, { username: good.sn, password: good.secret });
    try {
      // Sequence numbers only grow: a repeated one would be taken for a redelivery.
      await ackLatencies(client, good.sn, INTERVAL_MS, until(WARM_UP_MS), 1);
      const alone = await ackLatencies(client, good.sn, INTERVAL_MS, until(o.seconds * 1000), 100_000);
      const socket = await rawDevice(Number(new URL(server.mqttUrl).port), flooder.sn, flooder.secret);
      const stop = until(o.seconds * 1000);
      const [floodBatches, flooded] = await Promise.all([
        floodQos0(socket, flooder.sn, FLOOD_BATCH, stop),
        ackLatencies(client, good.sn, INTERVAL_MS, stop, 200_000),
      ]);
      socket.destroy();
      return { db: target.name, alone, flooded, floodBatches, seconds: o.seconds };
    } finally {
      await client.endAsync();
    }
  } finally {
    await server.close();
  }
}

const ms = (n: number) => n.toFixed(1);

/** p50 and p99 alone and flooded, and the flooded p99 as a multiple of the alone one. */
export function fairnessTable(results: readonly FairnessResult[]): string {
  const head = [
    'fairness',
    'db',
    'acks alone/flooded',
    'p50 alone',
    'p50 flooded',
    'p99 alone',
    'p99 flooded',
    'p99 ×',
    'flood',
  ];
  const body = results.map((r) => {
    const p99 = [percentile(r.alone, 99), percentile(r.flooded, 99)] as const;
    return [
      `QoS 1 every ${INTERVAL_MS} ms`,
      r.db,
      `${r.alone.length}/${r.flooded.length}`,
      ms(percentile(r.alone, 50)),
      ms(percentile(r.flooded, 50)),
      ms(p99[0]),
      ms(p99[1]),
      (p99[1] / Math.max(p99[0], 0.001)).toFixed(2),
      `${Math.round((r.floodBatches * FLOOD_BATCH) / r.seconds).toLocaleString('en-US')} values/s offered`,
    ];
  });
  return textTable(head, body);
}
