/**
 * A live connection for screen tests, talking to a real local websocket server (see liveServer.ts)
 * instead of the page's host. Tests swap it in for the app's one with vi.mock.
 */
import WebSocket from 'ws';
import { createLiveConnection } from '../live/connection';
import type { LiveConnection, SocketLike } from '../live/types';
import { session } from '../api/tokens';
import type { LivePeer, LiveServer } from './liveServer';

export function testLive(url: () => string): LiveConnection {
  return createLiveConnection({
    url,
    session,
    refresh: () => Promise.resolve(),
    accountGone: () => undefined,
    createSocket: (target) => new WebSocket(target) as unknown as SocketLike,
  });
}

/** Starts `live` and completes the handshake with the server's next connection. */
export async function connectLive(live: LiveConnection, server: LiveServer): Promise<LivePeer> {
  const index = server.peers.length;
  live.start();
  const peer = await server.peer(index);
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
