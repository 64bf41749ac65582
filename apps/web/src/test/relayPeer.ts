/**
 * A local websocket server playing the relay's browser end (`/v1/vnc/ws`) for the remote view's
 * tests: each connection is a peer recording what the page sent (JSON control messages, binary
 * RFB) and answering as the test scripts it.
 */
import type { WebSocket } from 'ws';
import { VNC_WS_PATH, type VncClientMessage, type VncServerMessage } from '@hmi/contract';
import { acceptPeers, listenLocal } from './peers';

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
  const { wss, url } = await listenLocal(VNC_WS_PATH);
  const { peer, close } = acceptPeers(wss, (socket) => new RelayPeer(socket));
  return { url, peer, close };
}
