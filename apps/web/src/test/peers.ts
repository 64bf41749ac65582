/**
 * The accepting side of the local websocket servers the tests talk to (`/v1/ws`, the relay's
 * `/v1/vnc/ws`): each connection becomes a peer numbered in arrival order, so a test can wait for
 * "the second socket" whether or not the page has opened it yet.
 */
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

export interface Peers<P> {
  /** Every connection accepted so far, in arrival order. */
  peers: P[];
  /** The `n`-th connection (0-based), once it is accepted. */
  peer(n: number): Promise<P>;
  /** Cuts every connection and stops listening. */
  close(): Promise<void>;
}

/** Wraps each connection of `wss` with `wrap` (which may also start answering on it). */
export function acceptPeers<P>(wss: WebSocketServer, wrap: (socket: WebSocket) => P): Peers<P> {
  const peers: P[] = [];
  const waiting = new Map<number, (peer: P) => void>();
  wss.on('connection', (socket) => {
    const peer = wrap(socket);
    peers.push(peer);
    waiting.get(peers.length - 1)?.(peer);
  });
  return {
    peers,
    peer: (n) => {
      const known = peers[n];
      return known ? Promise.resolve(known) : new Promise((resolve) => waiting.set(n, resolve));
    },
    close: () =>
      new Promise((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
}

/** A websocket server on a free loopback port serving `path`, once it listens, and its URL. */
export async function listenLocal(path: string): Promise<{ wss: WebSocketServer; url: string }> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, path });
  await new Promise<void>((resolve) => wss.once('listening', resolve));
  const { port } = wss.address() as AddressInfo;
  return { wss, url: `ws://127.0.0.1:${port}${path}` };
}
