import { VNC_TICKET_TTL_MS, vncTunnelHello, type DeviceCommand, type VncTunnelHello } from '@hmi/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Bus } from '../bus';
import { epochSeconds, type Clock } from '../clock';
import type { SessionUser } from '../http/session';
import type { TrafficHoldPort } from './meter';
import type { TunnelEndReason } from './session';
import { newTicket } from './ticket';

/** A session whose instance has not said it is alive for this long no longer counts as open. */
export const HEARTBEAT_STALE_S = 30;
const HEARTBEAT_MS = 10_000;

/** What the hub needs of a session. */
export interface HubSession {
  readonly o: { id: string; deviceId: number; userId: number };
  /** The device's link, once it dialled in. */
  readonly device: unknown;
  end(reason: TunnelEndReason): void;
}

/** A session's record as a hub reads it to let its user join. */
export interface TunnelRow {
  id: string;
  user_id: number;
  device_id: number;
  started_at: number | string;
  ended_at: number | string | null;
}

/** A device as a hub calls it. */
export interface TunnelDevice {
  id: number;
  sn: string;
}

/** What a domain's hub is given that the tunnel machinery shares. */
export interface TunnelHubDeps {
  clock: Clock;
  bus: Bus;
  log: FastifyBaseLogger;
  authenticate(token: string): Promise<SessionUser>;
  /** Whether the login session a socket joined with still stands (logout, removal, password change). */
  sessionLive(userId: number, familyId: string): Promise<boolean>;
  /** The device's traffic held for one session, reserved ahead and settled as it flows. */
  hold(deviceId: number): Promise<TrafficHoldPort>;
  /** This instance's origin as devices reach it. */
  relayOrigin: string;
  /** How often a session settles its traffic and checks its maximum duration. */
  tickMs: number;
  /** How long a device has to dial in with its ticket (default VNC_TICKET_TTL_MS). */
  ticketTtlMs?: number | undefined;
  /** How often open sessions are marked alive (default 10 s). */
  heartbeatMs?: number | undefined;
}

/** What the domain tells the machinery of its own sessions. */
export interface TunnelHubBase<Row extends TunnelRow, D extends TunnelDevice> extends TunnelHubDeps {
  /** The log's name for this kind of tunnel. */
  logName: string;
  find(sessionId: string): Promise<Row | undefined>;
  /** The device of a session if the user may still see it (rejects or null otherwise). */
  visibleDevice(user: SessionUser, deviceId: number): Promise<D | null>;
  /** A user must join their session this soon after opening it. */
  joinWithinS: number;
  /** The path devices dial. */
  tunnelPath: string;
}

interface Ticket {
  session: string;
  sn: string;
  expires: number;
}

/** Who joined a session, as the hub lets them. */
export interface Admitted<Row, D> {
  user: SessionUser;
  row: Row;
  device: D;
}

/**
 * The tunnel sessions of one kind living on this instance, the machinery the remote view and the
 * pass-through share: a user's socket joins with its token and session id, the device is sent a
 * single-use ticket bound to its SN and the session and dials back, and bus events end sessions when
 * the login ends, the device goes or its command fails. Each domain adds its own rules.
 */
export abstract class TunnelHub<S extends HubSession, Row extends TunnelRow, D extends TunnelDevice> {
  protected readonly sessions = new Map<string, S>();
  /** Session → the login session (refresh family) its user joined with. */
  private readonly families = new Map<string, string>();
  private readonly tickets = new Map<string, Ticket>();
  /** Device command id → session, to end a session whose tunnel command failed. */
  private readonly commands = new Map<string, string>();
  protected readonly unsubscribe: (() => void)[] = [];
  private readonly heartbeat: NodeJS.Timeout;
  private readonly endings = new Set<Promise<void>>();

  constructor(protected readonly base: TunnelHubBase<Row, D>) {
    const { bus } = base;
    const deviceGone = ({ deviceId }: { deviceId: number }) => {
      for (const s of [...this.sessions.values()]) if (s.o.deviceId === deviceId) s.end('device_offline');
    };
    this.unsubscribe.push(
      bus.on('sessionsEnded', ({ userId }) => void this.recheck(userId)),
      bus.on('deviceUnbound', deviceGone),
      bus.on('deviceOffline', deviceGone),
      bus.on('commandFailed', ({ commandId, error }) => {
        const session = this.sessions.get(this.commands.get(commandId) ?? '');
        if (session) this.commandFailed(session, error);
      }),
    );
    this.heartbeat = setInterval(() => void this.beat(), base.heartbeatMs ?? HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** A session's tunnel command failed on the device (`error` is the device's reason). */
  protected abstract commandFailed(session: S, error: string | null): void;
  /** Marks the open sessions alive and ends those another instance left (at `now`, epoch seconds). */
  protected abstract markAlive(now: number): Promise<void>;
  /** A session ended: its record and the ledger. */
  protected abstract record(session: S, reason: Parameters<S['end']>[0]): Promise<void>;

  /** Sessions open on this instance (tests, metrics). */
  get size(): number {
    return this.sessions.size;
  }

  /** Resolves once every session that ended has been recorded. */
  async settled(): Promise<void> {
    await Promise.all([...this.endings]);
  }

  /**
   * The user's first message named `token` and `session`: the session if it is theirs, open, opened
   * just now and not joined yet, with its device if they may still see it; else the socket is closed
   * with `closeCode` and null.
   */
  protected async admit(
    ws: WebSocket,
    auth: { token: string; session: string },
    closeCode: number,
  ): Promise<Admitted<Row, D> | null> {
    const now = epochSeconds(this.base.clock);
    let user: SessionUser;
    try {
      user = await this.base.authenticate(auth.token);
    } catch {
      ws.close(closeCode, 'auth');
      return null;
    }
    const row = await this.base.find(auth.session);
    const fresh = row && Number(row.started_at) >= now - this.base.joinWithinS;
    if (!row || row.user_id !== user.id || row.ended_at !== null || !fresh || this.sessions.has(row.id)) {
      ws.close(closeCode, 'session');
      return null;
    }
    const device = await this.base.visibleDevice(user, row.device_id).catch(() => null);
    if (!device) {
      ws.close(closeCode, 'device');
      return null;
    }
    return { user, row, device };
  }

  /** Holds a session its user joined (with their login session). */
  protected track(session: S, familyId: string): void {
    this.sessions.set(session.o.id, session);
    this.families.set(session.o.id, familyId);
  }

  /**
   * Calls the device: a ticket bound to its SN and the session, the command `send` makes of it and
   * the tunnel URL; the session ends when the device does not dial in with it in time or the command
   * fails at once.
   */
  protected async callDevice(
    session: S,
    sn: string,
    send: (open: { url: string; ticket: string }) => Promise<DeviceCommand>,
  ): Promise<void> {
    const ticket = newTicket();
    const ttl = this.base.ticketTtlMs ?? VNC_TICKET_TTL_MS;
    this.tickets.set(ticket, { session: session.o.id, sn, expires: Date.now() + ttl });
    setTimeout(() => {
      if (!session.device) session.end('ticket');
    }, ttl).unref();
    const url = `${this.base.relayOrigin.replace(/^http/, 'ws')}${this.base.tunnelPath}`;
    const cmd = await send({ url, ticket });
    this.commands.set(cmd.id, session.o.id);
    if (cmd.status === 'failed') session.end('device_offline');
  }

  /** A device's first tunnel message: its ticket, used once, bound to its SN and a waiting session. */
  protected redeem(first: unknown): { session: S; hello: VncTunnelHello } | null {
    const hello = vncTunnelHello.safeParse(first);
    if (!hello.success) return null;
    const ticket = this.tickets.get(hello.data.ticket);
    this.tickets.delete(hello.data.ticket);
    const session = ticket ? this.sessions.get(ticket.session) : undefined;
    if (!ticket || !session || ticket.sn !== hello.data.sn || Date.now() > ticket.expires || session.device)
      return null;
    return { session, hello: hello.data };
  }

  /** The session's `onEnd`: forgets it, then records it (`settled` waits for that). */
  protected ended(session: S, reason: Parameters<S['end']>[0]): void {
    const id = session.o.id;
    this.sessions.delete(id);
    this.families.delete(id);
    for (const [t, v] of this.tickets) if (v.session === id) this.tickets.delete(t);
    for (const [c, s] of this.commands) if (s === id) this.commands.delete(c);
    const done = this.record(session, reason);
    this.endings.add(done);
    void done.finally(() => this.endings.delete(done));
  }

  /** Ends the sessions of `userId` whose login session is gone (others of the user go on). */
  private async recheck(userId: number): Promise<void> {
    for (const s of [...this.sessions.values()]) {
      if (s.o.userId !== userId) continue;
      const live = await this.base.sessionLive(userId, this.families.get(s.o.id) ?? '').catch(() => true);
      if (!live) s.end('session');
    }
  }

  private async beat(): Promise<void> {
    try {
      await this.markAlive(epochSeconds(this.base.clock));
    } catch (err) {
      this.error(err);
    }
  }

  protected error(err: unknown): void {
    this.base.log.error({ err }, this.base.logName);
  }

  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    for (const u of this.unsubscribe) u();
    for (const s of [...this.sessions.values()]) s.end('session');
    await Promise.all([...this.endings]);
  }
}
