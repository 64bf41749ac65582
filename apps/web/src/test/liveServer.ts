/**
 * A real local websocket server playing `/v1/ws` for the live-connection tests: each accepted
 * connection is a peer that records what the client sent and answers as a test scripts it.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import type { WsClientMessage, WsServerMessage } from '@hmi/contract';
import { acceptPeers, listenLocal } from './peers';

type Waiter = { pred: (m: WsClientMessage) => boolean; resolve: (m: WsClientMessage) => void };

export class LivePeer {
  readonly received: WsClientMessage[] = [];
  readonly closed: Promise<number>;
  private waiters: Waiter[] = [];

  constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      const m = JSON.parse(data.toString('utf8')) as WsClientMessage;
      this.received.push(m);
      this.waiters = this.waiters.filter((w) => (w.pred(m) ? (w.resolve(m), false) : true));
    });
    this.closed = new Promise((resolve) => socket.on('close', (code) => resolve(code)));
  }

  /** The first message of `type` (matching `pred`) received, now or later. */
  next<T extends WsClientMessage['type']>(
    type: T,
    pred: (m: Extract<WsClientMessage, { type: T }>) => boolean = () => true,
  ): Promise<Extract<WsClientMessage, { type: T }>> {
    const match = (m: WsClientMessage) => m.type === type && pred(m as Extract<WsClientMessage, { type: T }>);
    const hit = this.received.find(match);
    if (hit) return Promise.resolve(hit as Extract<WsClientMessage, { type: T }>);
    return new Promise((resolve) =>
      this.waiters.push({ pred: match, resolve: (m) => resolve(m as Extract<WsClientMessage, { type: T }>) }),
    );
  }

  send(message: WsServerMessage): void {
    this.socket.send(JSON.stringify(message));
  }

  close(code: number): void {
    this.socket.close(code);
  }

  /** Cuts the TCP connection without a closing handshake (a network failure). */
  cut(): void {
    this.socket.terminate();
  }
}

export interface LiveServer {
  url: string;
  peers: LivePeer[];
  /** The `n`-th connection (0-based), once it is accepted. */
  peer(n: number): Promise<LivePeer>;
  close(): Promise<void>;
}

export interface LiveServerOptions {
  /** Answers every `auth` with `ready` (for screen tests that only need a working socket). */
  autoReady?: boolean;
}

function serve(wss: WebSocketServer, url: string, options: LiveServerOptions): LiveServer {
  return {
    url,
    ...acceptPeers(wss, (socket) => {
      const peer = new LivePeer(socket);
      if (options.autoReady)
        socket.on('message', (data: Buffer) => {
          const m = JSON.parse(data.toString('utf8')) as WsClientMessage;
          if (m.type === 'auth') peer.send({ type: 'ready', user_id: 1 });
        });
      return peer;
    }),
  };
}

/** `/v1/ws` on an HTTP server that already listens (the screens' API server). */
export function attachLiveServer(server: Server, options: LiveServerOptions = {}): LiveServer {
  const wss = new WebSocketServer({ server, path: '/v1/ws' });
  const { port } = server.address() as AddressInfo;
  return serve(wss, `ws://127.0.0.1:${port}/v1/ws`, options);
}

export async function startLiveServer(options: LiveServerOptions = {}): Promise<LiveServer> {
  const { wss, url } = await listenLocal('/v1/ws');
  return serve(wss, url, options);
}
