import { constants, inflateRawSync } from 'node:zlib';
import {
  VNC_CLOSE,
  VNC_FRAME_MAX,
  VNC_IDLE_WARN_S,
  type VncCompression,
  type VncEndReason,
  type VncMode,
  type VncServerMessage,
} from '@hmi/contract';
import type { WebSocket } from 'ws';
import { messageBytes } from '../../platform/tunnel/link';
import { TunnelSession, type TunnelSessionInit } from '../../platform/tunnel/session';
import { RfbClientFilter } from './rfb-filter';

export interface RelaySessionInit extends TunnelSessionInit<VncEndReason, RelaySession> {
  mode: VncMode;
  /** The session ends after this long without input (the team's idle minutes); 0: never. */
  idleMs: number;
}

/**
 * One remote view: the browser's socket and the device's tunnel (the shared TunnelSession: piped
 * with backpressure, metered, ended with a distinct close code), the input of a watcher dropped by
 * the RFB filter, and an idle session warned, then ended.
 */
export class RelaySession extends TunnelSession<VncEndReason, VncServerMessage> {
  private readonly filter: RfbClientFilter;
  /** When the browser last sent input (a watcher's dropped input counts: the user is there). */
  private lastInputAt: number;
  private inputsSeen = 0;
  private idleWarned = false;

  constructor(override readonly o: RelaySessionInit) {
    super(o, VNC_CLOSE);
    this.filter = new RfbClientFilter(o.mode === 'control');
    this.lastInputAt = o.now();
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
    this.attachClient(ws);
    this.status({
      type: 'ready',
      mode: this.mode,
      started_at: Math.floor(this.o.startedAt / 1000),
      ends_at: Math.floor(this.o.endsAt / 1000),
      remaining_bytes: remaining,
    });
  }

  /**
   * The device's tunnel joins: the browser is told how the HMI's bytes come (`compress`), then they
   * are carried as they are (compressed by the device, inflated by the browser); `raw` when the
   * device's agent carries them without frames after `ready`.
   */
  attachDevice(ws: WebSocket, compress: VncCompression | null, raw: boolean): void {
    this.status({ type: 'stream', compress });
    const link = this.attachLink(ws, compress ? { type: 'ready', compress } : { type: 'ready' }, raw);
    const head = compress ? new DeflatedHead() : null;
    link.onData((chunk) => {
      if (this.filter.wantsServerHead) this.filter.fromServer(head ? head.add(chunk) : chunk);
      this.toClient(chunk);
    });
    this.client?.on('message', (data, isBinary) => {
      if (!isBinary) return;
      const passed = this.filter.fromClient(messageBytes(data));
      if (passed === null) return this.end('user');
      if (this.filter.inputs !== this.inputsSeen) this.active();
      if (passed.length) this.toDevice(passed);
    });
  }

  /** Warns a minute before the idle end, then ends an idle session. */
  protected checkTick(now: number): boolean {
    if (this.o.idleMs <= 0) return false;
    const idleEnd = this.lastInputAt + this.o.idleMs;
    if (now >= idleEnd) {
      this.end('idle');
      return true;
    }
    if (!this.idleWarned && now >= idleEnd - VNC_IDLE_WARN_S * 1000) {
      this.idleWarned = true;
      this.status({ type: 'idle', ends_in_s: Math.ceil((idleEnd - now) / 1000) });
    }
    return false;
  }

  /** The user gave input: the idle time starts again (and a warning is taken back). */
  private active(): void {
    this.inputsSeen = this.filter.inputs;
    this.lastInputAt = this.o.now();
    if (!this.idleWarned) return;
    this.idleWarned = false;
    this.status({ type: 'idle', ends_in_s: null });
  }
}

/**
 * The start of a deflated HMI stream, inflated only as far as the RFB filter reads it (16 bytes),
 * from at most one frame's worth of compressed bytes; nothing after that is touched.
 */
class DeflatedHead {
  private packed: Buffer = Buffer.alloc(0);
  /** Plain bytes handed to the filter so far. */
  private seen = 0;

  add(chunk: Buffer): Buffer {
    if (this.packed.length > VNC_FRAME_MAX) return Buffer.alloc(0);
    this.packed = Buffer.concat([this.packed, chunk]);
    try {
      // Every frame ends in a sync flush: what came so far inflates whole.
      const plain = inflateRawSync(this.packed, { finishFlush: constants.Z_SYNC_FLUSH });
      const seen = this.seen;
      this.seen = plain.length;
      return plain.subarray(seen);
    } catch {
      return Buffer.alloc(0);
    }
  }
}
