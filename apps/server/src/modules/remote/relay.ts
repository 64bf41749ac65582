import { VNC_CLOSE, type VncEndReason, type VncMode, type VncServerMessage } from '@hmi/contract';
import type { WebSocket } from 'ws';
import { RelayMeter, type TrafficHoldPort } from './meter';
import { RfbClientFilter } from './rfb-filter';

/** Above this many bytes waiting for a peer, the other side is no longer read. */
export const RELAY_HIGH_WATER = 1024 * 1024;
const LOW_WATER = 256 * 1024;
/** Carried bytes are settled into the device's traffic at every tick (and at the end). */
export const RELAY_TICK_MS = 2000;

export interface RelaySessionInit {
  id: string;
  deviceId: number;
  teamId: number;
  userId: number;
  mode: VncMode;
  startedAt: number;
  endsAt: number;
  /** The device's traffic, reserved ahead and settled as it flows (RelayMeter). */
  hold: TrafficHoldPort;
  /** Bytes left in the device's traffic ledger (null: unlimited). */
  remaining(): Promise<number | null>;
  /** How often traffic is settled and the maximum duration checked (against `now`, so a test clock works). */
  tickMs: number;
  now(): number;
  onEnd(session: RelaySession, reason: VncEndReason): void;
  onError(err: unknown): void;
}

/**
 * One remote view: the browser's socket and the device's tunnel, piped with backpressure in both
 * directions (a side that stops reading pauses the other), metered into the device's traffic, input
 * of a watcher dropped by the RFB filter, and ended with a distinct close code.
 */
export class RelaySession {
  browser: WebSocket | null = null;
  device: WebSocket | null = null;
  ended: VncEndReason | null = null;
  readonly meter: RelayMeter;
  private readonly filter: RfbClientFilter;
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(readonly o: RelaySessionInit) {
    this.filter = new RfbClientFilter(o.mode === 'control');
    this.meter = new RelayMeter({ hold: o.hold, onExhausted: () => this.end('traffic'), onError: o.onError });
  }

  /** Bytes carried so far, both directions. */
  get bytes(): number {
    return this.meter.used;
  }

  get mode(): VncMode {
    return this.filter.allowInput ? 'control' : 'view';
  }

  /** A watcher handed control (take-over accepted) may send input from now on. */
  grantControl(): void {
    this.filter.allowInput = true;
    this.status({ type: 'mode', mode: 'control' });
  }

  attachBrowser(ws: WebSocket, remaining: number | null): void {
    this.browser = ws;
    ws.on('close', () => this.end('user'));
    ws.on('error', (err) => this.o.onError(err));
    this.timers.push(setInterval(() => this.tick(), this.o.tickMs));
    this.status({
      type: 'ready',
      mode: this.mode,
      started_at: Math.floor(this.o.startedAt / 1000),
      ends_at: Math.floor(this.o.endsAt / 1000),
      remaining_bytes: remaining,
    });
  }

  attachDevice(ws: WebSocket): void {
    this.device = ws;
    ws.on('close', () => this.end('device_offline'));
    ws.on('error', (err) => this.o.onError(err));
    ws.on('message', (data, isBinary) => {
      if (!isBinary || !this.browser) return;
      const chunk = toBuffer(data);
      this.filter.fromServer(chunk);
      this.forward(chunk, this.browser, ws);
    });
    const browser = this.browser;
    browser?.on('message', (data, isBinary) => {
      if (!isBinary) return;
      const passed = this.filter.fromClient(toBuffer(data));
      if (passed === null) return this.end('user');
      if (passed.length) this.forward(passed, ws, browser);
    });
    ws.send(JSON.stringify({ type: 'ready' }));
  }

  private tick(): void {
    if (this.o.now() >= this.o.endsAt) this.end('max_duration');
    else void this.flush();
  }

  private forward(chunk: Buffer, to: WebSocket, from: WebSocket): void {
    if (this.ended) return;
    this.meter.count(chunk.length);
    to.send(chunk, { binary: true }, () => {
      if (from.isPaused && to.bufferedAmount < LOW_WATER) from.resume();
    });
    if (to.bufferedAmount > RELAY_HIGH_WATER) from.pause();
  }

  /** Settles what flowed since the last tick and tells the browser (only when something flowed). */
  async flush(): Promise<void> {
    if (!(await this.meter.flush()) || this.ended) return;
    try {
      const left = await this.o.remaining();
      // What this session holds and has not used yet is still the device's.
      const unused = Math.max(0, this.meter.reserved - this.meter.used);
      this.status({
        type: 'usage',
        bytes: this.bytes,
        remaining_bytes: left === null ? null : left + unused,
      });
    } catch (err) {
      this.o.onError(err);
    }
  }

  /** Sends a status message to the browser (text frames; RFB travels in binary frames). */
  status(msg: VncServerMessage): void {
    if (this.browser?.readyState === 1) this.browser.send(JSON.stringify(msg));
  }

  end(reason: VncEndReason): void {
    if (this.ended) return;
    this.ended = reason;
    for (const t of this.timers) clearInterval(t);
    const duration = Math.floor((this.o.now() - this.o.startedAt) / 1000);
    this.status({ type: 'end', reason, bytes: this.bytes, duration_s: duration });
    // A paused socket would never read the peer's close frame.
    for (const ws of [this.browser, this.device]) if (ws?.isPaused) ws.resume();
    this.browser?.close(VNC_CLOSE[reason], reason);
    this.device?.close(1000, reason);
    this.o.onEnd(this, reason);
  }
}

function toBuffer(data: Buffer | ArrayBuffer | Buffer[]): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}
