import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ingestStats,
  getDevice,
  createTemplate,
  putTemplateTags,
  updateDevice,
  syncDevice,
  getCommand,
  unbindDevice,
  topics,
  type WsDeviceEvent,
  type WsServerMessage,
} from '@hmi/contract';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../app';
import { createMainAccount, type TestAccount } from '../test/accounts';
import { databases } from '../test/databases';
import type { Harness } from '../test/harness';
import { historyOf } from '../test/history';
import { startMosquitto, type TestMosquitto } from '../test/mosquitto';
import { boundDevice, connect, nextLive, nextMessage } from '../test/mqtt';
import { ok } from '../test/registry';
import { ManualClock } from './clock';
import { loadConfig } from './config';
import type { ExternalBroker } from './mqtt/external';
import type { RedisBus } from './redis-bus';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

// Two instances share one database, as in production; two processes on one SQLite file is not a
// supported mode, so this suite needs PostgreSQL and must fail, not vanish, without it.
const postgres = databases.find((d) => d.name === 'postgres');
if (!postgres)
  throw new Error(
    'The scale-out suite needs PostgreSQL (TEST_DATABASE_URL): two instances share one database.',
  );

/** A browser on `/v1/ws` of one instance, signed in and subscribed. */
class Browser {
  readonly events: WsDeviceEvent[] = [];
  private waiters: { pred: (e: WsServerMessage) => boolean; resolve(): void }[] = [];
  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      const m = JSON.parse(data.toString('utf8')) as WsServerMessage;
      if ('device_id' in m) this.events.push(m);
      this.waiters = this.waiters.filter((w) => (w.pred(m) ? (w.resolve(), false) : true));
    });
  }
  static async open(h: Harness, token: string, devices: number[]): Promise<Browser> {
    const addr = h.app.server.address();
    const port = typeof addr === 'object' && addr ? addr.port : 0;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/v1/ws`, { origin: 'http://console.test' });
    const b = new Browser(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const ready = b.until((m) => m.type === 'ready');
    ws.send(JSON.stringify({ type: 'auth', token }));
    await ready;
    const subscribed = b.until((m) => m.type === 'subscribed');
    ws.send(JSON.stringify({ type: 'subscribe', devices }));
    await subscribed;
    return b;
  }
  /** Resolves once a message matching `pred` arrives (from now on). */
  until(pred: (m: WsServerMessage) => boolean): Promise<void> {
    return new Promise((resolve) => this.waiters.push({ pred, resolve }));
  }
  /** Resolves once values of `tag` with every timestamp of `ts` have arrived (before or after now). */
  valuesOf(deviceId: number, tag: string, ts: readonly number[]): Promise<void> {
    const missing = new Set(ts);
    const take = (e: WsServerMessage) => {
      if (e.type === 'values' && e.device_id === deviceId)
        for (const v of e.values) if (v.tag === tag) missing.delete(v.ts);
      return missing.size === 0;
    };
    for (const e of this.events) take(e);
    return missing.size === 0 ? Promise.resolve() : this.until(take);
  }
  close(): void {
    this.ws.close();
  }
}

describe('scale-out: two instances on one PostgreSQL, one Mosquitto and one Redis', () => {
  let mosquitto: TestMosquitto;
  let drop: () => Promise<void>;
  let a: Harness;
  let b: Harness;
  let main: TestAccount;
  let browser: Browser;
  let device: Awaited<ReturnType<typeof boundDevice>>;
  let dev: MqttClient;
  const clock = new ManualClock(Date.UTC(2026, 2, 1, 8, 0, 0));

  async function instance(env: Record<string, string>): Promise<Harness> {
    const dataDir = mkdtempSync(join(tmpdir(), 'hmi-scale-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://console.test',
      WEB_DIST: join(dataDir, 'no-web'),
      ...env,
    });
    const app = await buildApp(config, { clock });
    return {
      app,
      clock,
      config,
      dataDir,
      async close() {
        await app.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }

  const stats = (h: Harness) => ok(h, main, ingestStats, { params: { id: device.deviceId } });

  const publishTags = async (tag: string, seqs: number[]) => {
    for (const seq of seqs)
      await dev.publishAsync(
        topics.tags(device.sn),
        JSON.stringify({ v: 1, seq, values: [{ tag, value: seq, ts: 1000 + seq }] }),
        { qos: 1 },
      );
  };

  beforeAll(async () => {
    mosquitto = await startMosquitto();
    const db = await postgres.create();
    drop = db.drop;
    const env = {
      ...db.env,
      MQTT_URL: mosquitto.consoleUrl,
      REDIS_URL,
      // Every sample is stored (no billing allocation needed for history).
      BILLING: 'off',
      REDIS_PREFIX: `test-${randomBytes(6).toString('hex')}`,
      // Every instance must accept the tokens the others issued.
      TOKEN_SECRET: randomBytes(32).toString('hex'),
    };
    a = await instance(env);
    b = await instance(env);
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    main = await createMainAccount(a, 20);
    device = await boundDevice(a, main, 'scale');
    await (a.app.connectivity.broker as ExternalBroker).security().provisionDevice(device.sn, device.secret);
    browser = await Browser.open(b, main.token, [device.deviceId]);
    dev = await connect(mosquitto.url, { username: device.sn, password: device.secret, protocolVersion: 5 });
  });
  afterAll(async () => {
    browser?.close();
    dev?.end(true);
    await a?.close();
    await b?.close();
    await drop?.();
    await mosquitto?.stop();
  });

  it('runs both instances on the Redis bus of one deployment', () => {
    const busA = a.app.connectivity.bus as RedisBus;
    const busB = b.app.connectivity.bus as RedisBus;
    expect(busA.channel).toBe(`${a.config.redisPrefix}:bus`);
    expect(busB.channel).toBe(busA.channel);
    expect(busA.instanceId).not.toBe(busB.instanceId);
  });

  it("shows the device's online state on both instances", async () => {
    const online = (h: Harness) =>
      nextLive(h, (e) => e.type === 'online' && e.device_id === device.deviceId && e.online === 1);
    const seen = Promise.all([online(a), online(b)]);
    await dev.publishAsync(topics.state(device.sn), JSON.stringify({ v: 1, online: true }), { qos: 1 });
    await seen;
    for (const h of [a, b])
      expect(await ok(h, main, getDevice, { params: { id: device.deviceId } })).toMatchObject({ online: 1 });
  });

  it('splits the stream between the instances, stores each batch once, and pushes every value to a browser on B', async () => {
    const seqs = Array.from({ length: 40 }, (_, i) => i + 1);
    const all = browser.valuesOf(
      device.deviceId,
      'temp',
      seqs.map((s) => 1000 + s),
    );
    await publishTags('temp', seqs);
    await all;
    const rows = await historyOf(a, device.deviceId, 'temp');
    expect(rows.map((r) => Number(r.value)).sort((x, y) => x - y)).toEqual(seqs);
    const [onA, onB] = [await stats(a), await stats(b)];
    expect(onA.batches + onB.batches).toBe(seqs.length);
    expect(onA.batches).toBeGreaterThan(0);
    expect(onB.batches).toBeGreaterThan(0);
  });

  it("a template change on A reaches B's ingest at once, and browsers hear of it once", async () => {
    const syncs = () => browser.events.filter((e) => e.type === 'sync').length;
    const before = syncs();
    const template = await ok(a, main, createTemplate, {
      body: {
        name: 'Tpressure',
        hmi_model: 'X10',
      },
    });
    await ok(a, main, putTemplateTags, {
      params: { id: template.id },
      body: {
        tags: [{ name: 'pressure', data_type: 7, access: 0, save_history: true }],
      },
    });
    const synced = browser.until((m) => m.type === 'sync' && m.device_id === device.deviceId);
    await ok(a, main, updateDevice, { params: { id: device.deviceId }, body: { template_id: template.id } });
    await synced;
    // B cached the device's old TAG table a moment ago; without the bus it would refuse `pressure`.
    const seqs = Array.from({ length: 20 }, (_, i) => 100 + i);
    const all = browser.valuesOf(
      device.deviceId,
      'pressure',
      seqs.map((s) => 1000 + s),
    );
    const batchesOnB = (await stats(b)).batches;
    await publishTags('pressure', seqs);
    await all;
    const onB = await stats(b);
    expect(onB.batches).toBeGreaterThan(batchesOnB);
    expect(onB.rejected.unknownTag ?? 0).toBe(0);
    expect(syncs() - before).toBe(1);
  });

  it('a command sent through A and acknowledged through either instance finishes for the browser on B', async () => {
    await dev.subscribeAsync(topics.cmd(device.sn), { qos: 1 });
    const got = nextMessage(dev, topics.cmd(device.sn));
    const cmd = await ok(a, main, syncDevice, { params: { id: device.deviceId } });
    const c = (await got) as { id: string; config_version: number };
    const done = browser.until((m) => m.type === 'command' && m.command_id === cmd.id);
    await dev.publishAsync(
      topics.ack(device.sn),
      JSON.stringify({ v: 1, id: c.id, ok: true, config_version: c.config_version }),
      { qos: 1 },
    );
    await done;
    expect(browser.events.find((e) => e.type === 'command' && e.command_id === cmd.id)).toMatchObject({
      status: 'done',
    });
    expect(await ok(b, main, getCommand, { params: { id: device.deviceId, cmdId: cmd.id } })).toMatchObject({
      status: 'done',
    });
  });

  it('unbinding on A drops the device on the broker', async () => {
    const closed = new Promise<void>((resolve) => dev.once('close', () => resolve()));
    await ok(a, main, unbindDevice, { params: { id: device.deviceId } });
    await closed;
  });
});
