import { WS_CLOSE_SLOW, type WsDeviceEvent, type WsServerMessage, type WsTagValue } from '@hmi/contract';
import type { SessionUser } from '../../platform/http/session';

/** The part of a websocket the hub uses (ws.WebSocket fits; tests may pass a fake). */
export interface SocketLike {
  readonly bufferedAmount: number;
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  /** Drops the connection at once (ws.WebSocket has it; a fake may not). */
  terminate?(): void;
  /** Stops reading from the connection. */
  pause?(): void;
}

/** Bytes that may wait in a socket's send buffer; a client past it is not reading and is closed. */
export const WS_SEND_LIMIT_DEFAULT = 1024 * 1024;
/** How long a closed misbehaving client has to take the close frame before the connection is dropped. */
const DROP_GRACE_MS = 1000;

const OPEN = 1;
/** Command status events kept per slow connection (oldest dropped beyond). */
const PENDING_COMMANDS_MAX = 200;

/**
 * One browser connection: authenticated by its first message, subscribed to devices it may see.
 * Events go straight out while the socket keeps up; once more than `highWater` bytes wait in its
 * buffer, they are coalesced (latest value per TAG, latest online and sync per device, bounded
 * command statuses) and flushed as the buffer drains, so memory stays bounded by what is subscribed.
 */
export class HubConnection {
  user: SessionUser | null = null;
  token: string | null = null;
  readonly devices = new Set<number>();
  /** Devices whose values are narrowed to some TAGs (a configuration screen's `tags` message). */
  private readonly narrowed = new Map<number, ReadonlySet<string>>();
  private readonly values = new Map<number, Map<string, WsTagValue>>();
  private readonly states = new Map<string, WsDeviceEvent>();
  private readonly commands = new Map<string, WsDeviceEvent>();
  /** A `messages` notice waits for the buffer to drain (one is enough however many came). */
  private messagesPending = false;
  private drainTimer: NodeJS.Timeout | null = null;
  /** Snapshots being read: live events wait behind them so that none is overtaken by older state. */
  private holds = 0;
  closed = false;

  constructor(
    readonly socket: SocketLike,
    private readonly highWater: number,
    private readonly sendLimit = WS_SEND_LIMIT_DEFAULT,
  ) {}

  get pendingCount(): number {
    let n = this.states.size + this.commands.size + (this.messagesPending ? 1 : 0);
    for (const m of this.values.values()) n += m.size;
    return n;
  }

  /**
   * Sends unless the client stopped reading: then (more than `sendLimit` bytes waiting) it is closed
   * with WS_CLOSE_SLOW and dropped shortly after, so what it is sent never piles up in memory.
   */
  send(msg: WsServerMessage, text?: () => string): void {
    if (this.closed || this.socket.readyState !== OPEN) return;
    if (this.socket.bufferedAmount > this.sendLimit) return this.drop(WS_CLOSE_SLOW, 'client not reading');
    this.socket.send(text ? text() : JSON.stringify(msg));
  }

  private slow(): boolean {
    return this.socket.bufferedAmount > this.highWater;
  }

  /** Values of `deviceId` are sent for these TAGs only from now on (`null`: every TAG again). */
  narrow(deviceId: number, tags: readonly string[] | null): void {
    if (tags) this.narrowed.set(deviceId, new Set(tags));
    else this.narrowed.delete(deviceId);
  }

  /** The event as this connection wants it: values of a narrowed device cut to its TAGs, or null. */
  private wanted(event: WsDeviceEvent): WsDeviceEvent | null {
    const tags = event.type === 'values' ? this.narrowed.get(event.device_id) : undefined;
    if (!tags || event.type !== 'values') return event;
    const values = event.values.filter((v) => tags.has(v.tag));
    if (!values.length) return null;
    return values.length === event.values.length ? event : { ...event, values };
  }

  /** `text` serialises the event once for every connection it goes to. */
  deliver(event: WsDeviceEvent, text?: () => string): void {
    if (this.closed || !this.devices.has(event.device_id)) return;
    const e = this.wanted(event);
    if (!e) return;
    // A narrowed event is this connection's own: the shared text is not what it sends.
    const own = e === event ? text : undefined;
    if (!this.slow() && this.pendingCount === 0 && !this.holds) return this.send(e, own);
    this.coalesce(e);
    this.scheduleDrain();
  }

  /**
   * Sends the state `read` returns for newly subscribed devices. Live events arriving while it reads
   * are held; a held online or sync event is newer than the state read and replaces it, values keep
   * the newest sample per TAG.
   */
  async sendSnapshot(read: () => Promise<WsDeviceEvent[]>): Promise<void> {
    this.holds += 1;
    try {
      for (const event of await read()) {
        const e = this.devices.has(event.device_id) ? this.wanted(event) : null;
        if (!e) continue;
        if (e.type === 'values' || !this.states.has(`${e.type}:${e.device_id}`)) this.coalesce(e);
      }
    } finally {
      this.holds -= 1;
      this.drain();
    }
  }

  /** Tells the browser to reload its unread message counts. */
  notifyMessages(): void {
    if (this.closed) return;
    if (!this.slow() && this.pendingCount === 0) return this.send({ type: 'messages' });
    this.messagesPending = true;
    this.scheduleDrain();
  }

  private coalesce(event: WsDeviceEvent): void {
    if (event.type === 'values') {
      let m = this.values.get(event.device_id);
      if (!m) this.values.set(event.device_id, (m = new Map()));
      for (const v of event.values) {
        const prev = m.get(v.tag);
        if (!prev || v.ts >= prev.ts) m.set(v.tag, v);
      }
    } else if (event.type === 'command') {
      this.commands.delete(event.command_id);
      this.commands.set(event.command_id, event);
      if (this.commands.size > PENDING_COMMANDS_MAX) {
        const oldest = this.commands.keys().next().value;
        if (oldest !== undefined) this.commands.delete(oldest);
      }
    } else this.states.set(`${event.type}:${event.device_id}`, event);
  }

  private scheduleDrain(): void {
    if (this.drainTimer || this.closed) return;
    this.drainTimer = setTimeout(() => {
      this.drainTimer = null;
      this.drain();
    }, 50);
    this.drainTimer.unref();
  }

  /** Sends what is pending while the socket keeps up; reschedules itself otherwise. */
  drain(): void {
    if (this.holds || this.closed) return;
    if (this.messagesPending) {
      if (this.slow()) return this.scheduleDrain();
      this.messagesPending = false;
      this.send({ type: 'messages' });
    }
    for (const [key, e] of this.states) {
      if (this.slow()) return this.scheduleDrain();
      this.states.delete(key);
      this.send(e);
    }
    for (const [deviceId, m] of this.values) {
      if (this.slow()) return this.scheduleDrain();
      this.values.delete(deviceId);
      this.send({ type: 'values', device_id: deviceId, values: [...m.values()] });
    }
    for (const [key, e] of this.commands) {
      if (this.slow()) return this.scheduleDrain();
      this.commands.delete(key);
      this.send(e);
    }
  }

  unsubscribe(ids: Iterable<number>): void {
    for (const id of ids) {
      this.devices.delete(id);
      this.narrowed.delete(id);
      this.values.delete(id);
      this.states.delete(`online:${id}`);
      this.states.delete(`sync:${id}`);
    }
  }

  /**
   * Closes a misbehaving client with `code` and drops the connection shortly after, whether or not
   * it takes the close frame (one that does not read never would).
   */
  drop(code: number, reason: string): void {
    // Nothing more it sends is read (TCP holds it back) while the close frame has its chance.
    this.socket.pause?.();
    this.close(code, reason);
    const timer = setTimeout(() => this.socket.terminate?.(), DROP_GRACE_MS);
    timer.unref();
  }

  close(code: number, reason = ''): void {
    if (this.closed) return;
    this.closed = true;
    if (this.drainTimer) clearTimeout(this.drainTimer);
    try {
      this.socket.close(code, reason);
    } catch {
      // already gone
    }
  }
}
