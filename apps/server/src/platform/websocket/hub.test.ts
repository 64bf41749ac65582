import { topics, wsCloseCode, WS_CLOSE_ORIGIN, type WsServerMessage } from '@hmi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createMainAccount, createSubAccount, grant, type TestAccount } from '../../test/accounts';
import { databases } from '../../test/databases';
import { call, startHarness, type Harness } from '../../test/harness';
import { boundDevice, brokerUrl, connect } from '../../test/mqtt';
import { ok } from '../../test/registry';
import { HubConnection, type SocketLike } from './hub';

/** A websocket client that collects messages and resolves waits on them. */
class Client {
  readonly messages: WsServerMessage[] = [];
  private waiters: { pred: (m: WsServerMessage) => boolean; resolve: (m: WsServerMessage) => void }[] = [];
  readonly closed: Promise<number>;
  constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      const m = JSON.parse(data.toString('utf8')) as WsServerMessage;
      this.messages.push(m);
      this.waiters = this.waiters.filter((w) => (w.pred(m) ? (w.resolve(m), false) : true));
    });
    this.closed = new Promise((resolve) => ws.on('close', (code) => resolve(code)));
  }
  static open(url: string, origin?: string): Promise<Client> {
    const ws = new WebSocket(url, origin ? { origin } : {});
    const c = new Client(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(c));
      ws.once('error', reject);
    });
  }
  send(m: unknown): void {
    this.ws.send(JSON.stringify(m));
  }
  next<T extends WsServerMessage['type']>(
    type: T,
    pred: (m: Extract<WsServerMessage, { type: T }>) => boolean = () => true,
  ) {
    const hit = this.messages.find(
      (m) => m.type === type && pred(m as Extract<WsServerMessage, { type: T }>),
    );
    if (hit) return Promise.resolve(hit as Extract<WsServerMessage, { type: T }>);
    return new Promise<Extract<WsServerMessage, { type: T }>>((resolve) =>
      this.waiters.push({
        pred: (m) => m.type === type && pred(m as Extract<WsServerMessage, { type: T }>),
        resolve: (m) => resolve(m as Extract<WsServerMessage, { type: T }>),
      }),
    );
  }
}

describe.each(databases)('websocket /v1/ws on $name', (database) => {
  let h: Harness;
  let main: TestAccount;
  let url: string;
  beforeAll(async () => {
    h = await startHarness(database);
    main = await createMainAccount(h, 20);
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = h.app.server.address();
    url = `ws://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/v1/ws`;
  });
  afterAll(async () => {
    await h?.close();
  });

  it('needs auth as the first message; a bad token closes with its code; a foreign Origin is refused', async () => {
    const a = await Client.open(url, 'http://console.test');
    a.send({ type: 'subscribe', devices: [1] });
    expect(await a.next('error')).toMatchObject({ code: 1008 });
    expect(await a.closed).toBe(wsCloseCode(1008));

    const b = await Client.open(url);
    b.send({ type: 'auth', token: 'not-a-token' });
    expect(await b.next('error')).toMatchObject({ code: 1001 });
    expect(await b.closed).toBe(4001);

    const c = await Client.open(url, 'http://evil.example');
    expect(await c.closed).toBe(WS_CLOSE_ORIGIN);
    expect(c.messages).toEqual([]);
  });

  it('subscribes only to visible devices, pushes values and online, and closes on logout', async () => {
    const mine = await boundDevice(h, main, `${database.name}w1`);
    const other = await createMainAccount(h, 5);
    const theirs = await boundDevice(h, other, `${database.name}w2`);
    const ws = await Client.open(url, 'http://console.test');
    ws.send({ type: 'auth', token: main.token });
    await ws.next('ready');
    ws.send({ type: 'subscribe', devices: [mine.deviceId, theirs.deviceId] });
    expect(await ws.next('subscribed')).toEqual({
      type: 'subscribed',
      devices: [mine.deviceId],
      refused: [theirs.deviceId],
    });

    const dev = await connect(brokerUrl(h), { username: mine.sn, password: mine.secret });
    const devOther = await connect(brokerUrl(h), { username: theirs.sn, password: theirs.secret });
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
    expect(await ws.next('online')).toMatchObject({ device_id: mine.deviceId, online: 1 });
    expect(await ws.next('values')).toEqual({
      type: 'values',
      device_id: mine.deviceId,
      values: [{ tag: 'temp', value: '7.5', ts: 5 }],
    });
    expect(ws.messages.some((m) => 'device_id' in m && m.device_id === theirs.deviceId)).toBe(false);

    // A sub-account sees only devices in its granted groups.
    const sub = await createSubAccount(h, main.teamId, [2]);
    const group = await ok<{ id: number }>(h, main, 'POST', '/v1/groups', { name: `WG${database.name}` });
    await ok(h, main, 'PUT', `/v1/devices/${mine.deviceId}`, { group_id: group.id });
    const subWs = await Client.open(url, 'http://console.test');
    subWs.send({ type: 'auth', token: sub.token });
    await subWs.next('ready');
    subWs.send({ type: 'subscribe', devices: [mine.deviceId] });
    expect(await subWs.next('subscribed')).toMatchObject({ devices: [], refused: [mine.deviceId] });
    await grant(h, sub.userId, 'group', [group.id]);
    subWs.send({ type: 'subscribe', devices: [mine.deviceId] });
    expect(await subWs.next('subscribed', (m) => m.devices.length === 1)).toMatchObject({
      devices: [mine.deviceId],
    });
    subWs.ws.close();

    // Logout ends the session: the socket is closed with 1009.
    await call(h.app, 'POST', '/v1/global/logout', { token: main.token });
    expect(await ws.next('error')).toMatchObject({ code: 1009 });
    expect(await ws.closed).toBe(wsCloseCode(1009));
    await dev.endAsync();
    await devOther.endAsync();
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
});
