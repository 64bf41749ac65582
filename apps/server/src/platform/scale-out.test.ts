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
  type WsServerMessage,
} from '@hmi/contract';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount, type TestAccount } from '../test/accounts';
import type { Harness } from '../test/harness';
import { historyOf } from '../test/history';
import { useInstances } from '../test/instances';
import { startMosquitto, type TestMosquitto } from '../test/mosquitto';
import { boundDevice, connect, nextLive, nextMessage } from '../test/mqtt';
import { ok } from '../test/registry';
import { WsClient } from '../test/ws-client';
import type { ExternalBroker } from './mqtt/external';
import type { RedisBus } from './redis-bus';

/**
 * Resolves once `c` has values of `tag` with every timestamp of `ts` (received before or after now).
 */
function valuesOf(c: WsClient, deviceId: number, tag: string, ts: readonly number[]): Promise<void> {
  const missing = new Set(ts);
  const take = (e: WsServerMessage) => {
    if (e.type === 'values' && e.device_id === deviceId)
      for (const v of e.values) if (v.tag === tag) missing.delete(v.ts);
    return missing.size === 0;
  };
  for (const e of c.messages) take(e);
  return missing.size === 0 ? Promise.resolve() : c.upcoming(take).then(() => undefined);
}

describe('scale-out: two instances on one PostgreSQL, one Mosquitto and one Redis', () => {
  let mosquitto: TestMosquitto;
  let main: TestAccount;
  let browser: WsClient;
  let device: Awaited<ReturnType<typeof boundDevice>>;
  let dev: MqttClient;

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
  });
  afterAll(async () => {
    await mosquitto?.stop();
  });
  const [a, b] = useInstances(2, {
    // Every sample is stored (no billing allocation needed for history).
    env: (shared) => ({ ...shared, MQTT_URL: mosquitto.consoleUrl, BILLING: 'off' }),
  });
  beforeAll(async () => {
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    main = await createMainAccount(a, 20);
    device = await boundDevice(a, main, 'scale');
    await (a.app.connectivity.broker as ExternalBroker).security().provisionDevice(device.sn, device.secret);
    browser = await WsClient.signedIn(b, main.token);
    const subscribed = browser.upcoming((m) => m.type === 'subscribed');
    browser.send({ type: 'subscribe', devices: [device.deviceId] });
    await subscribed;
    dev = await connect(mosquitto.url, { username: device.sn, password: device.secret, protocolVersion: 5 });
  });
  afterAll(async () => {
    browser?.close();
    dev?.end(true);
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
    const all = valuesOf(
      browser,
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
    const syncs = () => browser.messages.filter((e) => e.type === 'sync').length;
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
    const synced = browser.upcoming((m) => m.type === 'sync' && m.device_id === device.deviceId);
    await ok(a, main, updateDevice, { params: { id: device.deviceId }, body: { template_id: template.id } });
    await synced;
    // B cached the device's old TAG table a moment ago; without the bus it would refuse `pressure`.
    const seqs = Array.from({ length: 20 }, (_, i) => 100 + i);
    const all = valuesOf(
      browser,
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
    const done = browser.upcoming((m) => m.type === 'command' && m.command_id === cmd.id);
    await dev.publishAsync(
      topics.ack(device.sn),
      JSON.stringify({ v: 1, id: c.id, ok: true, config_version: c.config_version }),
      { qos: 1 },
    );
    await done;
    expect(browser.messages.find((e) => e.type === 'command' && e.command_id === cmd.id)).toMatchObject({
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
