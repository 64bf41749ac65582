import {
  Permission,
  VNC_CLOSE,
  VNC_TUNNEL_PATH,
  VNC_WS_PATH,
  createGroup,
  createZone,
  getDeviceBilling,
  listRemoteSessions,
  openRemoteView,
  topics,
  updateDevice,
  updateRole,
} from '@hmi/contract';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import type { ExternalBroker } from '../../platform/mqtt/external';
import { createMainAccount, createSubAccount, type TestAccount } from '../../test/accounts';
import { api, type Harness } from '../../test/harness';
import { useInstances } from '../../test/instances';
import { startMosquitto, type TestMosquitto } from '../../test/mosquitto';
import { boundDevice, connect, nextLive } from '../../test/mqtt';
import { ok } from '../../test/registry';
import { freePorts } from '../../test/server-process';
import { VncPeer, exchangeRfb, nextVncCommand, withTraffic } from '../../test/vnc';
import { HEARTBEAT_STALE_S } from '../../platform/tunnel/hub';

const MB = 1024 * 1024;

/**
 * Issue 13 point 6: a remote session lives on the instance holding the browser socket. Two instances
 * share PostgreSQL, a Mosquitto of the test's own and the Redis bus (sharedEnv fails the suite without
 * PostgreSQL, as REQUIRE_POSTGRES asks); each has its own RELAY_URL, so the device must be told B's.
 */
describe('remote view on two instances (PostgreSQL, Mosquitto, Redis)', () => {
  let mosquitto: TestMosquitto;
  let ports: number[];
  const ws: Record<'a' | 'b', string> = { a: '', b: '' };
  let main: TestAccount;
  let member: TestAccount;
  let device: Awaited<ReturnType<typeof boundDevice>>;
  let dev: MqttClient;
  const clock = new ManualClock(Date.UTC(2026, 2, 1, 8, 0, 0));

  beforeAll(async () => {
    mosquitto = await startMosquitto();
    ports = await freePorts(2);
  });
  afterAll(async () => {
    await mosquitto?.stop();
  });
  const [a, b] = useInstances(2, {
    clock,
    env: (shared, i) => ({
      ...shared,
      MQTT_URL: mosquitto.consoleUrl,
      RELAY_URL: `http://127.0.0.1:${ports[i]}`,
    }),
    deps: { relay: { tickMs: 25, ticketTtlMs: 5000 } },
  });
  beforeAll(async () => {
    const [portA, portB] = ports;
    if (!portA || !portB) throw new Error('no free ports');
    await a.app.listen({ port: portA, host: '127.0.0.1' });
    await b.app.listen({ port: portB, host: '127.0.0.1' });
    ws.a = `ws://127.0.0.1:${portA}`;
    ws.b = `ws://127.0.0.1:${portB}`;

    main = await createMainAccount(a, 5);
    device = await boundDevice(a, main, 'vncscale');
    await (a.app.connectivity.broker as ExternalBroker).security().provisionDevice(device.sn, device.secret);
    await withTraffic(a, main, device.deviceId, 64 * MB);
    // A second user of the team who sees the device (through its group) and may operate it (its
    // role's security zone covers it).
    const group = await ok(a, main, createGroup, { body: { name: 'VncScale' } });
    await ok(a, main, updateDevice, { params: { id: device.deviceId }, body: { group_id: group.id } });
    member = await createSubAccount(a, main.teamId, [Permission.DEVICE_VIEW, Permission.DEVICE_HMI], {
      group: [group.id],
    });
    const zone = await ok(a, main, createZone, { body: { name: 'VncScale', device_ids: [device.deviceId] } });
    const { role_id: roleId } = await a.app.database.db
      .selectFrom('users')
      .select('role_id')
      .where('id', '=', member.userId)
      .executeTakeFirstOrThrow();
    await ok(a, main, updateRole, { params: { id: roleId ?? 0 }, body: { zone_ids: [zone.id] } });

    dev = await connect(mosquitto.url, { username: device.sn, password: device.secret, protocolVersion: 5 });
    await dev.subscribeAsync(topics.cmd(device.sn), { qos: 1 });
    const online = nextLive(
      b,
      (e) => e.type === 'online' && e.device_id === device.deviceId && e.online === 1,
    );
    await dev.publishAsync(topics.state(device.sn), JSON.stringify({ v: 1, online: true }), { qos: 1 });
    await online;
  });
  afterAll(async () => {
    dev?.end(true);
  });

  it("opened through B: the device dials B's relay, RFB flows through B, bytes hit the one ledger, and control is locked on A too", async () => {
    const opened = await api(b.app, openRemoteView, {
      token: main.token,
      params: { id: device.deviceId },
      body: { mode: 'control' },
    });
    expect(opened.body.code).toBe(0);
    const session = opened.body.data.session;
    const cmd = nextVncCommand(dev, device.sn);
    const browser = await VncPeer.open(`${ws.b}${VNC_WS_PATH}`, { type: 'auth', token: main.token, session });
    const vnc = await cmd;
    // The command came over the shared broker from B, naming B's relay (A's is another port).
    expect(vnc.url).toBe(`${ws.b}${VNC_TUNNEL_PATH}`);
    expect(vnc.session).toBe(session);
    // The ticket lives on B only: presented to A it is refused (and A does not consume it).
    const atA = await VncPeer.open(`${ws.a}${VNC_TUNNEL_PATH}`, {
      type: 'tunnel',
      sn: device.sn,
      ticket: vnc.ticket,
    });
    expect(await atA.closed).toBe(VNC_CLOSE.ticket);
    const tunnel = await VncPeer.open(vnc.url, { type: 'tunnel', sn: device.sn, ticket: vnc.ticket });
    await tunnel.until((p) => p.text.some((m) => (m as { type?: string }).type === 'ready'));
    expect(await browser.next('ready')).toMatchObject({ type: 'ready', mode: 'control' });
    expect([a.app.remoteRelay.size, b.app.remoteRelay.size]).toEqual([0, 1]);

    // RFB both ways through B's relay (ClientInit forced to shared).
    const flowed = await exchangeRfb(tunnel, browser);

    // The lock is the shared session table: a second user on A, which holds no session, is refused
    // control, and a take-over request made on A reaches the holder's socket on B over the bus.
    const askA = (body: { mode: 'control'; take_over?: boolean }) =>
      api(a.app, openRemoteView, { token: member.token, params: { id: device.deviceId }, body });
    expect((await askA({ mode: 'control' })).body.code).toBe(1205);
    const takeover = await askA({ mode: 'control', take_over: true });
    expect(takeover.body).toMatchObject({ code: 0, data: { mode: 'view' } });
    expect(await browser.next('takeover')).toMatchObject({ type: 'takeover' });

    browser.ws.close();
    expect(await tunnel.closed).toBe(1000);
    await b.app.remoteRelay.settled();
    // One ledger: A reads what B's relay charged, and the record B wrote.
    const list = await ok(a, main, listRemoteSessions, { params: { id: device.deviceId }, query: {} });
    expect(list.list.find((s) => s.session === session)).toMatchObject({
      mode: 'control',
      reason: 'user',
      bytes: flowed,
    });
    for (const h of [a, b])
      expect(await ok(h, main, getDeviceBilling, { params: { id: device.deviceId } })).toMatchObject({
        month_bytes: flowed,
        remaining_bytes: 64 * MB - flowed,
      });
  });

  it('two users asking for control through A and B at the same moment: exactly one gets it', async () => {
    const ask = (h: Harness, as: TestAccount) =>
      api(h.app, openRemoteView, {
        token: as.token,
        params: { id: device.deviceId },
        body: { mode: 'control' },
      });
    for (let round = 0; round < 6; round += 1) {
      // The sessions of the round before were never joined: once stale they hold nothing.
      clock.advance(HEARTBEAT_STALE_S + 1);
      const answers = await Promise.all([ask(a, main), ask(b, member), ask(b, main), ask(a, member)]);
      expect(answers.map((r) => r.body.code).sort((x, y) => x - y)).toEqual([0, 1205, 1205, 1205]);
    }
  });
});
