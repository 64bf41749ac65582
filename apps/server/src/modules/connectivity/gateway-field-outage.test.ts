import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startModbusPeer, type ModbusPeer } from '@hmi/agent/modbus-peer';
import { TagDataType } from '@hmi/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db';
import { databases, type TestDatabase } from '../../test/databases';
import type { FleetDevice } from '../../test/fleet';
import { gatewayStage } from '../../test/gateway-stage';
import { outboxContent, spawnGateway, until } from '../../test/gateway-process';
import { spawnServer } from '../../test/server-process';
import { storedHistory } from './index';

const SCAN_MS = 100;
/** Reads of the changing register while the server is down (about 10 s at 100 ms a scan). */
const OUTAGE_READS = 100;

/**
 * The gateway of the README on device `sn`: one Modbus TCP connection to `port`, and a stored
 * template (as a sync leaves it) polling holding register 0 as TAG `count` every SCAN_MS. The periodic
 * refresh (a repeat of every value, by design) is an hour away: every sample here is a read.
 */
function gatewayFiles(dir: string, o: { mqttPort: number; plcPort: number; device: FleetDevice }) {
  const config = join(dir, 'gateway.json');
  writeFileSync(
    join(dir, 'template.json'),
    JSON.stringify({
      config_version: 1,
      tags: [
        {
          name: 'count',
          data_type: TagDataType.UINT16,
          access: 0,
          address_type: 'plc1:4x',
          address: '0',
          scan_time_ms: SCAN_MS,
          save_history: true,
          default_value: '',
        },
      ],
    }),
  );
  writeFileSync(
    config,
    JSON.stringify({
      url: `mqtt://127.0.0.1:${o.mqttPort}`,
      sn: o.device.sn,
      secret: o.device.secret,
      sink: 'writes.json',
      refreshMs: 3_600_000,
      connections: { plc1: { protocol: 'modbus-tcp', host: '127.0.0.1', port: o.plcPort, timeout_ms: 5000 } },
      outbox: { path: 'outbox.sqlite' },
    }),
  );
  return { config, outbox: join(dir, 'outbox.sqlite') };
}

describe.each(databases)(
  'a gateway polling a PLC through a server outage on $name',
  (database: TestDatabase) => {
    const stage = gatewayStage(database, {
      prefix: 'FIELDOUT',
      tags: [{ name: 'count', data_type: TagDataType.UINT16, save_history: true }],
    });
    let dir: string;
    let store: Db;
    let device: FleetDevice;
    let env: Record<string, string>;
    let mqttPort: number;
    let peer: ModbusPeer | undefined;
    const start = stage.start;
    beforeEach(() => ({ dir, store, device, env, mqttPort } = stage));
    afterEach(async () => {
      await peer?.stop();
    });

    /** The PLC's counter now: the gateway has read 0 … counter − 1 (peer.get does not count). */
    const counter = async () => (await (peer as ModbusPeer).get('hr', 0, 1))[0] ?? 0;
    const history = async () => await storedHistory(store, device.id, 'count');

    it(
      'keeps every value the PLC gave while the server was down: in order, no gap, no duplicate',
      { timeout: 120_000 },
      async () => {
        // Holding register 0 goes up by one after each read: the values the gateway read are exactly
        // 0, 1, 2, … and any value lost, doubled or out of order in the history shows.
        peer = await startModbusPeer({ tcp: true }, { countReads: 0 });
        let server = await start(spawnServer(env));
        const files = gatewayFiles(dir, { mqttPort, plcPort: peer.port, device });
        await start(spawnGateway(files.config));
        await until(async () => (await history()).length >= 20);

        await server.kill('SIGKILL');
        const downAt = Date.now();
        const readAtDown = await counter();
        await until(async () => (await counter()) >= readAtDown + OUTAGE_READS, 60_000);
        expect(outboxContent(files.outbox).length).toBeGreaterThanOrEqual(OUTAGE_READS * 0.9);

        server = await start(spawnServer(env));
        const upAt = Date.now();
        // live values resume within seconds, beside the replay
        await until(async () => {
          const latest = await store.db
            .selectFrom('tag_latest')
            .select('ts')
            .where('device_id', '=', device.id)
            .where('tag', '=', 'count')
            .executeTakeFirst();
          return Number(latest?.ts ?? 0) > upAt;
        }, 10_000);

        // Every value read until now is in the history once the replay is through (live values come
        // in beside it, so the newest value alone says nothing).
        const readBy = await counter();
        const has = async () => {
          const seen = new Set((await history()).map((s) => s.num));
          return Array.from({ length: readBy }, (_, i) => i).every((v) => seen.has(v));
        };
        await until(has, 60_000);
        const samples = await history();
        const values = samples.map((s) => s.num ?? -1);
        // in time order the values only go up (nothing doubled or out of order), and none read is missing
        expect(values.slice(1).every((v, i) => v > (values[i] ?? v))).toBe(true);
        expect(values.filter((v) => v < readBy)).toEqual(Array.from({ length: readBy }, (_, i) => i));
        const times = samples.map((s) => s.ts);
        expect(times.slice(1).every((t, i) => t > (times[i] ?? t))).toBe(true);
        expect(samples.filter((s) => s.ts > downAt && s.ts < upAt).length).toBeGreaterThanOrEqual(
          OUTAGE_READS * 0.9,
        );
      },
    );
  },
);
