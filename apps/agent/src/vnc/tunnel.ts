import { EventEmitter } from 'node:events';
import { connect as tcpConnect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { constants, createDeflateRaw, type DeflateRaw } from 'node:zlib';
import { vncTunnelReady, type VncCompression, type VncTunnelHello } from '@hmi/contract';
import { openRelayLink } from './relay-link';
import { RequestAhead } from './request-ahead';

/** Above this many bytes queued towards one side, the other side is no longer read. */
export const TUNNEL_HIGH_WATER = 1024 * 1024;
export const TUNNEL_LOW_WATER = 256 * 1024;
const READY_TIMEOUT_MS = 10_000;
const LOCAL_CONNECT_TIMEOUT_MS = 5_000;
/** The agent asks ahead for updates only while less than this is queued towards the relay. */
const REQUEST_AHEAD_QUEUED_MAX = 64 * 1024;

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
  /** Offer to deflate the HMI's bytes (default true; the relay uses it when the browser can read it). */
  compress?: boolean;
  /**
   * Keep an update request outstanding at the VNC server (a third-party one without
   * ContinuousUpdates: see RequestAhead); default false (the simulator's server streams by itself).
   */
  requestAhead?: boolean;
  highWater?: number;
  lowWater?: number;
}

export interface TunnelStats {
  /** Bytes read from the VNC server; of them, `wireToRelay` bytes sent (fewer when deflated). */
  toRelay: number;
  wireToRelay: number;
  toLocal: number;
  /** The most bytes ever queued towards the relay and towards the VNC server. */
  maxQueuedToRelay: number;
  maxQueuedToLocal: number;
}

/**
 * One VNC tunnel: the local VNC connection is made first (so a refused one is reported as 1024
 * before the relay is involved) and held unread; then the websocket to the relay sends the ticket
 * as its first message (offering to deflate, and raw bytes), waits for `ready`, and from there the
 * socket under it carries RFB raw each way, with no frame to build or parse: the HMI's half
 * deflated in one stream when the relay said so (the browser inflates it), the browser's half as it
 * is. A side whose queue passes the high-water mark stops the other from being read until it drains
 * below the low-water mark. Either side closing closes both.
 * Events: `pause` ('local' | 'relay': the side no longer read), `close`.
 */
export class Tunnel extends EventEmitter {
  readonly stats: TunnelStats = {
    toRelay: 0,
    wireToRelay: 0,
    toLocal: 0,
    maxQueuedToRelay: 0,
    maxQueuedToLocal: 0,
  };
  /** One deflate stream for the session's life (the browser keeps one inflater), or none. */
  private deflate: DeflateRaw | null = null;
  /** The deflater's input queue is full: the VNC socket waits for it too. */
  private deflateFull = false;
  /** The agent's own update requests towards the VNC server, when asked for. */
  ahead: RequestAhead | null = null;
  readonly closed: Promise<void>;
  private done = false;

  private constructor(
    private readonly relay: Socket,
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
    try {
      const hello: VncTunnelHello = { type: 'tunnel', sn: o.sn, ticket: o.ticket, raw: true };
      if (o.compress !== false) hello.compress = ['deflate'];
      const { socket, answer } = await openRelayLink(url, JSON.stringify(hello), READY_TIMEOUT_MS);
      const ready = vncTunnelReady.safeParse(parseJson(answer));
      if (!ready.success || ready.data.raw !== true) {
        socket.destroy();
        throw new Error('relay sent no ready');
      }
      const tunnel = new Tunnel(
        socket,
        local,
        o.highWater ?? TUNNEL_HIGH_WATER,
        o.lowWater ?? TUNNEL_LOW_WATER,
      );
      return tunnel.pipe(ready.data.compress, o.requestAhead === true);
    } catch (err) {
      local.destroy();
      throw err;
    }
  }

  close(): void {
    if (this.done) return;
    this.done = true;
    // A paused side would never read its peer's close.
    this.relay.resume();
    this.local.resume();
    this.relay.end();
    this.local.end();
    this.deflate?.close();
    this.ahead?.stop();
    this.emit('close');
  }

  private pipe(compress: VncCompression | undefined, requestAhead: boolean): this {
    const { relay, local } = this;
    if (requestAhead)
      this.ahead = new RequestAhead({
        write: (request) => local.write(request),
        canSend: () => !this.done && relay.writableLength < REQUEST_AHEAD_QUEUED_MAX,
      });
    if (compress === 'deflate') {
      // Each write ends in a sync flush: what came so far inflates at once on the other side.
      const deflate = createDeflateRaw({ flush: constants.Z_SYNC_FLUSH });
      deflate.on('data', (packed: Buffer) => this.sendToRelay(packed));
      deflate.on('drain', () => {
        this.deflateFull = false;
        this.sentToRelay();
      });
      deflate.on('error', () => this.close());
      this.deflate = deflate;
    }
    local.on('data', (chunk: Buffer) => {
      this.stats.toRelay += chunk.length;
      if (!this.deflate) this.sendToRelay(chunk);
      else if (!this.deflate.write(chunk)) {
        this.deflateFull = true;
        this.pauseLocal();
      }
      // The server just sent (part of) an update: the next one may be asked for already.
      this.ahead?.serverSent(chunk);
    });
    relay.on('data', (data: Buffer) => {
      this.stats.toLocal += data.length;
      this.ahead?.fromViewer(data);
      // The socket's own mark (16 KiB) is below one read: pausing at it would stall every read.
      local.write(data);
      this.stats.maxQueuedToLocal = Math.max(this.stats.maxQueuedToLocal, local.writableLength);
      if (local.writableLength > this.high && !relay.isPaused()) {
        relay.pause();
        this.emit('pause', 'relay');
      }
    });
    local.on('drain', () => {
      if (!this.done && relay.isPaused()) relay.resume();
    });
    local.on('close', () => this.close());
    local.on('end', () => this.close());
    relay.on('close', () => this.close());
    relay.on('end', () => this.close());
    relay.on('error', () => this.close());
    relay.resume();
    local.resume();
    return this;
  }

  private sendToRelay(bytes: Buffer): void {
    this.relay.write(bytes, () => this.sentToRelay());
    this.stats.wireToRelay += bytes.length;
    const queued = this.relay.writableLength;
    this.stats.maxQueuedToRelay = Math.max(this.stats.maxQueuedToRelay, queued);
    if (queued > this.high) this.pauseLocal();
  }

  private pauseLocal(): void {
    if (this.local.isPaused()) return;
    this.local.pause();
    this.emit('pause', 'local');
  }

  private sentToRelay(): void {
    if (!this.done && this.local.isPaused() && !this.deflateFull && this.relay.writableLength < this.low)
      this.local.resume();
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
