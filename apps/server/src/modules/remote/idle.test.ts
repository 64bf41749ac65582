import {
  ErrorCode,
  Permission,
  VNC_CLOSE,
  VNC_IDLE_DEFAULT_MINUTES,
  VNC_TUNNEL_PATH,
  VNC_WS_PATH,
  getRemoteSettings,
  listRemoteSessions,
  openRemoteView,
  setRemoteSettings,
  topics,
} from '@hmi/contract';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount, createSubAccount, type TestAccount } from '../../test/accounts';
import { databases } from '../../test/databases';
import { api } from '../../test/harness';
import { useHarness } from '../../test/suite';
import { boundDevice, brokerUrl, connect } from '../../test/mqtt';
import {
  VncPeer,
  exchangeRfb,
  listenOrigin,
  nextVncCommand,
  pointerClick,
  withTraffic,
} from '../../test/vnc';

describe.each(databases)('remote view idle timeout on $name', (database) => {
  let main: TestAccount;
  let origin: string;
  let dev: Awaited<ReturnType<typeof boundDevice>>;
  let mqtt: MqttClient;

  const h = useHarness(database, { deps: { relay: { tickMs: 25, ticketTtlMs: 3000 } } });
  beforeAll(async () => {
    origin = await listenOrigin(h);
    main = await createMainAccount(h, 5);
    dev = await boundDevice(h, main, `${database.name}idle`);
    mqtt = await connect(brokerUrl(h), { username: dev.sn, password: dev.secret });
    await mqtt.subscribeAsync(topics.cmd(dev.sn), { qos: 1 });
    await withTraffic(h, main, dev.deviceId, 64 * 1024 * 1024);
  });
  afterAll(async () => {
    mqtt?.end(true);
  });

  async function session() {
    await h.app.remoteRelay.settled();
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
    return { id: r.body.data.session, browser, device };
  }

  it('team idle minutes: read with 17, set only with 20, range checked, the default until set', async () => {
    const reader = await createSubAccount(h, main.teamId, [Permission.ACCOUNT_VIEW]);
    const get = await api(h.app, getRemoteSettings, { token: reader.token });
    expect(get.body.data).toEqual({ idle_minutes: VNC_IDLE_DEFAULT_MINUTES });
    const refused = await api(h.app, setRemoteSettings, { token: reader.token, body: { idle_minutes: 0 } });
    expect(refused.body.code).toBe(ErrorCode.AUTHORIZATION);
    const outsider = await createSubAccount(h, main.teamId, [Permission.DEVICE_VIEW]);
    expect((await api(h.app, getRemoteSettings, { token: outsider.token })).body.code).toBe(
      ErrorCode.AUTHORIZATION,
    );
    const payer = await createSubAccount(h, main.teamId, [Permission.ACCOUNT_REMOTE_TOPUP]);
    const bad = await api(h.app, setRemoteSettings, { token: payer.token, body: { idle_minutes: 481 } });
    expect(bad.body.code).toBe(ErrorCode.INPUT_PARAMETER);
    const ok = await api(h.app, setRemoteSettings, { token: payer.token, body: { idle_minutes: 2 } });
    expect(ok.body.data).toEqual({ idle_minutes: 2 });
    // Another team keeps its own.
    const other = await createMainAccount(h, 5);
    expect((await api(h.app, getRemoteSettings, { token: other.token })).body.data).toEqual({
      idle_minutes: VNC_IDLE_DEFAULT_MINUTES,
    });
  });

  it('warns a minute before, input takes the warning back, then no input ends the session as idle', async () => {
    await api(h.app, setRemoteSettings, { token: main.token, body: { idle_minutes: 2 } });
    const s = await session();
    await exchangeRfb(s.device, s.browser);
    h.clock.advance(61);
    const warned = await s.browser.next('idle');
    expect(warned.ends_in_s).toBe(59);
    s.browser.send(pointerClick);
    await s.browser.until((p) => p.status.filter((m) => m.type === 'idle').length === 2);
    expect(s.browser.status.filter((m) => m.type === 'idle').at(-1)).toEqual({
      type: 'idle',
      ends_in_s: null,
    });
    // The input started the two minutes again: 61 s later the session still runs.
    h.clock.advance(61);
    await s.browser.until((p) => p.status.filter((m) => m.type === 'idle').length === 3);
    h.clock.advance(60);
    expect(await s.browser.closed).toBe(VNC_CLOSE.idle);
    expect(s.browser.status.at(-1)).toMatchObject({ type: 'end', reason: 'idle' });
    await h.app.remoteRelay.settled();
    const list = await api(h.app, listRemoteSessions, {
      token: main.token,
      params: { id: dev.deviceId },
      query: {},
    });
    expect(list.body.data.list.find((x) => x.session === s.id)?.reason).toBe('idle');
  });

  it('0 idle minutes: a session without input runs to its maximum duration', async () => {
    await api(h.app, setRemoteSettings, { token: main.token, body: { idle_minutes: 0 } });
    const s = await session();
    h.clock.advance(29 * 60);
    // Ticks pass (usage is reported only when bytes flow: wait for a settle of the handshake).
    await exchangeRfb(s.device, s.browser);
    await s.browser.next('usage');
    expect(s.browser.status.some((m) => m.type === 'idle')).toBe(false);
    h.clock.advance(61);
    expect(await s.browser.closed).toBe(VNC_CLOSE.max_duration);
  });
});
