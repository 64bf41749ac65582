import {
  errorCatalogue,
  hasPermission,
  isCatalogueCode,
  Permission,
  WS_AUTH_TIMEOUT_MS,
  WS_CLOSE_ORIGIN,
  WS_CLOSE_PROTOCOL,
  WS_SUBSCRIPTIONS_MAX,
  wsClientMessage,
  wsCloseCode,
  type WsDeviceEvent,
  type WsServerMessage,
  type WsTagValue,
} from '@hmi/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../errors';
import type { Bus } from '../bus';
import type { SessionUser } from '../http/session';

/** The part of a websocket the hub uses (ws.WebSocket fits; tests may pass a fake). */
export interface SocketLike {
  readonly bufferedAmount: number;
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface HubOptions {
  authenticate(token: string): Promise<SessionUser>;
  visibleIds(user: SessionUser, ids: readonly number[]): Promise<number[]>;
  /** Current state of devices for a new subscriber: latest values, online and sync state. */
  snapshot(deviceIds: readonly number[]): Promise<WsDeviceEvent[]>;
  bus: Bus;
  log: FastifyBaseLogger;
  /** Above this many bytes queued on a socket, updates are coalesced instead of sent. */
  highWaterBytes?: number;
  /** Sessions (logout, removal, expiry) and visibility are re-checked this often. */
  recheckMs?: number;
  authTimeoutMs?: number;
}

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
  ) {}

  get pendingCount(): number {
    let n = this.states.size + this.commands.size + (this.messagesPending ? 1 : 0);
    for (const m of this.values.values()) n += m.size;
    return n;
  }

  send(msg: WsServerMessage, text?: () => string): void {
    if (this.closed || this.socket.readyState !== OPEN) return;
    this.socket.send(text ? text() : JSON.stringify(msg));
  }

  private slow(): boolean {
    return this.socket.bufferedAmount > this.highWater;
  }

  /** `text` serialises the event once for every connection it goes to. */
  deliver(event: WsDeviceEvent, text?: () => string): void {
    if (this.closed || !this.devices.has(event.device_id)) return;
    if (!this.slow() && this.pendingCount === 0 && !this.holds) return this.send(event, text);
    this.coalesce(event);
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
      for (const e of await read()) {
        if (!this.devices.has(e.device_id)) continue;
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
      this.values.delete(id);
      this.states.delete(`online:${id}`);
      this.states.delete(`sync:${id}`);
    }
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

/** The live-data websocket `/v1/ws` of one server instance. */
export class WsHub {
  private readonly connections = new Set<HubConnection>();
  private readonly stopBus: (() => void)[];
  private readonly recheckTimer: NodeJS.Timeout;

  constructor(private readonly o: HubOptions) {
    this.stopBus = [
      o.bus.on('live', ({ teamId, event }) => {
        let json: string | undefined;
        const text = () => (json ??= JSON.stringify(event));
        for (const c of this.connections) if (c.user?.teamId === teamId) c.deliver(event, text);
      }),
      // A message to one user follows that user (it may have just changed teams); the rest go to the team.
      o.bus.on('messages', ({ teamId, userId }) => {
        for (const c of this.connections)
          if (c.user && (userId === null ? c.user.teamId === teamId : c.user.id === userId))
            c.notifyMessages();
      }),
    ];
    this.recheckTimer = setInterval(() => void this.recheck(), o.recheckMs ?? 30_000);
    this.recheckTimer.unref();
  }

  get size(): number {
    return this.connections.size;
  }

  /** Takes over an accepted socket; `origin` is the request's Origin header (checked by the caller). */
  accept(
    socket: SocketLike & {
      on(ev: 'message', fn: (data: unknown) => void): unknown;
      on(ev: 'close', fn: () => void): unknown;
    },
  ): HubConnection {
    const c = new HubConnection(socket, this.o.highWaterBytes ?? 256 * 1024);
    this.connections.add(c);
    const timer = setTimeout(() => {
      if (!c.user) this.fail(c, 1008);
    }, this.o.authTimeoutMs ?? WS_AUTH_TIMEOUT_MS);
    timer.unref();
    let chain = Promise.resolve();
    socket.on('message', (data) => {
      // Messages are handled one at a time, in order.
      chain = chain
        .then(() => this.onMessage(c, data))
        .catch((err: unknown) => {
          this.o.log.error({ err }, 'websocket message');
          c.close(1011, 'server error');
        });
    });
    socket.on('close', () => {
      clearTimeout(timer);
      c.closed = true;
      this.connections.delete(c);
    });
    return c;
  }

  private fail(c: HubConnection, code: number): void {
    const known = isCatalogueCode(code) ? code : 1001;
    c.send({ type: 'error', code: known, msg: errorCatalogue[known].message });
    c.close(wsCloseCode(known), errorCatalogue[known].message);
  }

  private async authenticate(c: HubConnection, token: string): Promise<boolean> {
    try {
      const user = await this.o.authenticate(token);
      if (c.user && c.user.id !== user.id) {
        this.fail(c, 1001);
        return false;
      }
      c.user = user;
      c.token = token;
      return true;
    } catch (err) {
      if (err instanceof AppError) {
        this.fail(c, err.code);
        return false;
      }
      throw err;
    }
  }

  /** Device ids among `ids` the user may subscribe to: none without device view (id 2). */
  private async visible(user: SessionUser, ids: readonly number[]): Promise<number[]> {
    if (!hasPermission({ is_main: user.isMain, permissions: user.permissions }, Permission.DEVICE_VIEW))
      return [];
    return ids.length ? this.o.visibleIds(user, ids) : [];
  }

  private async onMessage(c: HubConnection, data: unknown): Promise<void> {
    if (c.closed) return;
    const text = Buffer.isBuffer(data) ? data.toString('utf8') : String(data);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    const parsed = wsClientMessage.safeParse(json);
    if (!parsed.success) {
      if (!c.user) return this.fail(c, 1008);
      c.send({ type: 'error', code: 1006, msg: errorCatalogue[1006].message });
      return;
    }
    const msg = parsed.data;
    if (!c.user && msg.type !== 'auth') return this.fail(c, 1008);
    switch (msg.type) {
      case 'auth':
        if ((await this.authenticate(c, msg.token)) && c.user) c.send({ type: 'ready', user_id: c.user.id });
        return;
      case 'ping':
        c.send({ type: 'pong' });
        return;
      case 'unsubscribe':
        c.unsubscribe(msg.devices);
        c.send({ type: 'subscribed', devices: [...c.devices], refused: [] });
        return;
      case 'subscribe': {
        const user = c.user;
        if (!user) return;
        const wanted = [...new Set(msg.devices)].filter((id) => !c.devices.has(id));
        const room = WS_SUBSCRIPTIONS_MAX - c.devices.size;
        const allowed = new Set(await this.visible(user, wanted.slice(0, Math.max(0, room))));
        for (const id of allowed) c.devices.add(id);
        // The answer follows the snapshot: once subscribed, the client holds the devices' state.
        if (allowed.size) await c.sendSnapshot(() => this.o.snapshot([...allowed]));
        c.send({
          type: 'subscribed',
          devices: [...c.devices],
          refused: wanted.filter((id) => !allowed.has(id)),
        });
        return;
      }
    }
  }

  /** Closes connections whose session ended; drops subscriptions no longer visible. */
  async recheck(): Promise<void> {
    for (const c of [...this.connections]) {
      if (!c.user || !c.token || c.closed) continue;
      try {
        if (!(await this.authenticate(c, c.token))) continue;
        const user = c.user;
        const visible = new Set(await this.visible(user, [...c.devices]));
        const lost = [...c.devices].filter((id) => !visible.has(id));
        if (lost.length) {
          c.unsubscribe(lost);
          c.send({ type: 'subscribed', devices: [...c.devices], refused: lost });
        }
      } catch (err) {
        this.o.log.error({ err }, 'websocket session check');
      }
    }
  }

  close(): void {
    for (const stop of this.stopBus) stop();
    clearInterval(this.recheckTimer);
    for (const c of this.connections) c.close(1001, 'server shutting down');
    this.connections.clear();
  }
}

export { WS_CLOSE_ORIGIN, WS_CLOSE_PROTOCOL };
