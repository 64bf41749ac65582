import { ingestStats } from '@hmi/contract';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../platform/clock';
import { createMainAccount, type TestAccount } from '../../test/accounts';
import { databases } from '../../test/databases';
import { ackLatencies, floodQos0, rawDevice } from '../../test/flood';
import { api } from '../../test/harness';
import { useHarness } from '../../test/suite';
import { boundDevice, brokerUrl, connect } from '../../test/mqtt';
import { IngestCounters } from './counters';
import { FairIngest } from './fair-ingest';

const RATE = 5000;
const FLOOD_MS = 3000;

/**
 * One device flooding QoS 0 batches of 1,000 values is held to MQTT_DEVICE_RATE values a second (the
 * rest dropped and counted), and another device's QoS 1 batches are all still acknowledged and taken.
 */
describe.each(databases)('fair ingest on $name', (database) => {
  let main: TestAccount;
  const h = useHarness(database, { env: { MQTT_DEVICE_RATE: String(RATE) } });
  beforeAll(async () => {
    main = await createMainAccount(h, 5);
  });

  const stats = async (deviceId: number) =>
    (await api(h.app, ingestStats, { params: { id: deviceId }, token: main.token })).body.data;

  it("a QoS 0 flood is throttled and counted; another device's batches are all taken meanwhile", async () => {
    const flooder = await boundDevice(h, main, `${database.name}flood`);
    const good = await boundDevice(h, main, `${database.name}good`);
    const port = h.app.connectivity.broker.port ?? 0;
    const socket = await rawDevice(port, flooder.sn, flooder.secret);
    const client = await connect(brokerUrl(h), { username: good.sn, password: good.secret });

    const started = performance.now();
    const stop = () => performance.now() - started > FLOOD_MS;
    const [sent, latencies] = await Promise.all([
      floodQos0(socket, flooder.sn, 1000, stop),
      ackLatencies(client, good.sn, 20, stop),
    ]);
    const seconds = (performance.now() - started) / 1000;
    socket.destroy();
    await client.endAsync();

    const flood = await stats(flooder.deviceId);
    // Taken: at most the rate over the window plus the bucket's burst (two seconds' worth).
    expect(flood?.values ?? 0).toBeLessThanOrEqual(RATE * (seconds + 2) + 1000);
    expect(flood?.rejected.rateLimited ?? 0).toBeGreaterThan(0);
    expect(sent).toBeGreaterThan((flood?.batches ?? 0) + (flood?.rejected.rateLimited ?? 0) - 1);

    // The other device was served throughout the flood, every batch taken whole; how promptly is
    // measured by `npm run ingest -w bench -- --scenario fairness` (p99 alone and flooded).
    expect(latencies.length).toBeGreaterThan(10);
    const other = await stats(good.deviceId);
    expect(other?.values).toBe(latencies.length * 5);
    expect(other?.rejected).toEqual({});
  }, 30_000);
});

describe('FairIngest', () => {
  const log = Fastify({ logger: false }).log;

  it('holds QoS 1 batches of a device over its rate instead of dropping them', async () => {
    const counters = new IngestCounters(systemClock, log);
    const fair = new FairIngest({ ratePerSecond: 10_000, counters, log });
    let handled = 0;
    const started = performance.now();
    const handle = async () => {
      handled += 1;
      return 1000;
    };
    // 30,000 values: the burst (20,000) at once, the rest at 10,000 a second.
    for (let i = 0; i < 30; i += 1) await fair.admit('Q1', 'tags', 1, handle);
    expect(handled).toBe(30);
    expect(performance.now() - started).toBeGreaterThan(800);
    expect(counters.of('Q1').rejected).toEqual({});
  });

  it('bounds batches in flight per device: QoS 0 beyond is dropped, QoS 1 waits, others go on', async () => {
    const counters = new IngestCounters(systemClock, log);
    const fair = new FairIngest({ ratePerSecond: 1_000_000, inflightMax: 2, counters, log });
    const release: (() => void)[] = [];
    const slow = () => new Promise<number>((done) => release.push(() => done(1)));
    const first = [fair.admit('A', 'tags', 1, slow), fair.admit('A', 'tags', 1, slow)];
    let thirdRan = false;
    const third = fair.admit('A', 'tags', 1, async () => {
      thirdRan = true;
      return 1;
    });
    await fair.admit('A', 'tags', 0, async () => 1);
    expect(counters.of('A').rejected).toEqual({ rateLimited: 1 });
    let otherRan = false;
    await fair.admit('B', 'tags', 0, async () => {
      otherRan = true;
      return 1;
    });
    expect(otherRan).toBe(true);
    expect(thirdRan).toBe(false);
    release.shift()?.();
    await Promise.all([first[0], third]);
    expect(thirdRan).toBe(true);
    release.shift()?.();
    await first[1];
  });
});
