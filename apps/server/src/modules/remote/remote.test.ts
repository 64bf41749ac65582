import {
  Permission,
  VNC_CLOSE,
  VNC_TUNNEL_PATH,
  VNC_WS_PATH,
  listRemoteSessions,
  logout,
  openRemoteView,
  topics,
} from '@hmi/contract';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount, createSubAccount, type TestAccount } from '../../test/accounts';
import { relogin } from '../../test/billing';
import { databases } from '../../test/databases';
import { api } from '../../test/harness';
import { useHarness } from '../../test/suite';
import { boundDevice, brokerUrl, connect } from '../../test/mqtt';
import {
  VncPeer,
  clientHandshake,
  exchangeRfb,
  listenOrigin,
  nextVncCommand,
  pointerClick,
  updateRequest,
  withTraffic,
} from '../../test/vnc';

const MB = 1024 * 1024;

describe.each(databases)('remote view relay on $name', (database) => {
  let main: TestAccount;
  let origin: string;
  let dev: Awaited<ReturnType<typeof boundDevice>>;
  let mqtt: MqttClient;

  const h = useHarness(database, { deps: { relay: { tickMs: 25, ticketTtlMs: 3000 } } });
  beforeAll(async () => {
    origin = await listenOrigin(h);
    main = await createMainAccount(h, 5);
    dev = await boundDevice(h, main, `${database.name}vnc`);
    mqtt = await connect(brokerUrl(h), { username: dev.sn, password: dev.secret });
    await mqtt.subscribeAsync(topics.cmd(dev.sn), { qos: 1 });
    await withTraffic(h, main, dev.deviceId, 64 * MB);
  });
  afterAll(async () => {
    mqtt?.end(true);
  });

  const open = (
    as: TestAccount,
    body: { mode?: 'control' | 'view'; max_minutes?: number; take_over?: boolean },
  ) => api(h.app, openRemoteView, { token: as.token, params: { id: dev.deviceId }, body });

  /** Opens a session, joins it as the browser and answers the tunnel command as the device. */
  async function session(as: TestAccount, body: Parameters<typeof open>[1] = {}) {
    await h.app.remoteRelay.settled();
    const r = await open(as, body);
    expect(r.body.code).toBe(0);
    const cmd = nextVncCommand(mqtt, dev.sn);
    const browser = await VncPeer.open(`${origin}${VNC_WS_PATH}`, {
      type: 'auth',
      token: as.token,
      session: r.body.data.session,
    });
    const vnc = await cmd;
    // The harness's RELAY_URL is its PUBLIC_URL (not listening): the device dials this test's port.
    expect(vnc.url).toBe(`ws://console.test${VNC_TUNNEL_PATH}`);
    const device = await VncPeer.open(`${origin}${VNC_TUNNEL_PATH}`, {
      type: 'tunnel',
      sn: dev.sn,
      ticket: vnc.ticket,
    });
    await device.until((p) => p.text.some((m) => (m as { type?: string }).type === 'ready'));
    return {
      id: r.body.data.session,
      browser,
      device,
      ticket: vnc.ticket,
      ready: await browser.next('ready'),
    };
  }

  it('pipes RFB both ways, forces shared, meters the bytes into the traffic and records the session', async () => {
    const s = await session(main);
    expect(s.ready.mode).toBe('control');
    const flowed = await exchangeRfb(s.device, s.browser);
    // A metering tick may fall inside the exchange: the usage to compare is the one counting every byte.
    await s.browser.until((p) => p.status.some((m) => m.type === 'usage' && m.bytes >= flowed));
    expect(s.browser.status.filter((m) => m.type === 'usage').at(-1)).toMatchObject({ bytes: flowed });

    s.browser.ws.close();
    expect(await s.device.closed).toBe(1000);
    // The record is written after both sockets close: wait for the relay's endings, not for the sockets.
    await h.app.remoteRelay.settled();
    const list = await api(h.app, listRemoteSessions, {
      token: main.token,
      params: { id: dev.deviceId },
      query: {},
    });
    const row = list.body.data.list.find((x) => x.session === s.id);
    expect(row).toMatchObject({
      mode: 'control',
      reason: 'user',
      bytes: flowed,
    });
  });

  it('one controller per device: a second asker gets 1205, watches view-only, and its input is dropped', async () => {
    const holder = await session(main);
    expect((await open(main, { mode: 'control' })).body.code).toBe(1205);
    const watcher = await session(main, { mode: 'view' });
    expect(watcher.ready.mode).toBe('view');
    watcher.browser.send(Buffer.concat([clientHandshake, pointerClick, updateRequest, pointerClick]));
    const passed = Buffer.concat([clientHandshake.subarray(0, 13), Buffer.from([1]), updateRequest]);
    await watcher.device.until((p) => p.data.length >= passed.length);
    expect(watcher.device.data).toEqual(passed);
    watcher.browser.ws.close();
    holder.browser.ws.close();
    await Promise.all([watcher.device.closed, holder.device.closed]);
  });

  it('hands control over when the holder accepts a take-over request', async () => {
    const holder = await session(main);
    const asker = await session(main, { mode: 'control', take_over: true });
    expect(asker.ready.mode).toBe('view');
    expect(await holder.browser.next('takeover')).toMatchObject({ type: 'takeover' });
    holder.browser.ws.send(JSON.stringify({ type: 'takeover_answer', accept: true }));
    expect(await holder.browser.closed).toBe(VNC_CLOSE.taken_over);
    expect(await asker.browser.next('mode')).toEqual({ type: 'mode', mode: 'control' });
    asker.browser.send(Buffer.concat([clientHandshake, pointerClick]));
    await asker.device.until((p) => p.data.length === 14 + pointerClick.length);
    expect(asker.device.data.subarray(14)).toEqual(pointerClick);
    asker.browser.ws.close();
    await asker.device.closed;
  });

  it('refuses a reused ticket, another SN, and ends the session at its maximum duration', async () => {
    const s = await session(main, { max_minutes: 1 });
    const reuse = await VncPeer.open(`${origin}${VNC_TUNNEL_PATH}`, {
      type: 'tunnel',
      sn: dev.sn,
      ticket: s.ticket,
    });
    expect(await reuse.closed).toBe(VNC_CLOSE.ticket);
    const other = await VncPeer.open(`${origin}${VNC_TUNNEL_PATH}`, {
      type: 'tunnel',
      sn: 'OTHER',
      ticket: 'x'.repeat(43),
    });
    expect(await other.closed).toBe(VNC_CLOSE.ticket);
    h.clock.advance(61);
    expect(await s.browser.closed).toBe(VNC_CLOSE.max_duration);
    expect(s.browser.status.at(-1)).toMatchObject({ type: 'end', reason: 'max_duration' });
  });

  it('ends the session with its own code when the user logs out', async () => {
    const s = await session(main);
    await api(h.app, logout, { token: main.token });
    expect(await s.browser.closed).toBe(VNC_CLOSE.session);
    await relogin(h, main);
  });

  it('stops reading the device while the browser does not read (backpressure)', async () => {
    const s = await session(main);
    s.browser.ws.pause();
    const frame = Buffer.alloc(60 * 1024, 1);
    // 120 MB at most; without backpressure the relay reads all of it into the browser's send buffer.
    for (let sent = 0; sent < 2000 && !h.app.remoteRelay.deviceReadPaused(s.id); sent += 1) {
      s.device.send(frame);
      if (sent % 20 === 0) await new Promise((r) => setImmediate(r));
    }
    await expect.poll(() => h.app.remoteRelay.deviceReadPaused(s.id)).toBe(true);
    s.browser.ws.resume();
    await expect.poll(() => h.app.remoteRelay.deviceReadPaused(s.id)).toBe(false);
    s.browser.ws.close();
    await s.device.closed;
  });

  it("ends the device's sessions on connectivity's domain event that it went offline", async () => {
    const s = await session(main);
    const open = h.app.remoteRelay.size;
    h.app.connectivity.bus.emit('deviceOffline', { deviceId: dev.deviceId, teamId: main.teamId });
    // The in-process bus runs its listeners inside emit: the session has ended by now.
    expect(h.app.remoteRelay.size).toBe(open - 1);
    expect(await s.browser.closed).toBe(VNC_CLOSE.device_offline);
  });

  it('ends the session when the device drops its tunnel, and when the traffic runs out', async () => {
    const s = await session(main);
    s.device.ws.close();
    expect(await s.browser.closed).toBe(VNC_CLOSE.device_offline);

    const small = await createMainAccount(h, 5);
    const d2 = await boundDevice(h, small, `${database.name}vnc3`);
    const m2 = await connect(brokerUrl(h), { username: d2.sn, password: d2.secret });
    await m2.subscribeAsync(topics.cmd(d2.sn), { qos: 1 });
    await withTraffic(h, small, d2.deviceId, 16 * 1024);
    const r = await api(h.app, openRemoteView, { token: small.token, params: { id: d2.deviceId }, body: {} });
    const cmd = nextVncCommand(m2, d2.sn);
    const browser = await VncPeer.open(`${origin}${VNC_WS_PATH}`, {
      type: 'auth',
      token: small.token,
      session: r.body.data.session,
    });
    const vnc = await cmd;
    const device = await VncPeer.open(`${origin}${VNC_TUNNEL_PATH}`, {
      type: 'tunnel',
      sn: d2.sn,
      ticket: vnc.ticket,
    });
    await device.until((p) => p.text.length > 0);
    for (let i = 0; i < 4; i += 1) device.send(Buffer.alloc(8 * 1024, i));
    expect(await browser.closed).toBe(VNC_CLOSE.traffic);
    expect(browser.status.at(-1)).toMatchObject({ type: 'end', reason: 'traffic' });
    m2.end(true);
  });

  it('refuses a device that is offline (1203), without traffic (1204), of another team (1003), without id 6 (1002)', async () => {
    const other = await createMainAccount(h, 5);
    const theirs = await boundDevice(h, other, `${database.name}vnc2`);
    const theirOpen = (body = {}) =>
      api(h.app, openRemoteView, { token: other.token, params: { id: theirs.deviceId }, body });
    expect((await theirOpen()).body.code).toBe(1203);
    const online = await connect(brokerUrl(h), { username: theirs.sn, password: theirs.secret });
    await online.publishAsync(topics.state(theirs.sn), JSON.stringify({ v: 1, online: true }), { qos: 1 });
    await expect.poll(async () => (await theirOpen()).body.code).toBe(1204);
    expect(
      (await api(h.app, openRemoteView, { token: other.token, params: { id: dev.deviceId }, body: {} })).body
        .code,
    ).toBe(1003);
    online.end(true);
    const member = await createSubAccount(h, main.teamId, [Permission.DEVICE_VIEW]);
    expect((await open(member, {})).body.code).toBe(1002);
  });
});
