/**
 * A local websocket server playing the relay's browser end (`/v1/vnc/ws`) for the remote view's
 * tests: each connection is a peer recording what the page sent (JSON control messages, binary
 * RFB) and answering as the test scripts it.
 */
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { VNC_WS_PATH, type VncClientMessage, type VncServerMessage } from '@hmi/contract';

export class RelayPeer {
  readonly control: VncClientMessage[] = [];
  readonly binary: Buffer[] = [];
  readonly closed: Promise<number>;
  private waiters: (() => void)[] = [];

  constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer, isBinary) => {
      if (isBinary) this.binary.push(data);
      else this.control.push(JSON.parse(data.toString('utf8')) as VncClientMessage);
      for (const w of this.waiters.splice(0)) w();
    });
    this.closed = new Promise((resolve) => socket.on('close', (code) => resolve(code)));
  }

  /** Resolves once `pred` holds of what the page sent. */
  until(pred: (p: RelayPeer) => boolean): Promise<void> {
    if (pred(this)) return Promise.resolve();
    return new Promise((resolve) => {
      const check = () => (pred(this) ? resolve() : this.waiters.push(check));
      this.waiters.push(check);
    });
  }

  /** The first control message of `type` the page sent, now or later. */
  async next<T extends VncClientMessage['type']>(type: T): Promise<Extract<VncClientMessage, { type: T }>> {
    await this.until((p) => p.control.some((m) => m.type === type));
    return this.control.find((m) => m.type === type) as Extract<VncClientMessage, { type: T }>;
  }

  send(msg: VncServerMessage): void {
    this.socket.send(JSON.stringify(msg));
  }

  sendRfb(bytes: Buffer): void {
    this.socket.send(bytes, { binary: true });
  }

  close(code: number): void {
    this.socket.close(code);
  }
}

export interface TestRelay {
  url: string;
  peer(n: number): Promise<RelayPeer>;
  close(): Promise<void>;
}

export async function startTestRelay(): Promise<TestRelay> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, path: VNC_WS_PATH });
  await new Promise<void>((resolve) => wss.once('listening', resolve));
  const { port } = wss.address() as AddressInfo;
  const peers: RelayPeer[] = [];
  const waiting = new Map<number, (peer: RelayPeer) => void>();
  wss.on('connection', (socket) => {
    const peer = new RelayPeer(socket);
    peers.push(peer);
    waiting.get(peers.length - 1)?.(peer);
  });
  return {
    url: `ws://127.0.0.1:${port}${VNC_WS_PATH}`,
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
