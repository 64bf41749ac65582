import { EventEmitter } from 'node:events';
import { connect as tcpConnect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { VNC_FRAME_MAX, vncTunnelReady, type VncTunnelHello } from '@hmi/contract';
import WebSocket from 'ws';

/** Above this many bytes queued towards one side, the other side is no longer read. */
export const TUNNEL_HIGH_WATER = 1024 * 1024;
export const TUNNEL_LOW_WATER = 256 * 1024;
const READY_TIMEOUT_MS = 10_000;
const LOCAL_CONNECT_TIMEOUT_MS = 5_000;

/** The HMI's VNC server is off or refuses the connection (ack error 1024 "open VNC on HMI"). */
export class VncOffError extends Error {}

/** Opens a TCP connection to a local VNC server; refusal, unreachability and timeout are VncOffError. */
export function connectLocalVnc(host: string, port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = tcpConnect({ host, port, timeout: LOCAL_CONNECT_TIMEOUT_MS });
    const fail = (why: string) => {
      s.destroy();
      reject(new VncOffError(`VNC server ${host}:${port}: ${why}`));
    };
    s.once('connect', () => {
      s.setTimeout(0);
      s.removeAllListeners('error');
      resolve(s);
    });
    s.once('timeout', () => fail('timeout'));
    s.once('error', (err) => fail(err.message));
  });
}

export interface TunnelOptions {
  /** The relay's `/v1/vnc/tunnel` URL from the command (ws: or wss:). */
  url: string;
  sn: string;
  ticket: string;
  /** The local VNC server (a socket to the HMI's own or to the simulator's). */
  local(): Promise<Duplex>;
  highWater?: number;
  lowWater?: number;
}

export interface TunnelStats {
  toRelay: number;
  toLocal: number;
  /** The most bytes ever queued towards the relay (websocket) and towards the VNC server. */
  maxQueuedToRelay: number;
  maxQueuedToLocal: number;
}

/**
 * One VNC tunnel: the local VNC connection is made first (so a refused one is reported as 1024
 * before the relay is involved) and held unread; then the websocket to the relay sends the ticket
 * as its first message, waits for `ready`, and from there carries raw RFB as binary frames of at
 * most VNC_FRAME_MAX bytes each way. A side whose queue passes the high-water mark stops the other
 * from being read until it drains below the low-water mark. Either side closing closes both.
 * Events: `pause` ('local' | 'relay': the side no longer read), `close`.
 */
export class Tunnel extends EventEmitter {
  readonly stats: TunnelStats = { toRelay: 0, toLocal: 0, maxQueuedToRelay: 0, maxQueuedToLocal: 0 };
  readonly closed: Promise<void>;
  private done = false;

  private constructor(
    private readonly ws: WebSocket,
    private readonly local: Duplex,
    private readonly high: number,
    private readonly low: number,
  ) {
    super();
    this.closed = new Promise((resolve) => this.once('close', resolve));
  }

  /** Resolves once RFB flows; rejects with VncOffError or the relay's refusal. */
  static async open(o: TunnelOptions): Promise<Tunnel> {
    const url = new URL(o.url);
    if (url.protocol !== 'ws:' && url.protocol !== 'wss:') throw new Error('relay URL must be ws: or wss:');
    const local = await o.local();
    local.pause();
    local.on('error', () => local.destroy());
    const ws = new WebSocket(url, {
      maxPayload: VNC_FRAME_MAX,
      handshakeTimeout: READY_TIMEOUT_MS,
      perMessageDeflate: false,
      generateMask: zeroMask,
    });
    try {
      // Piping starts inside the `ready` handler: frames after it in the same read arrive synchronously.
      return await ready(ws, { type: 'tunnel', sn: o.sn, ticket: o.ticket }, () =>
        new Tunnel(ws, local, o.highWater ?? TUNNEL_HIGH_WATER, o.lowWater ?? TUNNEL_LOW_WATER).pipe(),
      );
    } catch (err) {
      local.destroy();
      throw err;
    }
  }

  close(): void {
    if (this.done) return;
    this.done = true;
    // A paused side would never read its peer's close.
    this.ws.resume();
    this.local.resume();
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING)
      this.ws.close(1000);
    this.local.end();
    this.emit('close');
  }

  private pipe(): this {
    const { ws, local } = this;
    local.on('data', (chunk: Buffer) => {
      for (let i = 0; i < chunk.length; i += VNC_FRAME_MAX)
        ws.send(chunk.subarray(i, i + VNC_FRAME_MAX), { binary: true }, () => this.sentToRelay());
      this.stats.toRelay += chunk.length;
      const queued = ws.bufferedAmount;
      this.stats.maxQueuedToRelay = Math.max(this.stats.maxQueuedToRelay, queued);
      if (queued > this.high && !local.isPaused()) {
        local.pause();
        this.emit('pause', 'local');
      }
    });
    ws.on('message', (data: Buffer, isBinary) => {
      if (!isBinary) return;
      this.stats.toLocal += data.length;
      // The socket's own mark (16 KiB) is below one frame: pausing at it would stall every frame.
      local.write(data);
      this.stats.maxQueuedToLocal = Math.max(this.stats.maxQueuedToLocal, local.writableLength);
      if (local.writableLength > this.high && !ws.isPaused) {
        ws.pause();
        this.emit('pause', 'relay');
      }
    });
    local.on('drain', () => {
      if (!this.done && ws.isPaused) ws.resume();
    });
    local.on('close', () => this.close());
    local.on('end', () => this.close());
    ws.on('close', () => this.close());
    ws.on('error', () => this.close());
    local.resume();
    return this;
  }

  private sentToRelay(): void {
    if (!this.done && this.local.isPaused() && this.ws.bufferedAmount < this.low) this.local.resume();
  }
}

/**
 * Sends the hello and waits for the relay's `ready`, then hands the socket to `start` at once;
 * rejects when the relay closes, fails or says anything else.
 */
function ready<T>(ws: WebSocket, hello: VncTunnelHello, start: () => T): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error('relay did not answer')), READY_TIMEOUT_MS);
    const fail = (err: Error) => {
      clearTimeout(timer);
      ws.removeAllListeners();
      ws.on('error', () => undefined);
      ws.terminate();
      reject(err);
    };
    ws.once('open', () => ws.send(JSON.stringify(hello)));
    ws.once('error', (err) => fail(err));
    ws.once('close', (code) => fail(new Error(`relay closed the tunnel (${code})`)));
    ws.once('message', (data: Buffer, isBinary) => {
      if (isBinary || !vncTunnelReady.safeParse(parseJson(data.toString())).success)
        return fail(new Error('relay sent no ready'));
      clearTimeout(timer);
      ws.removeAllListeners();
      resolve(start());
    });
  });
}

/**
 * The frames' masking key. Masking guards proxies against script-chosen bytes from a browser; this
 * client is no browser and carries the HMI's own RFB. A zero key leaves the payload as it is, which
 * `ws` on both ends recognises and skips: XOR-ing every byte twice in JavaScript (no native
 * bufferutil here) was the largest single cost of the tunnel and the relay.
 */
function zeroMask(mask: Buffer): void {
  mask.fill(0);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
