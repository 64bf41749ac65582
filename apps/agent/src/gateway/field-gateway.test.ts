import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { join } from 'node:path';
import {
  PAYLOAD_BYTES_MAX,
  PROTOCOL_VERSION,
  TAGS_MAX,
  TagAccess,
  TagDataType,
  topics,
  type Ack,
  type FieldReport,
  type SyncTag,
  type TagsBatch,
} from '@hmi/contract';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mbpollRead, startModbusPeer, type ModbusPeer } from '../test/peers/modbus-peer';
import { cloudClient, nextPayload, startBroker } from '../test/vnc-support';
import { readGatewayConfig } from './config';
import { startGateway, type Gateway } from './gateway';
import { useTempFolder } from '../test/temp-folder';

const SCAN_MS = 200;
const tmp = useTempFolder('field-gw-');
let broker: Awaited<ReturnType<typeof startBroker>>;
let cloud: MqttClient;
let peer: ModbusPeer;
/** A TCP listener named by the file but by no TAG: it must never see a connection. */
let spare: Server;
let spareConnections = 0;
const gateways: Gateway[] = [];

beforeAll(async () => {
  broker = await startBroker();
  cloud = await cloudClient(broker.url);
  await cloud.subscribeAsync(['hmi/+/tags', 'hmi/+/ack', 'hmi/+/field']);
  // The cloud confirms each batch as the server does once it stored it: a gateway keeps unconfirmed
  // batches in its outbox and sends only so many of them ahead.
  cloud.on('message', (topic, payload) => {
    const sn = /^hmi\/([^/]+)\/tags$/.exec(topic)?.[1];
    if (!sn) return;
    const { seq } = JSON.parse(payload.toString()) as TagsBatch;
    const stored = { v: PROTOCOL_VERSION, id: `stored-${seq}`, type: 'stored', seqs: [seq] };
    void cloud.publishAsync(topics.cmd(sn), JSON.stringify(stored));
  });
  peer = await startModbusPeer({ tcp: true });
  spare = createServer((s) => {
    spareConnections++;
    s.destroy();
  });
  await new Promise<void>((resolve) => spare.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await Promise.all(gateways.map((g) => g.stop()));
  await cloud?.endAsync();
  await broker?.close();
  await peer?.stop();
  spare?.close();
});

function configFile(sn: string, port: number): string {
  const path = join(tmp.path, `${sn}.json`);
  writeFileSync(
    path,
    JSON.stringify({
      url: broker.url,
      sn,
      secret: 'x',
      sink: `${sn}-writes.json`,
      template: `${sn}-template.json`,
      outbox: { path: `${sn}-outbox.sqlite` },
      connections: {
        plc1: { protocol: 'modbus-tcp', host: '127.0.0.1', port, timeout_ms: 150 },
        spare: { protocol: 'modbus-tcp', host: '127.0.0.1', port: (spare.address() as AddressInfo).port },
      },
    }),
  );
  return path;
}

async function gateway(path: string, fieldReportMs = 100): Promise<Gateway> {
  const gw = startGateway(readGatewayConfig(path), { fieldReportMs });
  gateways.push(gw);
  await gw.ready();
  return gw;
}

function syncTag(name: string, addressType: string, address: string, dataType: number, access = 0): SyncTag {
  const t = { name, data_type: dataType, access, address_type: addressType, address, scan_time_ms: SCAN_MS };
  return { ...t, save_history: true, default_value: '' };
}

async function command(sn: string, cmd: object): Promise<Ack> {
  const id = `c${Math.random().toString(16).slice(2)}`;
  const ack = nextPayload<Ack>(cloud, topics.ack(sn), (a) => a.id === id);
  await cloud.publishAsync(topics.cmd(sn), JSON.stringify({ v: 1, id, ...cmd }), { qos: 1 });
  return ack;
}

/** The next sample of `tag` that `pick` accepts, from the device's batches. */
async function sample(sn: string, tag: string, pick: (s: { value?: unknown; q?: string }) => boolean) {
  const batch = await nextPayload<TagsBatch>(cloud, topics.tags(sn), (b) =>
    b.values.some((s) => s.tag === tag && pick(s)),
  );
  return batch.values.find((s) => s.tag === tag && pick(s));
}

const v1 = [
  syncTag('speed', 'plc1:4x', '0', TagDataType.UINT16),
  syncTag('temp', 'plc1:4x', '1', TagDataType.FLOAT),
  syncTag('sp', 'plc1:4x', '3', TagDataType.INT32, TagAccess.READ_WRITE),
  syncTag('run', 'plc1:0x', '0', TagDataType.BOOL, TagAccess.READ_WRITE),
  syncTag('ghost', 'elsewhere:4x', '0', TagDataType.UINT16),
  syncTag('local', '', '', TagDataType.UINT16),
];

describe('gateway driven by the synced template', () => {
  it('stores, applies, then acks the template; polls it and reports by exception', async () => {
    await peer.set('hr', 0, [7, 0x41c8, 0, 0, 0]);
    const sn = 'GW-FIELD-1';
    const path = configFile(sn, peer.port);
    const gw = await gateway(path);
    const firstTemp = sample(sn, 'temp', (s) => s.value === 25);
    const ghost = sample(sn, 'ghost', (s) => s.q !== undefined);
    expect(await command(sn, { type: 'sync', config_version: 3, tags: v1 })).toMatchObject({
      ok: true,
      config_version: 3,
    });
    expect(JSON.parse(readFileSync(join(tmp.path, `${sn}-template.json`), 'utf8'))).toMatchObject({
      config_version: 3,
    });
    expect(await firstTemp).toMatchObject({ value: 25 });
    expect(await ghost).toEqual({ tag: 'ghost', q: 'config:unknown connection', ts: expect.any(Number) });
    expect(spareConnections).toBe(0);

    // a change is sent alone: the unchanged TAGs are not repeated
    const changed = nextPayload<TagsBatch>(cloud, topics.tags(sn), (b) =>
      b.values.some((s) => s.tag === 'speed'),
    );
    await peer.set('hr', 0, [8]);
    expect((await changed).values.map((s) => [s.tag, s.value])).toEqual([['speed', 8]]);

    const report = await nextPayload<FieldReport>(cloud, topics.field(sn), (r) => r.connections.length > 0);
    expect(report).toMatchObject({
      unknown_connection_tags: 1,
      connections: [{ name: 'plc1', protocol: 'modbus-tcp', state: 'connected', tags: 4 }],
    });
    expect(spareConnections).toBe(0);
    expect(gw.poller.requestsPerScan()).toBe(2);
  });

  it("sends the planner's minimum of requests per scan", async () => {
    const sn = 'GW-FIELD-1';
    const gw = gateways[0];
    // one scan a minute: the first scan after a sync is the only one in this test. Synced twice, so that
    // no scan of the earlier 200 ms template is still under way when the peer's count starts.
    const slow = v1.map((t) => ({ ...t, scan_time_ms: 60_000 }));
    for (const config_version of [5, 6]) {
      if (config_version === 6) await peer.reads();
      const polled = sample(sn, 'temp', (s) => s.value !== undefined);
      await command(sn, { type: 'sync', config_version, tags: slow });
      await polled;
    }
    // 4x 0-4 in one request, 0x 0 in another; nothing for ghost (unknown) or local (not polled)
    expect(gw?.poller.requestsPerScan()).toBe(2);
    expect(await peer.reads()).toBe(2);
  });

  it('turns a write command into a protocol write, and a refusal into a reasoned ack', async () => {
    const sn = 'GW-FIELD-1';
    expect(await command(sn, { type: 'write', tag: 'sp', value: -70000 })).toMatchObject({ ok: true });
    expect(await command(sn, { type: 'write', tag: 'run', value: true })).toMatchObject({ ok: true });
    expect(await mbpollRead(peer.port, 4, 3, 2)).toEqual([0xfffe, 0xee90]);
    expect(await mbpollRead(peer.port, 0, 0, 1)).toEqual([1]);
    expect(await command(sn, { type: 'write', tag: 'speed', value: 1 })).toMatchObject({
      ok: false,
      reason: 'config:read only',
    });
    expect(await command(sn, { type: 'write', tag: 'ghost', value: 1 })).toMatchObject({
      ok: false,
      reason: 'config:unknown connection',
    });
    expect(await command(sn, { type: 'write', tag: 'sp', value: 'x' })).toMatchObject({
      ok: false,
      reason: 'decode',
    });
  });

  it('replaces the polling with a new template version, without a restart', async () => {
    const sn = 'GW-FIELD-1';
    await peer.set('hr', 20, [0x4142, 0x4300]);
    const text = sample(sn, 'label', (s) => s.value === 'ABC');
    const missing = sample(sn, 'far', (s) => s.q !== undefined);
    const v2 = [
      syncTag('label', 'plc1:4x', '20#2', TagDataType.STRING),
      syncTag('far', 'plc1:4x', '5000', TagDataType.UINT16),
    ];
    expect(await command(sn, { type: 'sync', config_version: 4, tags: v2 })).toMatchObject({
      config_version: 4,
    });
    expect(await text).toMatchObject({ value: 'ABC' });
    expect(await missing).toMatchObject({ q: 'exception:2' });
    // the old TAGs are gone from the polling: a change of speed is not sent any more, a label's is
    await peer.set('hr', 0, [99]);
    const next = nextPayload<TagsBatch>(cloud, topics.tags(sn), () => true);
    await peer.set('hr', 20, [0x4142, 0x4400]);
    expect((await next).values.map((s) => [s.tag, s.value])).toEqual([['label', 'ABD']]);
  });

  it('accepts the sync of a full template, larger than a tags batch may be', async () => {
    const sn = 'GW-FIELD-1';
    const tags = Array.from({ length: TAGS_MAX }, (_, i) => ({
      ...syncTag(
        `${'n'.repeat(58)}${String(i).padStart(6, '0')}`,
        'plc1:4x',
        String(i % 1000),
        TagDataType.UINT16,
      ),
      scan_time_ms: 60_000,
    }));
    expect(JSON.stringify(tags).length).toBeGreaterThan(PAYLOAD_BYTES_MAX);
    expect(await command(sn, { type: 'sync', config_version: 7, tags })).toMatchObject({
      ok: true,
      config_version: 7,
    });
    expect(gateways[0]?.poller.requestsPerScan()).toBe(8);
  });

  it('polls the stored template after a restart, and a stopped PLC is disconnected within three scans', async () => {
    const own = await startModbusPeer({ tcp: true });
    const sn = 'GW-FIELD-2';
    const path = configFile(sn, own.port);
    const first = await gateway(path);
    expect(await command(sn, { type: 'sync', config_version: 9, tags: v1.slice(0, 1) })).toMatchObject({
      ok: true,
    });
    await first.stop();
    expect(existsSync(join(tmp.path, `${sn}-template.json`))).toBe(true);

    await own.set('hr', 0, [42]);
    const polled = sample(sn, 'speed', (s) => s.value === 42);
    await gateway(path);
    expect(await polled).toMatchObject({ value: 42 });

    const down = sample(sn, 'speed', (s) => s.q !== undefined);
    const stoppedAt = Date.now();
    await own.stop();
    expect(await down).toMatchObject({ q: 'disconnected' });
    expect((await down)?.ts).toBeLessThanOrEqual(stoppedAt + 3 * SCAN_MS);
  });

  it('reports a connection that went down at once, not at the next round of reports', async () => {
    const own = await startModbusPeer({ tcp: true });
    const sn = 'GW-FIELD-3';
    // Rounds an hour apart: only a report made because the connection changed can arrive.
    await gateway(configFile(sn, own.port), 3_600_000);
    const up = nextPayload<FieldReport>(
      cloud,
      topics.field(sn),
      (r) => r.connections[0]?.state === 'connected',
    );
    expect(await command(sn, { type: 'sync', config_version: 1, tags: v1.slice(0, 1) })).toMatchObject({
      ok: true,
    });
    await up;
    const down = nextPayload<FieldReport>(
      cloud,
      topics.field(sn),
      (r) => r.connections[0]?.state === 'error',
    );
    await own.stop();
    expect((await down).connections[0]).toMatchObject({ name: 'plc1', last_error: 'disconnected' });
  });
});
