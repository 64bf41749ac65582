import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TagDataType, topics } from '@hmi/contract';
import mqtt, { type MqttClient } from 'mqtt';
import { describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../../platform/db';
import { databases } from '../../test/databases';
import { provisionFleet } from '../../test/fleet';
import { productionEnv, spawnServer, type ServerProcess } from '../../test/server-process';
import { storedHistory } from './index';

const VALUES = 10_000;
const PER_BATCH = 20;
const BATCHES = VALUES / PER_BATCH;
/** Unacknowledged batches the publisher allows; the server is killed while some are. */
const IN_FLIGHT = 25;
/** Sample times from now: the restarted server prunes history older than its retention. */
const T0 = Date.now();

/** Batch `seq` carries the numbers seq*PER_BATCH … seq*PER_BATCH+PER_BATCH-1 of TAG `n`. */
function batch(seq: number): string {
  const values = Array.from({ length: PER_BATCH }, (_, i) => {
    const n = seq * PER_BATCH + i;
    return { tag: 'n', value: n, ts: T0 + n };
  });
  return JSON.stringify({ v: 1, seq, values });
}

function connected(client: MqttClient): Promise<void> {
  return new Promise((done) => client.once('connect', () => done()));
}

describe.each(databases)('ingest across a SIGKILL of the server on $name', (database) => {
  it('stores every one of 10,000 numbered values exactly once', { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hmi-restart-'));
    const target = await database.create();
    const store = openDatabase({ databaseUrl: target.env.DATABASE_URL ?? null, dataDir });
    let server: ServerProcess | null = null;
    let client: MqttClient | null = null;
    try {
      await migrate(store);
      const fleet = await provisionFleet(store, {
        count: 1,
        prefix: 'RESTART',
        tags: [{ name: 'n', data_type: TagDataType.UINT32, save_history: true }],
      });
      const device = fleet.devices[0];
      if (!device) throw new Error('no device provisioned');
      const { env: production, mqttPort } = await productionEnv(dataDir);
      const env = {
        ...target.env,
        ...production,
        // Every sample is stored (billing's history policy is history-policy.test's).
        BILLING: 'off',
      };
      server = await spawnServer(env);

      client = mqtt.connect(`mqtt://127.0.0.1:${mqttPort}`, {
        username: device.sn,
        password: device.secret,
        clientId: `hmi-${device.sn}`,
        // Reconnects on its own and then sends every unacknowledged QoS 1 packet again.
        reconnectPeriod: 100,
        connectTimeout: 5000,
      });
      client.on('error', () => undefined); // refused while the server is down; it retries
      await connected(client);
      const publisher = client;

      let acked = 0;
      let restart: Promise<void> | null = null;
      const inFlight = new Set<Promise<void>>();
      const killAndRestart = async () => {
        await server?.kill('SIGKILL');
        const reconnected = connected(publisher);
        server = await spawnServer(env);
        await reconnected;
      };
      for (let seq = 0; seq < BATCHES; seq += 1) {
        if (inFlight.size >= IN_FLIGHT) await Promise.race(inFlight);
        const sent: Promise<void> = publisher
          .publishAsync(topics.tags(device.sn), batch(seq), { qos: 1 })
          .then(() => {
            inFlight.delete(sent);
            acked += 1;
            // Midway, at a moment when other batches are unacknowledged (sent, maybe being stored).
            if (!restart && acked >= BATCHES / 2 && inFlight.size > 0) restart = killAndRestart();
          });
        inFlight.add(sent);
        // One batch per turn of the event loop: the server sees a stream rather than bursts of a
        // whole window, so the kill lands while batches are in its hands, some mid-transaction.
        await new Promise<void>((done) => setImmediate(done));
      }
      await Promise.all(inFlight);
      await restart;

      expect(restart).not.toBeNull();
      // Every PUBACK follows its commit, so once all are in, the history is complete.
      const nums = (await storedHistory(store, device.id, 'n')).map((s) => s.num);
      expect(nums).toHaveLength(VALUES);
      expect(new Set(nums).size).toBe(VALUES);
      expect([Math.min(...nums.map(Number)), Math.max(...nums.map(Number))]).toEqual([0, VALUES - 1]);
      const latest = await store.db
        .selectFrom('tag_latest')
        .select(['value', 'ts'])
        .where('device_id', '=', device.id)
        .execute();
      expect(latest.map((r) => [r.value, Number(r.ts)])).toEqual([[String(VALUES - 1), T0 + VALUES - 1]]);
    } finally {
      await client?.endAsync(true);
      await (server as ServerProcess | null)?.kill('SIGTERM');
      await store.close();
      await target.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
