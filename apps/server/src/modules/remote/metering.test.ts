import {
  VNC_CLOSE,
  VNC_TUNNEL_PATH,
  VNC_WS_PATH,
  listRemoteSessions,
  openRemoteView,
  topics,
} from '@hmi/contract';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount, type TestAccount } from '../../test/accounts';
import { deviceUsageBytes } from '../../test/billing';
import { databases } from '../../test/databases';
import { api, startHarness, type Harness } from '../../test/harness';
import { boundDevice, brokerUrl, connect } from '../../test/mqtt';
import { VncPeer, listenOrigin, nextVncCommand, withTraffic } from '../../test/vnc';
import { RESERVE_MAX_BYTES } from './meter';

const MB = 1024 * 1024;
const FRAME = 64 * 1024;

describe.each(databases)('relay metering on $name', (database) => {
  let h: Harness;
  let origin: string;

  beforeAll(async () => {
    h = await startHarness(database, {}, { relay: { tickMs: 25, ticketTtlMs: 3000 } });
    origin = await listenOrigin(h);
  });
  afterAll(async () => {
    await h?.close();
  });

  /** A team with one online device holding `bytes` of traffic, and a session open on it. */
  async function session(name: string, bytes: number) {
    const main: TestAccount = await createMainAccount(h, 5);
    const dev = await boundDevice(h, main, `${database.name}${name}`);
    const mqtt: MqttClient = await connect(brokerUrl(h), { username: dev.sn, password: dev.secret });
    await mqtt.subscribeAsync(topics.cmd(dev.sn), { qos: 1 });
    await withTraffic(h, main, dev.deviceId, bytes);
    const r = await api(h.app, openRemoteView, { token: main.token, params: { id: dev.deviceId }, body: {} });
    expect(r.body.code).toBe(0);
    const cmd = nextVncCommand(mqtt, dev.sn);
    const browser = await VncPeer.open(`${origin}${VNC_WS_PATH}`, {
      type: 'auth',
      token: main.token,
      session: r.body.data.session,
    });
    const vnc = await cmd;
    const device = await VncPeer.open(`${origin}${VNC_TUNNEL_PATH}`, {
      type: 'tunnel',
      sn: dev.sn,
      ticket: vnc.ticket,
    });
    await device.until((p) => p.text.length > 0);
    return { main, dev, mqtt, browser, device, id: r.body.data.session };
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
});
