import {
  VNC_CLOSE,
  VNC_TUNNEL_PATH,
  VNC_WS_PATH,
  listRemoteSessions,
  openRemoteView,
  setTrafficSwitch,
  topics,
} from '@hmi/contract';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { constants, createDeflateRaw, inflateRawSync } from 'node:zlib';
import { connectLocalVnc, Tunnel } from '@hmi/agent/vnc-tunnel';
import type { MqttClient } from 'mqtt';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount, type TestAccount } from '../../test/accounts';
import { deviceUsageBytes } from '../../test/billing';
import { databases } from '../../test/databases';
import { api } from '../../test/harness';
import { useHarness } from '../../test/suite';
import { boundDevice, brokerUrl, connect } from '../../test/mqtt';
import { VncPeer, listenOrigin, nextVncCommand, withTraffic } from '../../test/vnc';
import { RESERVE_MAX_BYTES } from '../../platform/tunnel/meter';

const MB = 1024 * 1024;
const FRAME = 64 * 1024;

describe.each(databases)('relay metering on $name', (database) => {
  let origin: string;

  const h = useHarness(database, { deps: { relay: { tickMs: 25, ticketTtlMs: 3000 } } });
  beforeAll(async () => {
    origin = await listenOrigin(h);
  });

  /**
   * A team with one online device holding `bytes` of traffic (or another device of `team`, its
   * switch on, sharing the team's traffic), a session open on it, its browser joined, and the
   * device's ticket.
   */
  async function opened(name: string, bytes: number, team?: TestAccount, compress?: string[]) {
    const main: TestAccount = team ?? (await createMainAccount(h, 5));
    const dev = await boundDevice(h, main, `${database.name}${name}`);
    const mqtt: MqttClient = await connect(brokerUrl(h), { username: dev.sn, password: dev.secret });
    await mqtt.subscribeAsync(topics.cmd(dev.sn), { qos: 1 });
    if (team) {
      const on = await api(h.app, setTrafficSwitch, {
        token: main.token,
        params: { id: dev.deviceId },
        body: { on: true },
      });
      expect(on.body.code).toBe(0);
    } else await withTraffic(h, main, dev.deviceId, bytes);
    const r = await api(h.app, openRemoteView, { token: main.token, params: { id: dev.deviceId }, body: {} });
    expect(r.body.code).toBe(0);
    const cmd = nextVncCommand(mqtt, dev.sn);
    const browser = await VncPeer.open(`${origin}${VNC_WS_PATH}`, {
      type: 'auth',
      token: main.token,
      session: r.body.data.session,
      compress,
    });
    return { main, dev, mqtt, browser, ticket: (await cmd).ticket, id: r.body.data.session };
  }

  /** A session as `opened`, its device dialled in with binary frames (offering to deflate). */
  async function session(name: string, bytes: number, team?: TestAccount, compress?: string[]) {
    const s = await opened(name, bytes, team, compress);
    const device = await VncPeer.open(`${origin}${VNC_TUNNEL_PATH}`, {
      type: 'tunnel',
      sn: s.dev.sn,
      ticket: s.ticket,
      compress: ['deflate'],
    });
    await device.until((p) => p.text.length > 0);
    return { ...s, device };
  }

  const db = () => h.app.database.db;
  /** What the team's cards have given (held or used). */
  const cardUsed = async (account: TestAccount) =>
    Number(
      (
        await db()
          .selectFrom('billing_cards')
          .select((eb) => eb.fn.sum<number>('used_bytes').as('used'))
          .where('team_id', '=', account.teamId)
          .executeTakeFirstOrThrow()
      ).used,
    );

  it('holds a reservation, shows the bytes in the ledger on its tick while open, gives the rest back at close', async () => {
    const s = await session('meter', 64 * MB);
    const sent = 32 * FRAME;
    for (let i = 0; i < 32; i += 1) s.device.send(Buffer.alloc(FRAME, i));
    await s.browser.until((p) => p.data.length === sent);
    // The session still runs: its ticks settle what flowed (each what the reservations cover).
    await s.browser.until((p) => p.status.some((m) => m.type === 'usage' && m.bytes === sent));
    await expect.poll(() => deviceUsageBytes(h, s.dev.deviceId)).toBe(sent);
    const last = s.browser.status.findLast((m) => m.type === 'usage');
    expect(last).toMatchObject({ bytes: sent });
    // What the session holds unused still counts as the device's.
    const left = last?.type === 'usage' ? (last.remaining_bytes ?? 0) : 0;
    expect(left).toBeLessThanOrEqual(64 * MB - sent);
    expect(left).toBeGreaterThan(64 * MB - sent - RESERVE_MAX_BYTES);
    const held = await cardUsed(s.main);
    expect(held).toBeGreaterThanOrEqual(sent);
    expect(held).toBeLessThanOrEqual(sent + RESERVE_MAX_BYTES);

    s.browser.ws.close();
    await s.device.closed;
    await h.app.remoteRelay.settled();
    expect(await cardUsed(s.main)).toBe(sent);
    expect(await deviceUsageBytes(h, s.dev.deviceId)).toBe(sent);
    s.mqtt.end(true);
  });

  it('ends the session when it spends a reservation the ledger cannot renew, charging what was left', async () => {
    const s = await session('meterdry', MB);
    for (let i = 0; i < 24; i += 1) s.device.send(Buffer.alloc(FRAME, i));
    expect(await s.browser.closed).toBe(VNC_CLOSE.traffic);
    expect(s.browser.status.at(-1)).toMatchObject({ type: 'end', reason: 'traffic' });
    await h.app.remoteRelay.settled();
    expect(await cardUsed(s.main)).toBe(MB);
    expect(await deviceUsageBytes(h, s.dev.deviceId)).toBe(MB);
    const list = await api(h.app, listRemoteSessions, {
      token: s.main.token,
      params: { id: s.dev.deviceId },
      query: {},
    });
    const row = list.body.data.list.find((x) => x.session === s.id);
    expect(row?.reason).toBe('traffic');
    expect(row?.bytes).toBeGreaterThan(MB);
    s.mqtt.end(true);
  });

  it('holds no traffic while idle: its first status says what the device has, a second device may open', async () => {
    const KB = 1024;
    const a = await session('idlea', 600 * KB);
    const ready = a.browser.status.find((m) => m.type === 'ready');
    expect(ready).toMatchObject({ remaining_bytes: 600 * KB });
    for (const n of [1, 2]) a.device.send(Buffer.alloc(50 * KB, n));
    await a.browser.until((p) => p.data.length === 100 * KB);
    // Quiet ticks settle the 100 KiB and give back what the session held beyond it.
    await expect.poll(() => cardUsed(a.main)).toBe(100 * KB);
    const b = await session('idleb', 0, a.main);
    expect(b.browser.status.find((m) => m.type === 'ready')).toMatchObject({ remaining_bytes: 500 * KB });
    for (const s of [a, b]) {
      s.browser.ws.close();
      await s.device.closed;
      s.mqtt.end(true);
    }
    await h.app.remoteRelay.settled();
    expect(await cardUsed(a.main)).toBe(100 * KB);
  });

  it('carries a deflated HMI stream untouched when the browser reads it, metering the bytes on the link', async () => {
    const s = await session('deflate', 64 * MB, undefined, ['deflate']);
    expect(s.device.text[0]).toEqual({ type: 'ready', compress: 'deflate' });
    expect(s.browser.status.find((m) => m.type === 'stream')).toEqual({
      type: 'stream',
      compress: 'deflate',
    });
    // RFB 3.3: the server picks security None (the filter reads it through the deflated head).
    const deflate = createDeflateRaw();
    const frame = (b: Buffer) =>
      new Promise<Buffer>((resolve) => {
        const out: Buffer[] = [];
        const take = (c: Buffer) => out.push(c);
        deflate.on('data', take);
        deflate.write(b);
        deflate.flush(constants.Z_SYNC_FLUSH, () => {
          deflate.off('data', take);
          resolve(Buffer.concat(out));
        });
      });
    const head = await frame(Buffer.from('RFB 003.003\n\0\0\0\x01', 'latin1'));
    const update = await frame(Buffer.alloc(800 * 480 * 4, 0x3c));
    s.device.send(head);
    s.device.send(update);
    await s.browser.until((p) => p.data.length === head.length + update.length);
    expect(s.browser.data).toEqual(Buffer.concat([head, update]));
    expect(inflateRawSync(s.browser.data, { finishFlush: constants.Z_SYNC_FLUSH }).length).toBe(
      16 + 800 * 480 * 4,
    );
    // The client's half (plain): version, then ClientInit straight away (3.3, security None).
    s.browser.send(Buffer.from('RFB 003.003\n\x01', 'latin1'));
    await s.device.until((p) => p.data.length === 13);
    const carried = head.length + update.length + 13;
    expect(carried).toBeLessThan(10_000);
    await s.browser.until((p) => p.status.some((m) => m.type === 'usage' && m.bytes === carried));
    s.browser.ws.close();
    await s.device.closed;
    await h.app.remoteRelay.settled();
    expect(await deviceUsageBytes(h, s.dev.deviceId)).toBe(carried);
    s.mqtt.end(true);
  });

  it('keeps the stream plain for a browser that cannot inflate', async () => {
    const s = await session('plain', 64 * MB);
    expect(s.device.text[0]).toEqual({ type: 'ready' });
    expect(s.browser.status.find((m) => m.type === 'stream')).toEqual({ type: 'stream', compress: null });
    s.browser.ws.close();
    await s.device.closed;
    s.mqtt.end(true);
  });

  it("carries the agent's raw tunnel both ways, metered exactly, and ends when the device goes", async () => {
    const s = await opened('raw', 64 * MB);
    const vnc = await localVnc();
    // The agent's own tunnel: it resolves only once the relay answered `ready` with `raw`.
    const tunnel = await Tunnel.open({
      url: `${origin}${VNC_TUNNEL_PATH}`,
      sn: s.dev.sn,
      ticket: s.ticket,
      local: () => connectLocalVnc('127.0.0.1', vnc.port),
      compress: false,
    });
    const hmi = await vnc.connected;
    const screen = Buffer.alloc(3 * MB + 7, 0x5a);
    hmi.write(screen);
    await s.browser.until((p) => p.data.length === RFB_VERSION.length + screen.length);
    expect(s.browser.data.subarray(RFB_VERSION.length).equals(screen)).toBe(true);
    s.browser.ws.send(RFB_VERSION, { binary: true });
    await expect.poll(() => vnc.input().length).toBe(RFB_VERSION.length);

    // The HMI's server goes: the agent ends the raw socket, the relay ends the session as the device's.
    hmi.destroy();
    expect(await s.browser.closed).toBe(VNC_CLOSE.device_offline);
    await tunnel.closed;
    await h.app.remoteRelay.settled();
    expect(await deviceUsageBytes(h, s.dev.deviceId)).toBe(RFB_VERSION.length * 2 + screen.length);
    await vnc.close();
    s.mqtt.end(true);
  });
});

const RFB_VERSION = Buffer.from('RFB 003.008\n');

/** A TCP server standing for the HMI's VNC server: says its version, then what the test writes. */
async function localVnc() {
  let accept: ((s: Socket) => void) | null = null;
  const connected = new Promise<Socket>((resolve) => (accept = resolve));
  let input = Buffer.alloc(0);
  const server = createServer((s) => {
    s.on('data', (d: Buffer) => (input = Buffer.concat([input, d])));
    s.write(RFB_VERSION);
    accept?.(s);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connected,
    input: () => input,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
