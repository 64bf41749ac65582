import {
  errorCatalogue,
  hasPermission,
  isCatalogueCode,
  Permission,
  WS_AUTH_TIMEOUT_MS,
  WS_SUBSCRIPTIONS_MAX,
  wsClientMessage,
  wsCloseCode,
  WS_CLOSE_FLOOD,
  type WsDeviceEvent,
} from '@hmi/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../platform/bus';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../../platform/http/session';
import { HubConnection, type SocketLike } from './connection';

export interface HubOptions {
  authenticate(token: string): Promise<SessionUser>;
  visibleIds(user: SessionUser, ids: readonly number[]): Promise<number[]>;
  /** Current state of devices for a new subscriber: latest values, online and sync state. */
  snapshot(deviceIds: readonly number[]): Promise<WsDeviceEvent[]>;
  bus: Bus;
  log: FastifyBaseLogger;
  /** Above this many bytes queued on a socket, updates are coalesced instead of sent. */
  highWaterBytes?: number;
  /** Above this many bytes queued on a socket, the client is not reading and is closed (WS_CLOSE_SLOW). */
  sendLimitBytes?: number;
  /** Messages a second one connection may send, sustained (bursts of ten times that); beyond: WS_CLOSE_FLOOD. */
  messagesPerSecond?: number;
  /** Sessions (expiry above all; bus events bring logouts at once) and visibility are re-checked this often. */
  recheckMs?: number;
  authTimeoutMs?: number;
}

/** Messages of one connection waiting to be handled before it is no longer read. */
const INBOUND_BACKLOG_MAX = 64;
/**
 * A browser sends a ping every 30 s and a subscribe or two per page; far above that is a flood
 * (each message costs parsing and an answer), closed before it can cost the other connections.
 */
const MESSAGES_PER_SECOND = 20;
const BURST_SECONDS = 10;

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
      // Sessions ended or access changed on any instance: the sockets concerned are checked now rather
      // than at the next periodic check (an ended session closes, devices no longer visible drop).
      o.bus.on('sessionsEnded', ({ userId }) => void this.recheck((u) => u.id === userId)),
      o.bus.on(
        'accessChanged',
        ({ teamId, userId }) =>
          void this.recheck((u) => (userId === null ? u.teamId === teamId : u.id === userId)),
      ),
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
      pause(): void;
      resume(): void;
    },
  ): HubConnection {
    const c = new HubConnection(socket, this.o.highWaterBytes ?? 256 * 1024, this.o.sendLimitBytes);
    this.connections.add(c);
    const timer = setTimeout(() => {
      if (!c.user) this.fail(c, 1008);
    }, this.o.authTimeoutMs ?? WS_AUTH_TIMEOUT_MS);
    timer.unref();
    let chain = Promise.resolve();
    let waiting = 0;
    let paused = false;
    const rate = this.o.messagesPerSecond ?? MESSAGES_PER_SECOND;
    const bucket = { tokens: rate * BURST_SECONDS, at: performance.now() };
    socket.on('message', (data) => {
      if (c.closed) return;
      const now = performance.now();
      bucket.tokens = Math.min(rate * BURST_SECONDS, bucket.tokens + ((now - bucket.at) / 1000) * rate);
      bucket.at = now;
      if (bucket.tokens < 1) return c.drop(WS_CLOSE_FLOOD, 'too many messages');
      bucket.tokens -= 1;
      // Messages are handled one at a time, in order; a client sending faster than that is no longer
      // read (TCP holds it back) until the backlog is worked off, so it cannot pile messages up here.
      waiting += 1;
      if (waiting >= INBOUND_BACKLOG_MAX && !paused) {
        paused = true;
        socket.pause();
      }
      chain = chain
        .then(() => this.onMessage(c, data))
        .catch((err: unknown) => {
          this.o.log.error({ err }, 'websocket message');
          c.close(1011, 'server error');
        })
        .finally(() => {
          waiting -= 1;
          if (waiting === 0 && paused && !c.closed) {
            paused = false;
            socket.resume();
          }
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
      case 'tags':
        c.narrow(msg.device_id, msg.tags);
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

  /**
   * Closes connections whose session ended; drops subscriptions no longer visible. Only those of the
   * users `concerned` picks (every one by default).
   */
  async recheck(concerned: (user: SessionUser) => boolean = () => true): Promise<void> {
    for (const c of [...this.connections]) {
      if (!c.user || !c.token || c.closed || !concerned(c.user)) continue;
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
