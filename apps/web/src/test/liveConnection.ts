/**
 * The app's live connection in screen tests, talking to a real local websocket server (see
 * liveServer.ts) instead of the page's host: a test file swaps `live/live` for `liveMock.ts` with
 * vi.mock and calls `serveLive(live)`.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import WebSocket from 'ws';
import { createLiveConnection } from '../live/connection';
import type { LiveConnection, SocketLike } from '../live/types';
import { session } from '../api/tokens';
import { startLiveServer, type LivePeer, type LiveServer } from './liveServer';

/** The server of the running test file (`serveLive`). */
let server: LiveServer | null = null;

export function testLive(): LiveConnection {
  return createLiveConnection({
    url: () => server?.url ?? '',
    session,
    refresh: () => Promise.resolve(),
    accountGone: () => undefined,
    createSocket: (target) => new WebSocket(target) as unknown as SocketLike,
  });
}

/** Starts `live` and completes the handshake with the server's next connection. */
async function connectLive(live: LiveConnection, to: LiveServer): Promise<LivePeer> {
  const index = to.peers.length;
  live.start();
  const peer = await to.peer(index);
  await peer.next('auth');
  const ready = new Promise<void>((resolve) => {
    const stop = live.onReady(() => {
      stop();
      resolve();
    });
  });
  peer.send({ type: 'ready', user_id: 1 });
  await ready;
  return peer;
}

/**
 * A live server for the test file (started before its tests, closed after them) with `live`, the
 * mocked connection, stopped after each test. `connect()` starts `live` and completes the handshake.
 */
export function serveLive(live: LiveConnection): { connect: () => Promise<LivePeer> } {
  beforeAll(async () => {
    server = await startLiveServer();
  });
  afterEach(() => live.stop());
  afterAll(async () => {
    live.stop();
    await server?.close();
    server = null;
  });
  return {
    connect: () => {
      if (!server) throw new Error('serveLive: no server outside the test file’s tests');
      return connectLive(live, server);
    },
  };
}
