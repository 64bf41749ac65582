import { once } from 'node:events';
import { createConnection } from 'node:net';
import {
  ErrorCode,
  PASSTHROUGH_CLOSE,
  PASSTHROUGH_SESSIONS_PER_DEVICE,
  PASSTHROUGH_SESSIONS_PER_USER,
  PASSTHROUGH_TUNNEL_PATH,
  Permission,
  createGroup,
  createZone,
  updateDevice,
  updateRole,
  endPassthrough,
  listActivePassthrough,
  listPassthroughSessions,
  openPassthrough,
  topics,
  type Command,
} from '@hmi/contract';
import { startConnect } from '@hmi/agent/passthrough';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createMainAccount, createSubAccount, TEST_PASSWORD, type TestAccount } from '../../test/accounts';
import { deviceUsageBytes } from '../../test/billing';
import { databases } from '../../test/databases';
import { api } from '../../test/harness';
import { useHarness } from '../../test/suite';
import { boundDevice, brokerUrl, connect as mqttConnect } from '../../test/mqtt';
import { freePort, passthroughGateway, sinkServer } from '../../test/passthrough';
import { ok } from '../../test/registry';
import { withTraffic } from '../../test/vnc';

const MB = 1024 * 1024;

describe.each(databases)('pass-through rules on $name', (database) => {
  let server: string;
  let port: number;
  let main: TestAccount;
  let sink: Awaited<ReturnType<typeof sinkServer>>;
  const cleanups: (() => unknown)[] = [];

  beforeAll(async () => {
    port = await freePort();
    server = `http://127.0.0.1:${port}`;
  });
  const h = useHarness(database, {
    env: () => ({ RELAY_URL: server }),
    deps: { passthrough: { tickMs: 25, ticketTtlMs: 3000, heartbeatMs: 50 } },
  });
  beforeAll(async () => {
    await h.app.listen({ port, host: '127.0.0.1' });
    main = await createMainAccount(h, 50);
    sink = await sinkServer();
    cleanups.push(() => sink.close());
  });
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  let n = 0;
  /** A device of `main` with `bytes` of traffic and its real gateway listing the sink as `sink`. */
  async function gatewayDevice(bytes = 64 * MB, owner = main) {
    const dev = await boundDevice(h, owner, `${database.name}r${(n += 1)}`);
    await withTraffic(h, owner, dev.deviceId, bytes);
    const gw = await passthroughGateway(h, dev, { sink: { host: '127.0.0.1', port: sink.port } });
    cleanups.push(() => gw.cleanup());
    return dev;
  }
  const connect = (deviceId: number, o: { target?: string; minutes?: number; as?: TestAccount } = {}) =>
    startConnect({
      server,
      account: (o.as ?? main).username,
      password: TEST_PASSWORD,
      device: deviceId,
      target: o.target ?? 'sink',
      port: 0,
      ...(o.minutes ? { minutes: o.minutes } : {}),
    });
  const open = (as: TestAccount, deviceId: number, body: { target: string; max_minutes?: number }) =>
    api(h.app, openPassthrough, { token: as.token, params: { id: deviceId }, body });
  const record = async (deviceId: number, session: string, as = main) => {
    await h.app.passthroughHub.settled();
    const r = await api(h.app, listPassthroughSessions, { token: as.token, params: { id: deviceId } });
    return r.body.data.list.find((x) => x.session === session);
  };

  it("refuses a target the gateway's file does not list, with its reason", async () => {
    const dev = await gatewayDevice();
    const opened = await open(main, dev.deviceId, { target: 'plc9' });
    expect(opened.body.code).toBe(0);
    await expect(
      startConnect({
        server,
        account: main.username,
        password: TEST_PASSWORD,
        session: opened.body.data.session,
        port: 0,
      }),
    ).rejects.toThrow(/unknown_target/);
    expect((await record(dev.deviceId, opened.body.data.session))?.reason).toBe('unknown_target');
    // Not a name at all: refused by the contract before anything is recorded.
    expect((await open(main, dev.deviceId, { target: '10.0.0.1:502' })).body.code).toBe(
      ErrorCode.INPUT_PARAMETER,
    );
  });

  it("refuses another team's device and a user without permission 6", async () => {
    const dev = await gatewayDevice();
    const other = await createMainAccount(h, 5);
    expect((await open(other, dev.deviceId, { target: 'sink' })).body.code).toBe(ErrorCode.NO_DATA);
    const viewer = await createSubAccount(h, main.teamId, [Permission.DEVICE_VIEW]);
    expect((await open(viewer, dev.deviceId, { target: 'sink' })).body.code).toBe(ErrorCode.AUTHORIZATION);
    const rows = await h.app.database.db
      .selectFrom('passthrough_sessions')
      .select('id')
      .where('device_id', '=', dev.deviceId)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('limits the open sessions of a device', async () => {
    const dev = await gatewayDevice();
    for (let i = 0; i < PASSTHROUGH_SESSIONS_PER_DEVICE; i++)
      expect((await open(main, dev.deviceId, { target: 'sink' })).body.code).toBe(0);
    expect((await open(main, dev.deviceId, { target: 'sink' })).body.code).toBe(ErrorCode.TOO_MANY_SESSIONS);
  });

  it("limits a user's open sessions across devices", async () => {
    // An account of its own: the other cases leave sessions of `main` open.
    const owner = await createMainAccount(h, 50);
    const [a, b] = [await gatewayDevice(64 * MB, owner), await gatewayDevice(64 * MB, owner)];
    const onA = Math.min(PASSTHROUGH_SESSIONS_PER_DEVICE, PASSTHROUGH_SESSIONS_PER_USER);
    for (let i = 0; i < onA; i++)
      expect((await open(owner, a.deviceId, { target: 'sink' })).body.code).toBe(0);
    for (let i = onA; i < PASSTHROUGH_SESSIONS_PER_USER; i++)
      expect((await open(owner, b.deviceId, { target: 'sink' })).body.code).toBe(0);
    // Device b has room, the user has none.
    expect((await open(owner, b.deviceId, { target: 'sink' })).body.code).toBe(ErrorCode.TOO_MANY_SESSIONS);
  });

  it("refuses a member whose role's security zones do not cover the device, as the remote view does", async () => {
    const dev = await gatewayDevice();
    const group = await ok(h, main, createGroup, { body: { name: `pt${database.name}` } });
    await ok(h, main, updateDevice, { params: { id: dev.deviceId }, body: { group_id: group.id } });
    const member = await createSubAccount(h, main.teamId, [Permission.DEVICE_VIEW, Permission.DEVICE_HMI], {
      group: [group.id],
    });
    // Sees the device and holds id 6, but no zone of its role covers the device: refused.
    expect((await open(member, dev.deviceId, { target: 'sink' })).body.code).toBe(ErrorCode.AUTHORIZATION);
    const zone = await ok(h, main, createZone, {
      body: { name: `ptzone${database.name}`, device_ids: [dev.deviceId] },
    });
    const { role_id: roleId } = await h.app.database.db
      .selectFrom('users')
      .select('role_id')
      .where('id', '=', member.userId)
      .executeTakeFirstOrThrow();
    await ok(h, main, updateRole, { params: { id: roleId ?? 0 }, body: { zone_ids: [zone.id] } });
    const opened = await open(member, dev.deviceId, { target: 'sink' });
    expect(opened.body.code).toBe(0);
    await api(h.app, endPassthrough, { token: member.token, params: { session: opened.body.data.session } });
  });

  it('uses a ticket once, for its own device only', async () => {
    const dev = await boundDevice(h, main, `${database.name}ticket`);
    await withTraffic(h, main, dev.deviceId, 64 * MB);
    const mqtt: MqttClient = await mqttConnect(brokerUrl(h), { username: dev.sn, password: dev.secret });
    cleanups.push(() => mqtt.end(true));
    await mqtt.subscribeAsync(topics.cmd(dev.sn), { qos: 1 });
    const nextCommand = () =>
      new Promise<Extract<Command, { type: 'passthrough' }>>((resolve) => {
        const on = (_t: string, payload: Buffer) => {
          const c = JSON.parse(payload.toString()) as Command;
          if (c.type !== 'passthrough') return;
          mqtt.off('message', on);
          // Acked as a gateway does once its tunnel is up (an unanswered command fails the session).
          void mqtt.publishAsync(topics.ack(dev.sn), JSON.stringify({ v: 1, id: c.id, ok: true }));
          resolve(c);
        };
        mqtt.on('message', on);
      });
    let cmd = nextCommand();
    const first = connect(dev.deviceId);
    const { ticket, url, target } = await cmd;
    expect(target).toBe('sink');
    expect(url).toBe(`${server.replace('http', 'ws')}${PASSTHROUGH_TUNNEL_PATH}`);
    const tunnel = await dial(url, { type: 'tunnel', sn: dev.sn, ticket });
    expect(tunnel).toMatchObject({ ready: true });
    await (await first).close();
    if ('ws' in tunnel) tunnel.ws.close();
    // Used once: presented again, refused.
    expect(await dial(url, { type: 'tunnel', sn: dev.sn, ticket })).toEqual({
      closed: PASSTHROUGH_CLOSE.ticket,
    });
    // Bound to its device: another SN presenting a fresh ticket is refused, and the session ends.
    cmd = nextCommand();
    const second = connect(dev.deviceId);
    second.catch(() => undefined);
    const fresh = await cmd;
    expect(await dial(url, { type: 'tunnel', sn: 'SOMEONEELSE', ticket: fresh.ticket })).toEqual({
      closed: PASSTHROUGH_CLOSE.ticket,
    });
    await expect(second).rejects.toThrow(/ticket/);
  });

  it('ends a session at its maximum duration', async () => {
    const dev = await gatewayDevice();
    const client = await connect(dev.deviceId, { minutes: 1 });
    h.clock.advance(61);
    expect(await client.ended).toBe('max_duration');
    expect((await record(dev.deviceId, client.session))?.reason).toBe('max_duration');
  });

  it('ends a session when the traffic runs out, having charged no more than there was', async () => {
    // A team of its own: Remote Access traffic is the team's, shared by its devices.
    const owner = await createMainAccount(h, 5);
    const dev = await gatewayDevice(2 * MB, owner);
    const client = await connect(dev.deviceId, { as: owner });
    const tool = createConnection({ port: client.port, host: '127.0.0.1' });
    tool.on('error', () => undefined);
    await once(tool, 'connect');
    const chunk = Buffer.alloc(64 * 1024, 1);
    for (let i = 0; i < 128; i++) tool.write(chunk);
    expect(await client.ended).toBe('traffic');
    tool.destroy();
    const rec = await record(dev.deviceId, client.session, owner);
    expect(rec?.reason).toBe('traffic');
    expect(await deviceUsageBytes(h, dev.deviceId)).toBeLessThanOrEqual(2 * MB);
  });

  it('lists open sessions in the console and ends one from there', async () => {
    const dev = await gatewayDevice();
    const client = await connect(dev.deviceId);
    const active = await api(h.app, listActivePassthrough, { token: main.token });
    expect(active.body.data.list.map((s) => s.session)).toContain(client.session);
    const other = await createMainAccount(h, 5);
    expect(
      (await api(h.app, endPassthrough, { token: other.token, params: { session: client.session } })).body
        .code,
    ).toBe(ErrorCode.NO_DATA);
    const ended = await api(h.app, endPassthrough, {
      token: main.token,
      params: { session: client.session },
    });
    expect(ended.body.data).toEqual({ ended: true });
    expect(await client.ended).toBe('ended');
    expect((await record(dev.deviceId, client.session))?.reason).toBe('ended');
    const after = await api(h.app, listActivePassthrough, { token: main.token });
    expect(after.body.data.list.map((s) => s.session)).not.toContain(client.session);
  });
});

/** Dials the device side of the relay with `hello`; resolves with how it answered. */
function dial(url: string, hello: object): Promise<{ ready: true; ws: WebSocket } | { closed: number }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url);
    ws.on('open', () => ws.send(JSON.stringify(hello)));
    ws.on('message', () => resolve({ ready: true, ws }));
    ws.on('close', (code) => resolve({ closed: code }));
    ws.on('error', () => undefined);
  });
}
