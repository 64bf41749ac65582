import {
  logout,
  createGroup,
  updateDevice,
  getDevice,
  createRole,
  createInvitation,
  setMessagesRead,
  topics,
  wsCloseCode,
  WS_CLOSE_ORIGIN,
  type WsDeviceEvent,
} from '@hmi/contract';
import { describe, expect, it } from 'vitest';
import { createMainAccount, createSubAccount, grant, type TestAccount } from '../../test/accounts';
import { databases } from '../../test/databases';
import { api } from '../../test/harness';
import { AccountSuite, withAccountSuite } from '../../test/suite';
import { boundDevice, brokerUrl, connect, nextLive } from '../../test/mqtt';
import { ok } from '../../test/registry';
import { WsClient } from '../../test/ws-client';
import { HubConnection, type SocketLike } from './connection';

describe.each(databases)('websocket /v1/ws on $name', (database) => {
  let url: string;
  const ctx = withAccountSuite(new AccountSuite(), database, 20, async () => {
    await ctx.h.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = ctx.h.app.server.address();
    url = `ws://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/v1/ws`;
  });

  it('needs auth as the first message; a bad token closes with its code; a foreign Origin is refused', async () => {
    const a = await WsClient.open(url, 'http://console.test');
    a.send({ type: 'subscribe', devices: [1] });
    expect(await a.next('error')).toMatchObject({ code: 1008 });
    expect(await a.closed).toBe(wsCloseCode(1008));

    const b = await WsClient.open(url);
    b.send({ type: 'auth', token: 'not-a-token' });
    expect(await b.next('error')).toMatchObject({ code: 1001 });
    expect(await b.closed).toBe(4001);

    const c = await WsClient.open(url, 'http://evil.example');
    expect(await c.closed).toBe(WS_CLOSE_ORIGIN);
    expect(c.messages).toEqual([]);
  });

  it('subscribes only to visible devices, pushes values and online, and closes on logout', async () => {
    const mine = await boundDevice(ctx.h, ctx.main, `${database.name}w1`);
    const other = await createMainAccount(ctx.h, 5);
    const theirs = await boundDevice(ctx.h, other, `${database.name}w2`);
    const ws = await WsClient.open(url, 'http://console.test');
    ws.send({ type: 'auth', token: ctx.main.token });
    await ws.next('ready');
    ws.send({ type: 'subscribe', devices: [mine.deviceId, theirs.deviceId] });
    expect(await ws.next('subscribed')).toEqual({
      type: 'subscribed',
      devices: [mine.deviceId],
      refused: [theirs.deviceId],
    });

    const dev = await connect(brokerUrl(ctx.h), { username: mine.sn, password: mine.secret });
    const devOther = await connect(brokerUrl(ctx.h), { username: theirs.sn, password: theirs.secret });
    await devOther.publishAsync(
      topics.tags(theirs.sn),
      JSON.stringify({ v: 1, seq: 1, values: [{ tag: 'temp', value: 9, ts: 5 }] }),
      { qos: 1 },
    );
    await dev.publishAsync(topics.state(mine.sn), JSON.stringify({ v: 1, online: true }), { qos: 1 });
    await dev.publishAsync(
      topics.tags(mine.sn),
      JSON.stringify({ v: 1, seq: 1, values: [{ tag: 'temp', value: 7.5, ts: 5 }] }),
      { qos: 1 },
    );
    expect(await ws.next('online', (m) => m.online === 1)).toMatchObject({ device_id: mine.deviceId });
    expect(await ws.next('values')).toEqual({
      type: 'values',
      device_id: mine.deviceId,
      values: [{ tag: 'temp', value: '7.5', ts: 5 }],
    });
    expect(ws.messages.some((m) => 'device_id' in m && m.device_id === theirs.deviceId)).toBe(false);

    // A sub-account sees only devices in its granted groups.
    const sub = await createSubAccount(ctx.h, ctx.main.teamId, [2]);
    const group = await ok(ctx.h, ctx.main, createGroup, { body: { name: `WG${database.name}` } });
    await ok(ctx.h, ctx.main, updateDevice, { params: { id: mine.deviceId }, body: { group_id: group.id } });
    const subWs = await WsClient.open(url, 'http://console.test');
    subWs.send({ type: 'auth', token: sub.token });
    await subWs.next('ready');
    subWs.send({ type: 'subscribe', devices: [mine.deviceId] });
    expect(await subWs.next('subscribed')).toMatchObject({ devices: [], refused: [mine.deviceId] });
    await grant(ctx.h, sub.userId, 'group', [group.id]);
    subWs.send({ type: 'subscribe', devices: [mine.deviceId] });
    expect(await subWs.next('subscribed', (m) => m.devices.length === 1)).toMatchObject({
      devices: [mine.deviceId],
    });
    subWs.ws.close();

    // Logout ends the session: the socket is closed with 1009.
    await api(ctx.h.app, logout, { token: ctx.main.token });
    expect(await ws.next('error')).toMatchObject({ code: 1009 });
    expect(await ws.closed).toBe(wsCloseCode(1009));
    await dev.endAsync();
    await devOther.endAsync();
  });

  it('gives a late subscriber the online state with its time, the sync state and the latest values', async () => {
    const owner = await createMainAccount(ctx.h, 5);
    const reporting = await boundDevice(ctx.h, owner, `${database.name}late1`);
    const idle = await boundDevice(ctx.h, owner, `${database.name}late2`);
    const boundAt = Math.floor(ctx.h.clock.now() / 1000);
    const { cloud_version: cloud } = await ok(ctx.h, owner, getDevice, {
      params: { id: reporting.deviceId },
    });
    ctx.h.clock.advance(90);
    const dev = await connect(brokerUrl(ctx.h), { username: reporting.sn, password: reporting.secret });
    const synced = nextLive(ctx.h, (e) => e.type === 'sync' && e.device_id === reporting.deviceId);
    await dev.publishAsync(
      topics.state(reporting.sn),
      JSON.stringify({ v: 1, online: true, config_version: cloud }),
      { qos: 1 },
    );
    await synced;
    const stored = nextLive(ctx.h, (e) => e.type === 'values' && e.device_id === reporting.deviceId);
    await dev.publishAsync(
      topics.tags(reporting.sn),
      JSON.stringify({ v: 1, seq: 1, values: [{ tag: 'temp', value: 3.25, ts: 7 }] }),
      { qos: 1 },
    );
    await stored;

    const ws = await WsClient.open(url, 'http://console.test');
    ws.send({ type: 'auth', token: owner.token });
    await ws.next('ready');
    ws.send({ type: 'subscribe', devices: [reporting.deviceId, idle.deviceId] });
    await ws.next('subscribed');
    const about = (id: number) => ws.messages.filter((m) => 'device_id' in m && m.device_id === id);
    expect(about(reporting.deviceId)).toEqual([
      { type: 'online', device_id: reporting.deviceId, online: 1, at: boundAt + 90 },
      {
        type: 'sync',
        device_id: reporting.deviceId,
        sync_status: 1,
        hmi_version: cloud,
        cloud_version: cloud,
      },
      { type: 'values', device_id: reporting.deviceId, values: [{ tag: 'temp', value: '3.25', ts: 7 }] },
    ]);
    // Never connected: offline since it was bound, its template not on the HMI yet.
    expect(about(idle.deviceId)).toEqual([
      { type: 'online', device_id: idle.deviceId, online: 0, at: boundAt },
      {
        type: 'sync',
        device_id: idle.deviceId,
        sync_status: 0,
        hmi_version: null,
        cloud_version: expect.any(Number) as number,
      },
    ]);
    ws.ws.close();
    await dev.endAsync();
  });

  it('tells only the concerned connections that messages changed: the invitee, the reader, or the team', async () => {
    const owner = await createMainAccount(ctx.h);
    const member = await createSubAccount(ctx.h, owner.teamId, [24]); // no device view: may still connect
    const invitee = await createMainAccount(ctx.h);
    const stranger = await createMainAccount(ctx.h);
    const role = await ok(ctx.h, owner, createRole, {
      body: {
        name: 'WsViewer',
        permissions: [2],
      },
    });
    const open = async (a: TestAccount) => {
      const c = await WsClient.open(url, 'http://console.test');
      c.send({ type: 'auth', token: a.token });
      await c.next('ready');
      return c;
    };
    const ownerWs = await open(owner);
    const memberWs = await open(member);
    const inviteeWs = await open(invitee);
    const inviteeTab2 = await open(invitee);
    const strangerWs = await open(stranger);
    // Everything the hub sends for one bus event is out before the answer of a later ping.
    const settled = async (...clients: WsClient[]) => {
      await Promise.all(
        clients.map((c) => {
          const before = c.messages.filter((m) => m.type === 'pong').length;
          c.send({ type: 'ping' });
          return c.next('pong', () => c.messages.filter((m) => m.type === 'pong').length > before);
        }),
      );
    };
    const noticesOf = (c: WsClient) => c.messages.filter((m) => m.type === 'messages').length;
    const all = [ownerWs, memberWs, inviteeWs, inviteeTab2, strangerWs];

    // The invitation (billing message 6) goes to the invitee's sockets, in the invitee's own team.
    await ok(ctx.h, owner, createInvitation, { body: { account: invitee.username, role_id: role.id } });
    await settled(...all);
    expect(all.map(noticesOf)).toEqual([0, 0, 1, 1, 0]);

    // Marking it read tells the reader's other tabs; reading nothing new tells nobody.
    await ok(ctx.h, invitee, setMessagesRead, { body: { all: true } });
    await settled(...all);
    expect(all.map(noticesOf)).toEqual([0, 0, 2, 2, 0]);
    await ok(ctx.h, invitee, setMessagesRead, { body: { all: true } });
    await settled(...all);
    expect(all.map(noticesOf)).toEqual([0, 0, 2, 2, 0]);

    // A team-wide change reaches every member of that team, device view or not.
    ctx.h.app.connectivity.bus.emit('messages', { teamId: owner.teamId, userId: null });
    await settled(...all);
    expect(all.map(noticesOf)).toEqual([1, 1, 2, 2, 0]);

    // Without device view every subscription is refused.
    memberWs.send({ type: 'subscribe', devices: [1] });
    expect(await memberWs.next('subscribed')).toEqual({ type: 'subscribed', devices: [], refused: [1] });
    for (const c of all) c.ws.close();
  });
});

describe('slow websocket clients', () => {
  class FakeSocket implements SocketLike {
    bufferedAmount = 0;
    readyState = 1;
    sent: string[] = [];
    send(data: string) {
      this.sent.push(data);
    }
    close() {
      this.readyState = 3;
    }
  }

  it('sends a narrowed device only the TAGs asked for, in the snapshot too, until unsubscribed', async () => {
    const s = new FakeSocket();
    const c = new HubConnection(s, 1000);
    const sent = () => s.sent.splice(0).map((x) => JSON.parse(x) as unknown);
    const v = (tag: string, ts = 1) => ({ tag, value: '1', ts });
    c.narrow(1, ['a', 'b']);
    c.devices.add(1);
    c.devices.add(2);
    await c.sendSnapshot(async () => [
      { type: 'values', device_id: 1, values: [v('a'), v('z')] },
      { type: 'online', device_id: 1, online: 1, at: 5 },
    ]);
    expect(sent()).toEqual([
      { type: 'online', device_id: 1, online: 1, at: 5 },
      { type: 'values', device_id: 1, values: [v('a')] },
    ]);
    const shared = () => 'shared text';
    c.deliver({ type: 'values', device_id: 1, values: [v('z', 2)] }, shared); // nothing it shows
    c.deliver({ type: 'values', device_id: 1, values: [v('b', 2), v('y', 2)] }, shared);
    c.deliver({ type: 'values', device_id: 2, values: [v('y', 2)] }); // not narrowed
    expect(sent()).toEqual([
      { type: 'values', device_id: 1, values: [v('b', 2)] },
      { type: 'values', device_id: 2, values: [v('y', 2)] },
    ]);
    c.narrow(1, null);
    c.deliver({ type: 'values', device_id: 1, values: [v('z', 3)] }, shared);
    expect(s.sent).toEqual(['shared text']);
    s.sent.length = 0;
    c.narrow(1, ['a']);
    c.unsubscribe([1]);
    c.devices.add(1);
    c.deliver({ type: 'values', device_id: 1, values: [v('z', 4)] });
    expect(sent()).toEqual([{ type: 'values', device_id: 1, values: [v('z', 4)] }]);
  });

  it('coalesces to the latest value per TAG while the socket lags, bounded, then flushes', () => {
    const s = new FakeSocket();
    const c = new HubConnection(s, 1000);
    c.devices.add(1);
    c.deliver({ type: 'values', device_id: 1, values: [{ tag: 'a', value: '0', ts: 0 }] });
    expect(s.sent).toHaveLength(1);
    s.bufferedAmount = 5000; // the client stopped reading
    for (let i = 1; i <= 10_000; i += 1)
      c.deliver({ type: 'values', device_id: 1, values: [{ tag: `t${i % 3}`, value: String(i), ts: i }] });
    for (let i = 0; i < 100; i += 1) c.deliver({ type: 'online', device_id: 1, online: i % 2, at: i });
    c.deliver({ type: 'values', device_id: 2, values: [{ tag: 'x', value: '1', ts: 1 }] }); // not subscribed
    expect(s.sent).toHaveLength(1);
    expect(c.pendingCount).toBe(4); // 3 TAGs + 1 online state
    s.bufferedAmount = 0;
    c.drain();
    expect(s.sent.slice(1).map((x) => JSON.parse(x) as unknown)).toEqual([
      { type: 'online', device_id: 1, online: 1, at: 99 },
      {
        type: 'values',
        device_id: 1,
        values: [
          { tag: 't1', value: '10000', ts: 10000 },
          { tag: 't2', value: '9998', ts: 9998 },
          { tag: 't0', value: '9999', ts: 9999 },
        ],
      },
    ]);
    c.close(1000);
  });

  it('holds live events while a snapshot is read; a held state replaces the older one read', async () => {
    const s = new FakeSocket();
    const c = new HubConnection(s, 1000);
    c.devices.add(1);
    const online = (online: number, at: number) => ({ type: 'online', device_id: 1, online, at }) as const;
    const sync = { type: 'sync', device_id: 1, sync_status: 1, hmi_version: 3, cloud_version: 3 } as const;
    const live = { tag: 'a', value: 'live', ts: 20 };
    const onlyInSnapshot = { tag: 'b', value: 'only', ts: 10 };
    let answer: (events: WsDeviceEvent[]) => void = () => undefined;
    const reading = new Promise<WsDeviceEvent[]>((resolve) => (answer = resolve));
    const sent = c.sendSnapshot(() => reading);
    c.deliver(online(1, 50));
    c.deliver({ type: 'values', device_id: 1, values: [live] });
    expect(s.sent).toEqual([]);
    answer([
      online(0, 40),
      sync,
      { type: 'values', device_id: 1, values: [{ tag: 'a', value: 'old', ts: 10 }, onlyInSnapshot] },
      { type: 'online', device_id: 2, online: 1, at: 1 }, // unsubscribed meanwhile
    ]);
    await sent;
    expect(s.sent.map((x) => JSON.parse(x) as unknown)).toEqual([
      online(1, 50),
      sync,
      { type: 'values', device_id: 1, values: [live, onlyInSnapshot] },
    ]);
    // Released: the next event goes straight out.
    c.deliver({ type: 'online', device_id: 1, online: 0, at: 60 });
    expect(s.sent).toHaveLength(4);
    c.close(1000);
  });
});
