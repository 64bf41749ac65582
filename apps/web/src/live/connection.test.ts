import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { wsCloseCode } from '@hmi/contract';
import { createApiClient } from '../api/client';
import { startApiServer, type ApiServer } from '../test/apiServer';
import { startLiveServer, type LiveServer } from '../test/liveServer';
import { createSession, memoryStorage, type Session } from '../api/tokens';
import { coalesced } from './coalesce';
import { createLiveConnection } from './connection';
import type { LiveConnection, SocketLike } from './types';

/** Resolves the next time `on` calls its listener (with what it was called with). */
function once<A extends unknown[]>(on: (listener: (...args: A) => void) => () => void): Promise<A> {
  return new Promise((resolve) => {
    const stop = on((...args) => {
      stop();
      resolve(args);
    });
  });
}

describe('live connection', () => {
  let api: ApiServer;
  let server: LiveServer;
  let session: Session;
  let live: LiveConnection;
  let gone: number;
  let toLogin: number;

  beforeEach(async () => {
    [api, server] = await Promise.all([startApiServer(), startLiveServer()]);
    session = createSession(memoryStorage());
    session.save({ token: 'access-1', refresh_token: 'refresh-1', host: api.host });
    gone = 0;
    toLogin = 0;
    const client = createApiClient({
      session,
      toast: () => undefined,
      translate: (key) => key,
      navigateToLogin: () => (toLogin += 1),
      centralHost: '',
      defaultOrigin: api.host,
      timeoutMs: 5000,
    });
    live = createLiveConnection({
      url: () => server.url,
      session,
      refresh: (stale) => client.refresh(stale),
      accountGone: () => {
        gone += 1;
        client.accountGone();
      },
      createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
      backoff: { minMs: 5, maxMs: 20 },
    });
  });
  afterEach(async () => {
    live.stop();
    await Promise.all([server.close(), api.close()]);
  });

  it('authenticates first, subscribes what is watched (counted per id) and keeps the latest state', async () => {
    const releaseA = live.watch([1, 2]);
    const releaseB = live.watch([2]);
    live.start();
    const peer = await server.peer(0);
    expect(await peer.next('auth')).toEqual({ type: 'auth', token: 'access-1' });
    expect(peer.received).toHaveLength(1);
    const ready = once(live.onReady);
    peer.send({ type: 'ready', user_id: 7 });
    expect(await ready).toEqual([false]);
    expect(live.status).toBe('live');
    expect(await peer.next('subscribe')).toEqual({ type: 'subscribe', devices: [1, 2] });

    const values = once((fn) => live.onValues(2, fn));
    peer.send({ type: 'values', device_id: 2, values: [{ tag: 'temp', value: '21.5', ts: 10 }] });
    await values;
    expect(live.device(2)?.values.get('temp')).toEqual({ value: '21.5', ts: 10 });
    // An older sample does not replace a newer one.
    const older = once((fn) => live.onValues(2, fn));
    peer.send({ type: 'values', device_id: 2, values: [{ tag: 'temp', value: '20', ts: 9 }] });
    await older;
    expect(live.device(2)?.values.get('temp')).toEqual({ value: '21.5', ts: 10 });

    const online = once(live.onDevices);
    const before = live.version;
    peer.send({ type: 'online', device_id: 1, online: 1, at: 1700000000 });
    await online;
    expect(live.version).toBe(before + 1);
    expect(live.device(1)?.online).toEqual({ online: 1, at: 1700000000 });

    // Releasing one of two watchers of id 2 keeps it; the last release unsubscribes.
    releaseB();
    const releaseC = live.watch([3]);
    expect(await peer.next('subscribe', (m) => m.devices.includes(3))).toEqual({
      type: 'subscribe',
      devices: [3],
    });
    releaseA();
    expect(await peer.next('unsubscribe')).toEqual({ type: 'unsubscribe', devices: [1, 2] });
    expect(live.device(2)).toBeUndefined();
    expect(live.device(3)).toEqual({ values: new Map() });
    releaseC();

    const messages = once(live.onMessages);
    peer.send({ type: 'messages' });
    await messages;
  });

  it('re-authenticates on the same socket when the token is refreshed', async () => {
    live.start();
    const peer = await server.peer(0);
    await peer.next('auth');
    peer.send({ type: 'ready', user_id: 7 });
    await once(live.onReady);
    session.save({ token: 'access-2', refresh_token: 'refresh-2' });
    expect(await peer.next('auth', (m) => m.token === 'access-2')).toBeTruthy();
    expect(server.peers).toHaveLength(1);
  });

  it('refreshes through the HTTP client on 1009 and reconnects with the new token', async () => {
    api.routes.set('POST /v1/refreshtoken', () => ({ token: 'access-2', refresh_token: 'refresh-2' }));
    live.watch([5]);
    live.start();
    const first = await server.peer(0);
    await first.next('auth');
    first.send({ type: 'error', code: 1009, msg: 'authentication expired' });
    first.close(wsCloseCode(1009));

    const second = await server.peer(1);
    expect(await second.next('auth')).toEqual({ type: 'auth', token: 'access-2' });
    expect(api.callsTo('POST /v1/refreshtoken')).toHaveLength(1);
    expect(api.callsTo('POST /v1/refreshtoken')[0]?.body).toMatchObject({ token: 'access-1' });
    second.send({ type: 'ready', user_id: 7 });
    expect(await second.next('subscribe')).toEqual({ type: 'subscribe', devices: [5] });
  });

  it('reconnects with backoff after the link is cut, resubscribes and says it was away', async () => {
    live.watch([4]);
    live.start();
    const first = await server.peer(0);
    await first.next('auth');
    first.send({ type: 'ready', user_id: 7 });
    await once(live.onReady);
    const reconnecting = once(live.onStatus);
    first.cut();
    await reconnecting;
    expect(live.status).toBe('reconnecting');

    const second = await server.peer(1);
    expect(await second.next('auth')).toEqual({ type: 'auth', token: 'access-1' });
    const ready = once(live.onReady);
    second.send({ type: 'ready', user_id: 7 });
    expect(await ready).toEqual([true]);
    expect(await second.next('subscribe')).toEqual({ type: 'subscribe', devices: [4] });
  });

  it('narrows a device to some TAGs before subscribing, again after a reconnect, until widened', async () => {
    live.narrow(4, ['temp', 'run']);
    live.narrow(5, null); // never narrowed: nothing to send
    live.watch([4]);
    live.start();
    const first = await server.peer(0);
    await first.next('auth');
    first.send({ type: 'ready', user_id: 7 });
    await first.next('subscribe');
    expect(first.received.slice(1)).toEqual([
      { type: 'tags', device_id: 4, tags: ['temp', 'run'] },
      { type: 'subscribe', devices: [4] },
    ]);
    first.cut();
    const second = await server.peer(1);
    await second.next('auth');
    second.send({ type: 'ready', user_id: 7 });
    await second.next('subscribe');
    expect(second.received.slice(1, 2)).toEqual([{ type: 'tags', device_id: 4, tags: ['temp', 'run'] }]);
    live.narrow(4, null);
    expect(await second.next('tags', (m) => m.tags === null)).toEqual({
      type: 'tags',
      device_id: 4,
      tags: null,
    });
  });

  it('ends the session on 1055 and does not come back', async () => {
    live.start();
    const peer = await server.peer(0);
    await peer.next('auth');
    const idle = once(live.onStatus);
    peer.close(wsCloseCode(1055));
    await idle;
    expect(live.status).toBe('idle');
    expect(gone).toBe(1);
    expect(toLogin).toBe(1);
    expect(session.getToken()).toBeNull();
    expect(server.peers).toHaveLength(1);
  });

  it('closes when the session ends (logout) and opens again for the next login', async () => {
    live.start();
    const first = await server.peer(0);
    await first.next('auth');
    session.clear();
    expect(await first.closed).toBe(1000);
    expect(live.status).toBe('idle');

    session.save({ token: 'access-9', refresh_token: 'refresh-9' });
    const second = await server.peer(1);
    expect(await second.next('auth')).toEqual({ type: 'auth', token: 'access-9' });
  });

  it('does not retry a token the server refused (1001) until the session holds another', async () => {
    live.start();
    const first = await server.peer(0);
    await first.next('auth');
    const idle = once(live.onStatus);
    first.close(wsCloseCode(1001));
    await idle;
    expect(live.status).toBe('idle');
    expect(server.peers).toHaveLength(1);
    session.save({ token: 'access-3', refresh_token: 'refresh-3' });
    expect(await (await server.peer(1)).next('auth')).toEqual({ type: 'auth', token: 'access-3' });
  });
});

describe('coalesced', () => {
  it('runs a burst of calls at most twice, the last after the last call', async () => {
    const runs: (() => void)[] = [];
    let started: () => void = () => undefined;
    const run = coalesced(
      () =>
        new Promise<void>((resolve) => {
          runs.push(resolve);
          started();
        }),
    );
    run();
    run();
    run();
    expect(runs).toHaveLength(1);
    const second = new Promise<void>((resolve) => (started = resolve));
    runs[0]?.();
    await second;
    expect(runs).toHaveLength(2);
    const third = new Promise<void>((resolve) => (started = resolve));
    run();
    runs[1]?.();
    await third;
    expect(runs).toHaveLength(3);
  });
});
