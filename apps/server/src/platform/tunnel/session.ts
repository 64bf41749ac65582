import type { VncCompression } from '@hmi/contract';
import type { WebSocket } from 'ws';
import { RelayMeter, type TrafficHoldPort } from './meter';
import { rawLink, websocketLink, type DeviceLink } from './link';

/** Above this many bytes waiting for a peer, the other side is no longer read. */
export const TUNNEL_HIGH_WATER = 1024 * 1024;
export const TUNNEL_LOW_WATER = 256 * 1024;
/** Carried bytes are settled into the device's traffic at every tick (and at the end). */
export const TUNNEL_TICK_MS = 2000;

/** The ends every tunnel has; each domain adds its own reasons (and a close code for each). */
export type TunnelEndReason = 'max_duration' | 'traffic' | 'device_offline' | 'user' | 'session' | 'ticket';

/** The status messages every tunnel tells its user's socket (text frames; the stream is binary). */
export type TunnelStatus<R extends string> =
  | { type: 'usage'; bytes: number; remaining_bytes: number | null }
  | { type: 'end'; reason: R; bytes: number; duration_s: number };

/** The answer to a device's hello (the remote view's tells it how to compress what it sends). */
export interface DeviceReady {
  type: 'ready';
  compress?: VncCompression;
}

export interface TunnelSessionInit<R extends string, S> {
  id: string;
  deviceId: number;
  teamId: number;
  userId: number;
  startedAt: number;
  endsAt: number;
  /** The device's traffic, reserved ahead and settled as it flows (RelayMeter). */
  hold: TrafficHoldPort;
  /** Bytes left in the device's traffic ledger (null: unlimited). */
  remaining(): Promise<number | null>;
  /** How often traffic is settled and the maximum duration checked (against `now`, so a test clock works). */
  tickMs: number;
  now(): number;
  onEnd(session: S, reason: R): void;
  onError(err: unknown): void;
}

/**
 * One tunnel between a user's socket (a browser, an engineer's client) and a device's link, the
 * machinery both the remote view and the pass-through share: bytes carried with backpressure in both
 * directions (a side that stops reading pauses the other, so at most TUNNEL_HIGH_WATER waits here),
 * metered into the device's traffic on a tick that also ends the session at its maximum duration,
 * and ended once with a close code of the domain's. What crosses the tunnel is the domain's business.
 */
export abstract class TunnelSession<R extends string, M extends { type: string }> {
  client: WebSocket | null = null;
  device: DeviceLink | null = null;
  ended: R | null = null;
  readonly meter: RelayMeter;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    readonly o: TunnelSessionInit<R, TunnelSession<R, M>>,
    /** The user's socket's close code for each reason. */
    private readonly closeCodes: Record<R | TunnelEndReason, number>,
  ) {
    this.meter = new RelayMeter({ hold: o.hold, onExhausted: () => this.end('traffic'), onError: o.onError });
  }

  /** Bytes carried so far, both directions. */
  get bytes(): number {
    return this.meter.used;
  }

  /** The user's socket joins: its end ends the session, and the tick starts. */
  attachClient(ws: WebSocket): void {
    this.client = ws;
    ws.on('close', () => this.end('user'));
    ws.on('error', (err) => this.o.onError(err));
    this.timer = setInterval(() => this.tick(), this.o.tickMs);
  }

  /**
   * The device's tunnel joins: it is answered `ready` (the last frame when `raw`: the device's agent
   * asked to carry the stream unframed), and its link's end ends the session as the device's going.
   */
  protected attachLink(ws: WebSocket, ready: DeviceReady, raw: boolean): DeviceLink {
    ws.send(JSON.stringify(raw ? { ...ready, raw } : ready));
    const link = raw ? rawLink(ws, this.o.onError) : websocketLink(ws, this.o.onError);
    this.device = link;
    link.onClose(() => this.end('device_offline'));
    return link;
  }

  /**
   * A domain's own check at each tick, before traffic is settled (an idle session, say); true when
   * it ended the session.
   */
  protected abstract checkTick(now: number): boolean;

  private tick(): void {
    const now = this.o.now();
    if (now >= this.o.endsAt) return this.end('max_duration');
    if (!this.checkTick(now)) void this.flush();
  }

  /** Carries device bytes to the user's socket, pausing the device's link while that one lags. */
  protected toClient(chunk: Buffer): void {
    const { client, device } = this;
    if (this.ended || !client || !device) return;
    this.meter.count(chunk.length);
    client.send(chunk, { binary: true }, () => {
      if (device.isPaused && client.bufferedAmount < TUNNEL_LOW_WATER) device.resume();
    });
    if (client.bufferedAmount > TUNNEL_HIGH_WATER) device.pause();
  }

  /** Carries the user's bytes to the device, pausing the user's socket while the link lags. */
  protected toDevice(chunk: Buffer): void {
    const { client, device } = this;
    if (this.ended || !client || !device) return;
    this.meter.count(chunk.length);
    device.send(chunk, () => {
      if (client.isPaused && device.queued < TUNNEL_LOW_WATER) client.resume();
    });
    if (device.queued > TUNNEL_HIGH_WATER) client.pause();
  }

  /** Settles what flowed since the last tick and tells the user (only when something flowed). */
  async flush(): Promise<void> {
    if (!(await this.meter.flush()) || this.ended) return;
    try {
      const left = await this.o.remaining();
      // What this session holds and has not used yet is still the device's.
      this.status({
        type: 'usage',
        bytes: this.bytes,
        remaining_bytes: left === null ? null : left + this.meter.unused,
      });
    } catch (err) {
      this.o.onError(err);
    }
  }

  /** Sends a status message to the user's socket (text frames; the stream travels in binary ones). */
  status(msg: M | TunnelStatus<R | TunnelEndReason>): void {
    if (this.client?.readyState === 1) this.client.send(JSON.stringify(msg));
  }

  end(reason: R | TunnelEndReason): void {
    if (this.ended) return;
    // The domain's reasons include the shared ones (its close codes name them all).
    const ended = reason as R;
    this.ended = ended;
    if (this.timer) clearInterval(this.timer);
    const duration = Math.floor((this.o.now() - this.o.startedAt) / 1000);
    this.status({ type: 'end', reason, bytes: this.bytes, duration_s: duration });
    // A paused socket would never read the peer's close frame.
    if (this.client?.isPaused) this.client.resume();
    this.client?.close(this.closeCodes[reason], reason);
    this.device?.close(reason);
    this.o.onEnd(this, ended);
  }
}
