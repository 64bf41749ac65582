import { execFile } from 'node:child_process';
import { connect as netConnect } from 'node:net';
import { promisify } from 'node:util';
import {
  writeTag,
  deviceTags,
  ingestStats,
  getDevice,
  syncDevice,
  getCommand,
  deviceHistory,
  unbindDevice,
  bindDevice,
  topics,
  type WsDeviceEvent,
} from '@hmi/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { revokeHardware } from '../devices/hardware';
import { createMainAccount, type TestAccount } from '../../test/accounts';
import { databases } from '../../test/databases';
import { connectPacket } from '../../test/flood';
import { api } from '../../test/harness';
import { useHarness } from '../../test/suite';
import { historyOf, importHistory } from '../../test/history';
import { boundDevice, brokerUrl, connect, nextLive, nextMessage } from '../../test/mqtt';
import { ok } from '../../test/registry';

const run = promisify(execFile);

describe.each(databases)('device connectivity on $name', (database) => {
  let main: TestAccount;
  let n = 0;
  const tag = () => `${database.name}${(n += 1)}`;

  // BILLING=off: every history TAG's every sample is stored (billing's policy: history-policy.test).
  const h = useHarness(database, { env: { COMMAND_TIMEOUT_SECONDS: '2', BILLING: 'off' } });
  beforeAll(async () => {
    main = await createMainAccount(h, 50);
  });

  const batch = (seq: number, values: { tag: string; value: unknown; ts?: number }[]) =>
    JSON.stringify({ v: 1, seq, values: values.map((v) => ({ ts: 1772352000000 + seq, ...v })) });

  it('refuses anonymous, unknown SN and wrong secret; accepts SN + secret', async () => {
    const d = await boundDevice(h, main, tag());
    const url = brokerUrl(h);
    await expect(connect(url)).rejects.toThrow(/bad username or password|not authorized/i);
    await expect(connect(url, { username: 'NOSUCHSN', password: d.secret })).rejects.toThrow(/bad username/i);
    await expect(connect(url, { username: d.sn, password: 'wrong' })).rejects.toThrow(/bad username/i);
    await expect(connect(url, { username: d.sn })).rejects.toThrow(/bad username/i);
    const c = await connect(url, { username: d.sn, password: d.secret });
    expect(c.connected).toBe(true);
    await c.endAsync();
  });

  it('ACL: a device publishes tags/state/ack and subscribes cmd under its own prefix only', async () => {
    const a = await boundDevice(h, main, tag());
    const b = await boundDevice(h, main, tag());
    const url = brokerUrl(h);
    const dev = await connect(url, { username: a.sn, password: a.secret });
    // Subscriptions: only its own cmd.
    for (const refused of [
      '#',
      'hmi/#',
      'hmi/+/cmd',
      topics.cmd(b.sn),
      topics.tags(a.sn),
      topics.state(a.sn),
    ])
      await expect(dev.subscribeAsync(refused, { qos: 1 }), refused).rejects.toThrow(/subscribe error/i);
    expect((await dev.subscribeAsync(topics.cmd(a.sn), { qos: 1 })).map((g) => g.qos)).toEqual([1]);
    await dev.endAsync();

    // Publishing to another SN's topic, or to its own cmd, closes the connection and stores nothing.
    for (const topic of [topics.tags(b.sn), topics.cmd(a.sn), `hmi/${a.sn}/other`, 'elsewhere']) {
      const c = await connect(url, { username: a.sn, password: a.secret });
      const closed = new Promise<void>((resolve) => c.once('close', () => resolve()));
      c.publish(topic, batch(1, [{ tag: 'temp', value: 1.5 }]), { qos: 1 });
      await closed;
      c.end(true);
    }
    const tagsB = await ok(h, main, deviceTags, { params: { id: b.deviceId } });
    expect(tagsB.list.every((t) => t.value === null)).toBe(true);
  });

  it('stores a valid batch; counts and never stores bad payloads, unknown TAGs, wrong types, NaN/Infinity', async () => {
    const d = await boundDevice(h, main, tag());
    const c = await connect(brokerUrl(h), { username: d.sn, password: d.secret });
    const t = topics.tags(d.sn);
    const live = nextLive(h, (e) => e.type === 'values' && e.device_id === d.deviceId);
    await c.publishAsync(
      t,
      batch(10, [
        { tag: 'temp', value: 21.5 },
        { tag: 'speed', value: 1200 },
        { tag: 'running', value: true },
        { tag: 'label', value: 'ok' },
        { tag: 'count', value: '18446744073709551615' },
      ]),
      { qos: 1 },
    );
    expect(((await live) as Extract<WsDeviceEvent, { type: 'values' }>).values).toHaveLength(5);
    // Whole payload refused: not JSON, JSON's NaN, another protocol version, missing seq, empty values.
    for (const bad of [
      'not json',
      '{"v":1,"seq":11,"values":[{"tag":"temp","value":NaN,"ts":1}]}',
      '{"v":2,"seq":12,"values":[]}',
      '{"v":1,"values":[{"tag":"temp","value":1,"ts":1}]}',
      '{"v":1,"seq":13,"values":[]}',
    ])
      await c.publishAsync(t, bad, { qos: 1 });
    // Value by value: unknown TAG, wrong type, non-finite, out of range, fractional integer.
    await c.publishAsync(
      t,
      '{"v":1,"seq":20,"values":[' +
        '{"tag":"nope","value":1,"ts":1772352000020},' +
        '{"tag":"temp","value":"warm","ts":1772352000020},' +
        '{"tag":"temp","value":1e999,"ts":1772352000020},' +
        '{"tag":"speed","value":-1e999,"ts":1772352000020},' +
        '{"tag":"running","value":2,"ts":1772352000020},' +
        '{"tag":"speed","value":1.5,"ts":1772352000020},' +
        '{"tag":"label","value":5,"ts":1772352000020},' +
        '{"tag":"count","value":-1,"ts":1772352000020}]}',
      { qos: 1 },
    );
    const stats = await ok(h, main, ingestStats, { params: { id: d.deviceId } });
    expect(stats).toMatchObject({
      batches: 2,
      values: 5,
      duplicates: 0,
      rejected: {
        // v 2: a protocol version this server does not accept (field-reports.ts), not a bad payload.
        schema: 4,
        protocolVersion: 1,
        unknownTag: 1,
        tagValueNumber: 1,
        nonFinite: 2,
        tagValueBool: 1,
        tagValueInteger: 1,
        type: 1,
        tagValueRange: 1,
      },
    });
    const tags = await ok(h, main, deviceTags, { params: { id: d.deviceId } });
    expect(Object.fromEntries(tags.list.map((x) => [x.name, x.value]))).toEqual({
      temp: '21.5',
      speed: '1200',
      running: '1',
      label: 'ok',
      count: '18446744073709551615',
    });
    const rows = (await historyOf(h, d.deviceId))
      .map(({ tag, value }) => ({ tag, value }))
      .sort((a, b) => a.tag.localeCompare(b.tag));
    // save_history: temp, speed, label only.
    expect(rows).toEqual([
      { tag: 'label', value: 'ok' },
      { tag: 'speed', value: '1200' },
      { tag: 'temp', value: '21.5' },
    ]);
    await c.endAsync();
  });

  it('drops a redelivered batch by (device, seq), also after a restart of the ingest path, and takes any number not seen', async () => {
    const d = await boundDevice(h, main, tag());
    const c = await connect(brokerUrl(h), { username: d.sn, password: d.secret });
    const t = topics.tags(d.sn);
    await c.publishAsync(t, batch(100, [{ tag: 'temp', value: 1 }]), { qos: 1 });
    await c.publishAsync(t, batch(100, [{ tag: 'temp', value: 1 }]), { qos: 1 });
    await c.publishAsync(t, batch(102, [{ tag: 'temp', value: 3 }]), { qos: 1 });
    await c.publishAsync(t, batch(101, [{ tag: 'temp', value: 2 }]), { qos: 1 }); // out of order: kept
    await c.publishAsync(t, batch(101, [{ tag: 'temp', value: 2 }]), { qos: 1 }); // again: dropped
    await c.publishAsync(t, batch(30, [{ tag: 'temp', value: 9 }]), { qos: 1 }); // far below, never seen: kept
    await c.publishAsync(t, batch(30, [{ tag: 'temp', value: 9 }]), { qos: 1 }); // again: dropped
    const stats = await ok(h, main, ingestStats, { params: { id: d.deviceId } });
    expect(stats).toMatchObject({ batches: 4, duplicates: 3 });
    const history = await historyOf(h, d.deviceId);
    expect(history.map((r) => r.value)).toEqual(['9', '1', '2', '3']);
    // The numbers seen are in the database: they survive a restart.
    const cursor = await h.app.database.db
      .selectFrom('ingest_cursor')
      .selectAll()
      .where('sn', '=', d.sn)
      .executeTakeFirstOrThrow();
    expect(Number(cursor.high_seq)).toBe(102);
    expect(cursor.window).toBe('30,100-102');
    await c.endAsync();
  });

  it('online from the state topic, offline by the will message, with the time of each change', async () => {
    const d = await boundDevice(h, main, tag());
    const online = nextLive(h, (e) => e.type === 'online' && e.device_id === d.deviceId && e.online === 1);
    const c = await connect(brokerUrl(h), {
      username: d.sn,
      password: d.secret,
      will: {
        topic: topics.state(d.sn),
        payload: Buffer.from('{"v":1,"online":false}'),
        qos: 1,
        retain: true,
      },
    });
    await c.publishAsync(topics.state(d.sn), JSON.stringify({ v: 1, online: true, config_version: 0 }), {
      qos: 1,
      retain: true,
    });
    await online;
    const device = await ok(h, main, getDevice, { params: { id: d.deviceId } });
    expect(device.online).toBe(1);
    expect(device.last_online_change).toBe(Math.floor(h.clock.now() / 1000));
    h.clock.advance(60);
    const offline = nextLive(h, (e) => e.type === 'online' && e.device_id === d.deviceId && e.online === 0);
    c.stream.destroy(); // link lost without DISCONNECT: the broker publishes the will
    expect(await offline).toMatchObject({ online: 0, at: Math.floor(h.clock.now() / 1000) });
    c.end(true);
  });

  it('offline within 1.5 keep-alive of a dead link', async () => {
    const d = await boundDevice(h, main, tag());
    const port = h.app.connectivity.broker.port ?? 0;
    const socket = netConnect(port, '127.0.0.1');
    const online = nextLive(h, (e) => e.type === 'online' && e.device_id === d.deviceId && e.online === 1);
    socket.write(connectPacket(d.sn, d.secret, 1));
    await online;
    const since = Date.now();
    // The client now sends nothing (no PINGREQ): a dead link.
    await nextLive(h, (e) => e.type === 'online' && e.device_id === d.deviceId && e.online === 0, 5000);
    const elapsed = Date.now() - since;
    expect(elapsed).toBeLessThan(1500 + 700);
    socket.destroy();
  });

  it('sync: cloud pushes the template with cmd sync; the ack sets the HMI version (pending → synchronized)', async () => {
    const d = await boundDevice(h, main, tag());
    const c = await connect(brokerUrl(h), { username: d.sn, password: d.secret });
    await c.subscribeAsync(topics.cmd(d.sn), { qos: 1 });
    await c.publishAsync(topics.state(d.sn), JSON.stringify({ v: 1, online: true }), { qos: 1 });
    const before = await ok(h, main, getDevice, { params: { id: d.deviceId } });
    expect(before.sync_status).toBe(0);
    const cmd = nextMessage(c, topics.cmd(d.sn));
    const sent = await ok(h, main, syncDevice, { params: { id: d.deviceId } });
    expect(sent.status).toBe('pending');
    const got = await cmd;
    expect(got).toMatchObject({ v: 1, id: sent.id, type: 'sync', config_version: before.cloud_version });
    expect((got.tags as { name: string }[]).map((x) => x.name)).toEqual([
      'temp',
      'speed',
      'running',
      'label',
      'count',
    ]);
    const synced = nextLive(h, (e) => e.type === 'sync' && e.device_id === d.deviceId);
    await c.publishAsync(
      topics.ack(d.sn),
      JSON.stringify({ v: 1, id: sent.id, ok: true, config_version: before.cloud_version }),
      { qos: 1 },
    );
    expect(await synced).toMatchObject({ sync_status: 1, hmi_version: before.cloud_version });
    expect(await ok(h, main, getCommand, { params: { id: d.deviceId, cmdId: sent.id } })).toMatchObject({
      status: 'done',
    });
    expect(await ok(h, main, getDevice, { params: { id: d.deviceId } })).toMatchObject({ sync_status: 1 });
    await c.endAsync();
  });

  it('writes: round trip to done, refusing ack to failed, timeout, read-only and bad values refused, offline fails', async () => {
    const d = await boundDevice(h, main, tag());
    // Offline: failed at once.
    const offline = await ok(h, main, writeTag, {
      params: { id: d.deviceId, tagId: d.tagId('speed') },
      body: {
        value: 5,
      },
    });
    expect(offline).toMatchObject({ status: 'failed', error: 'offline' });

    const c = await connect(brokerUrl(h), { username: d.sn, password: d.secret });
    await c.subscribeAsync(topics.cmd(d.sn), { qos: 1 });
    // Read-only TAG (access 0) and a value of the wrong type: 1006 naming the field.
    const ro = await api(h.app, writeTag, {
      params: { id: d.deviceId, tagId: d.tagId('temp') },
      body: { value: 1 },
      token: main.token,
    });
    expect(ro.body).toMatchObject({ code: 1006, data: { field: 'tagId', issue: 'readOnly' } });
    const bad = await api(h.app, writeTag, {
      params: { id: d.deviceId, tagId: d.tagId('speed') },
      body: { value: 'fast' },
      token: main.token,
    });
    expect(bad.body).toMatchObject({ code: 1006, data: { field: 'value', issue: 'tagValueInteger' } });
    const big = await api(h.app, writeTag, {
      params: { id: d.deviceId, tagId: d.tagId('speed') },
      body: { value: 2 ** 40 },
      token: main.token,
    });
    expect(big.body).toMatchObject({ code: 1006, data: { field: 'value', issue: 'tagValueRange' } });

    // Text that is only partly a number is refused, never read as the number it starts with.
    const partly = await api(h.app, writeTag, {
      params: { id: d.deviceId, tagId: d.tagId('speed') },
      body: { value: '2O' },
      token: main.token,
    });
    expect(partly.body).toMatchObject({ code: 1006, data: { field: 'value', issue: 'tagValueInteger' } });

    // Round trip: pending → device applies and acks → done. Typed text is kept in canonical form.
    let cmd = nextMessage(c, topics.cmd(d.sn));
    const w = await ok(h, main, writeTag, {
      params: { id: d.deviceId, tagId: d.tagId('speed') },
      body: {
        value: ' +042',
      },
    });
    expect(w).toMatchObject({ status: 'pending', value: '42' });
    expect(await cmd).toEqual({ v: 1, id: w.id, type: 'write', tag: 'speed', value: 42 });
    const done = nextLive(h, (e) => e.type === 'command' && e.command_id === w.id);
    await c.publishAsync(topics.ack(d.sn), JSON.stringify({ v: 1, id: w.id, ok: true }), { qos: 1 });
    expect(await done).toMatchObject({ status: 'done', error: null });

    // The device refuses: failed with its reason.
    cmd = nextMessage(c, topics.cmd(d.sn));
    const w2 = await ok(h, main, writeTag, {
      params: { id: d.deviceId, tagId: d.tagId('running') },
      body: {
        value: true,
      },
    });
    expect(await cmd).toMatchObject({ tag: 'running', value: true });
    const failed = nextLive(h, (e) => e.type === 'command' && e.command_id === w2.id);
    await c.publishAsync(topics.ack(d.sn), JSON.stringify({ v: 1, id: w2.id, ok: false, error: 'locked' }), {
      qos: 1,
    });
    expect(await failed).toMatchObject({ status: 'failed', error: 'locked' });

    // No ack: failed after COMMAND_TIMEOUT_SECONDS (2 here).
    const w3 = await ok(h, main, writeTag, {
      params: { id: d.deviceId, tagId: d.tagId('label') },
      body: { value: 'x' },
    });
    const timedOut = await nextLive(h, (e) => e.type === 'command' && e.command_id === w3.id, 5000);
    expect(timedOut).toMatchObject({ status: 'failed', error: 'timeout' });
    // A late ack changes nothing; another device's ack for this id neither.
    await c.publishAsync(topics.ack(d.sn), JSON.stringify({ v: 1, id: w3.id, ok: true }), { qos: 1 });
    expect(await ok(h, main, getCommand, { params: { id: d.deviceId, cmdId: w3.id } })).toMatchObject({
      status: 'failed',
      error: 'timeout',
    });
    await c.endAsync();
  });

  it('history: a month of minute samples comes back as at most 2,000 min/max/avg buckets', async () => {
    const d = await boundDevice(h, main, tag());
    const from = Date.UTC(2026, 0, 1);
    const minute = 60_000;
    const rows = Array.from({ length: 31 * 24 * 60 }, (_, i) => ({
      device_id: d.deviceId,
      tag: 'temp',
      ts: from + i * minute,
      num: i % 100,
      value: String(i % 100),
    }));
    await importHistory(h, rows);
    const to = from + 31 * 86_400_000;
    const r = await ok(h, main, deviceHistory, {
      params: { id: d.deviceId },
      query: { tag: d.tagId('temp'), from, to, buckets: 2000 },
    });
    expect(r.points.length).toBeLessThanOrEqual(2000);
    expect(r.points.length).toBeGreaterThan(1900);
    expect(r.points.reduce((s, p) => s + p.count, 0)).toBe(rows.length);
    const first = r.points[0];
    const inFirst = rows.filter((x) => x.ts < from + r.bucket_ms).map((x) => x.num);
    expect(first).toMatchObject({
      t: from,
      min: Math.min(...inFirst),
      max: Math.max(...inFirst),
      count: inFirst.length,
    });
    expect(first?.avg).toBeCloseTo(inFirst.reduce((s, x) => s + x, 0) / inFirst.length, 6);
    // String TAGs come back as samples; the range is checked.
    const s = await ok(h, main, deviceHistory, {
      params: { id: d.deviceId },
      query: { tag: d.tagId('label'), from, to },
    });
    expect(s.samples).toEqual([]);
    const wrong = await api(h.app, deviceHistory, {
      params: { id: d.deviceId },
      query: { tag: d.tagId('temp'), from: to, to: from },
      token: main.token,
    });
    expect(wrong.body).toMatchObject({ code: 1006, data: { field: 'to' } });
    // Retention: housekeeping deletes what is older than HISTORY_RETENTION_DAYS (90) before the clock.
    await h.app.connectivity.ingest.housekeeping();
    // 2026-01 is within 90 days of 2026-03-01.
    expect(await historyOf(h, d.deviceId)).toHaveLength(rows.length);
    h.clock.advance(200 * 86400);
    await h.app.connectivity.ingest.housekeeping();
    h.clock.advance(-200 * 86400);
    expect(await historyOf(h, d.deviceId)).toEqual([]);
  });

  it('unbinding drops the live connection; revoked hardware is dropped and refused', async () => {
    const d = await boundDevice(h, main, tag());
    const c = await connect(brokerUrl(h), { username: d.sn, password: d.secret });
    const closed = new Promise<void>((resolve) => c.once('close', () => resolve()));
    await ok(h, main, unbindDevice, { params: { id: d.deviceId } });
    await closed;
    c.end(true);
    // Registered hardware may connect before it is bound (its values are discarded, counted as unbound).
    const again = await connect(brokerUrl(h), { username: d.sn, password: d.secret });
    const closed2 = new Promise<void>((resolve) => again.once('close', () => resolve()));
    await revokeHardware(h.app.database.db, d.sn, 1);
    await h.app.connectivity.ingest.dropRevoked();
    await closed2;
    again.end(true);
    await expect(connect(brokerUrl(h), { username: d.sn, password: d.secret })).rejects.toThrow(
      /bad username/i,
    );
  });

  it('bound while connected: shows online at once', async () => {
    const hw = await boundDevice(h, main, tag());
    await ok(h, main, unbindDevice, { params: { id: hw.deviceId } });
    const c = await connect(brokerUrl(h), { username: hw.sn, password: hw.secret, reconnectPeriod: 0 });
    const online = nextLive(h, (e) => e.type === 'online' && e.online === 1);
    const device = await ok(h, main, bindDevice, {
      body: {
        sn: hw.sn,
        pin: hw.pin,
        name: `R${tag()}`,
      },
    });
    expect(await online).toMatchObject({ device_id: device.id });
    await c.endAsync();
  });

  it("drives the protocol with Debian's mosquitto_pub (not our client)", async () => {
    const d = await boundDevice(h, main, tag());
    const port = String(h.app.connectivity.broker.port);
    const payload = batch(7, [{ tag: 'temp', value: -3.25 }]);
    // One tags batch published as `login` (mosquitto_pub's user, password and client-id options).
    const publish = (login: string[]) =>
      run('mosquitto_pub', [
        '-h',
        '127.0.0.1',
        '-p',
        port,
        ...login,
        '-q',
        '1',
        '-t',
        topics.tags(d.sn),
        '-m',
        payload,
      ]);
    await publish(['-u', d.sn, '-P', d.secret, '-i', `hmi-${d.sn}`]);
    const tags = await ok(h, main, deviceTags, { params: { id: d.deviceId } });
    expect(tags.list.find((x) => x.name === 'temp')?.value).toBe('-3.25');
    await expect(publish(['-u', d.sn, '-P', 'wrong'])).rejects.toThrow();
    await expect(publish([])).rejects.toThrow();
  });
});
