import {
  VNC_CLOSE,
  VNC_OFF_ACK_ERROR,
  VNC_TICKET_TTL_MS,
  VNC_TUNNEL_PATH,
  vncClientMessage,
  vncTunnelHello,
  type VncEndReason,
} from '@hmi/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Bus } from '../../platform/bus';
import { epochSeconds, type Clock } from '../../platform/clock';
import type { SessionUser } from '../../platform/http/session';
import type { TrafficHoldPort } from './meter';
import { RelaySession } from './relay';
import { HEARTBEAT_STALE_S, type RemoteRepo } from './repo';
import { newTicket, type RemotePorts, type SendVnc } from './service';

/** A browser must join its session this soon after opening it. */
const JOIN_WITHIN_S = HEARTBEAT_STALE_S;
const HEARTBEAT_MS = 10_000;

export interface RelayHubDeps {
  repo: RemoteRepo;
  ports: RemotePorts;
  clock: Clock;
  bus: Bus;
  log: FastifyBaseLogger;
  authenticate(token: string): Promise<SessionUser>;
  /** Whether the login session a socket joined with still stands (logout, removal, password change). */
  sessionLive(userId: number, familyId: string): Promise<boolean>;
  sendVnc: SendVnc;
  /** The device's traffic held for one session, reserved ahead and settled as it flows. */
  hold(deviceId: number): Promise<TrafficHoldPort>;
  /** This instance's origin as devices reach it. */
  relayOrigin: string;
  tickMs: number;
  ticketTtlMs?: number;
}

interface Ticket {
  session: string;
  sn: string;
  expires: number;
}

/**
 * The remote sessions living on this instance: browsers join with their token and session id, the
 * device is sent a single-use ticket and dials back, and the two are handed to a RelaySession. Bus
 * events end sessions when the user's login ends or the device goes, and carry take-over requests
 * between instances.
 */
export class RelayHub {
  private readonly sessions = new Map<string, RelaySession>();
  private readonly tickets = new Map<string, Ticket>();
  /** Holder session → the session asking it for control. */
  private readonly takeovers = new Map<string, string>();
  /** Device command id → session, to end a session whose tunnel command failed. */
  private readonly commands = new Map<string, string>();
  private readonly unsubscribe: (() => void)[] = [];
  private readonly heartbeat: NodeJS.Timeout;
  private readonly endings = new Set<Promise<void>>();
  /** Session → the login session (refresh family) its browser joined with. */
  private readonly families = new Map<string, string>();

  constructor(private readonly d: RelayHubDeps) {
    const { bus } = d;
    this.unsubscribe.push(
      bus.on('sessionsEnded', ({ userId }) => void this.recheck(userId)),
      bus.on('deviceUnbound', ({ deviceId }) =>
        this.endWhere((s) => s.o.deviceId === deviceId, 'device_offline'),
      ),
      bus.on('deviceOffline', ({ deviceId }) =>
        this.endWhere((s) => s.o.deviceId === deviceId, 'device_offline'),
      ),
      bus.on('commandFailed', ({ commandId, error }) => {
        const session = this.sessions.get(this.commands.get(commandId) ?? '');
        session?.end(error === VNC_OFF_ACK_ERROR ? 'vnc_off' : 'device_offline');
      }),
      bus.on('vncTakeover', ({ holder, requester, by }) => {
        const session = this.sessions.get(holder);
        if (!session) return;
        this.takeovers.set(holder, requester);
        session.status({ type: 'takeover', by });
      }),
      bus.on('vncControl', ({ requester, accepted }) => {
        const session = this.sessions.get(requester);
        if (!session) return;
        if (!accepted) return session.status({ type: 'takeover_refused' });
        session.grantControl();
        void d.repo.setMode(requester, 'control').catch((err: unknown) => this.error(err));
      }),
    );
    this.heartbeat = setInterval(() => void this.beat(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Sessions open on this instance (tests, metrics). */
  get size(): number {
    return this.sessions.size;
  }

  /** Resolves once every session that ended has been recorded. */
  async settled(): Promise<void> {
    await Promise.all([...this.endings]);
  }

  /** Whether the relay stopped reading a session's device because its browser does not keep up. */
  deviceReadPaused(sessionId: string): boolean {
    return this.sessions.get(sessionId)?.device?.isPaused ?? false;
  }

  /** A browser's first message named its token and session: joins it, then calls the device. */
  async joinBrowser(ws: WebSocket, first: unknown): Promise<void> {
    const msg = vncClientMessage.safeParse(first);
    if (!msg.success || msg.data.type !== 'auth') return ws.close(VNC_CLOSE.session, 'auth');
    const { repo, ports } = this.d;
    const now = epochSeconds(this.d.clock);
    let user: SessionUser;
    try {
      user = await this.d.authenticate(msg.data.token);
    } catch {
      return ws.close(VNC_CLOSE.session, 'auth');
    }
    const row = await repo.find(msg.data.session);
    const fresh = row && Number(row.started_at) >= now - JOIN_WITHIN_S;
    if (!row || row.user_id !== user.id || row.ended_at !== null || !fresh || this.sessions.has(row.id))
      return ws.close(VNC_CLOSE.session, 'session');
    const device = await ports.visibleDevice(user, row.device_id).catch(() => null);
    if (!device) return ws.close(VNC_CLOSE.session, 'device');
    const startedAt = Number(row.started_at) * 1000;
    const session = new RelaySession({
      id: row.id,
      deviceId: device.id,
      teamId: device.team_id,
      userId: user.id,
      mode: row.mode === 'control' ? 'control' : 'view',
      startedAt,
      endsAt: startedAt + row.max_minutes * 60_000,
      tickMs: this.d.tickMs,
      now: () => this.d.clock.now(),
      hold: await this.d.hold(device.id),
      remaining: () => ports.remaining(device.id),
      onEnd: (s, reason) => {
        const done = this.ended(s, reason);
        this.endings.add(done);
        void done.finally(() => this.endings.delete(done));
      },
      onError: (err) => this.error(err),
    });
    this.sessions.set(row.id, session);
    this.families.set(row.id, user.familyId);
    await repo.heartbeat([row.id], now);
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      const m = vncClientMessage.safeParse(parseJson(data.toString()));
      if (!m.success) return;
      if (m.data.type === 'end') session.end('user');
      if (m.data.type === 'takeover_answer') this.answer(row.id, m.data.accept);
    });
    session.attachBrowser(ws, await ports.remaining(device.id));
    const ticket = newTicket();
    this.tickets.set(ticket, {
      session: row.id,
      sn: device.sn,
      expires: Date.now() + (this.d.ticketTtlMs ?? VNC_TICKET_TTL_MS),
    });
    const waitForDevice = setTimeout(() => {
      if (!session.device) session.end('ticket');
    }, this.d.ticketTtlMs ?? VNC_TICKET_TTL_MS);
    waitForDevice.unref();
    const url = `${this.d.relayOrigin.replace(/^http/, 'ws')}${VNC_TUNNEL_PATH}`;
    const cmd = await this.d.sendVnc(user, device, { url, session: row.id, ticket });
    this.commands.set(cmd.id, row.id);
    if (cmd.status === 'failed') session.end('device_offline');
  }

  /** A device's first tunnel message: its ticket, used once, bound to its SN and a live session. */
  joinDevice(ws: WebSocket, first: unknown): void {
    const hello = vncTunnelHello.safeParse(first);
    if (!hello.success) return ws.close(VNC_CLOSE.ticket, 'ticket');
    const ticket = this.tickets.get(hello.data.ticket);
    this.tickets.delete(hello.data.ticket);
    const session = ticket ? this.sessions.get(ticket.session) : undefined;
    if (!ticket || !session || ticket.sn !== hello.data.sn || Date.now() > ticket.expires || session.device)
      return ws.close(VNC_CLOSE.ticket, 'ticket');
    session.attachDevice(ws);
  }

  /** The holder's answer to a take-over request. */
  private answer(holder: string, accept: boolean): void {
    const requester = this.takeovers.get(holder);
    if (!requester) return;
    this.takeovers.delete(holder);
    if (accept) this.sessions.get(holder)?.end('taken_over');
    this.d.bus.emit('vncControl', { requester, accepted: accept });
  }

  private async ended(session: RelaySession, reason: VncEndReason): Promise<void> {
    const id = session.o.id;
    this.sessions.delete(id);
    this.families.delete(id);
    for (const [t, v] of this.tickets) if (v.session === id) this.tickets.delete(t);
    for (const [c, s] of this.commands) if (s === id) this.commands.delete(c);
    const requester = this.takeovers.get(id);
    this.takeovers.delete(id);
    if (requester && reason !== 'taken_over') this.d.bus.emit('vncControl', { requester, accepted: false });
    // The record first (its bytes are counted in memory), then the ledger: settling and giving the
    // reservation back take a few transactions (the meter reports its own errors).
    try {
      await this.d.repo.end(id, reason, session.bytes, epochSeconds(this.d.clock));
    } catch (err) {
      this.error(err);
    }
    await session.meter.close();
  }

  /** Ends the sessions of `userId` whose login session is gone (others of the user go on). */
  private async recheck(userId: number): Promise<void> {
    for (const s of [...this.sessions.values()]) {
      if (s.o.userId !== userId) continue;
      const live = await this.d.sessionLive(userId, this.families.get(s.o.id) ?? '').catch(() => true);
      if (!live) s.end('session');
    }
  }

  private endWhere(pick: (s: RelaySession) => boolean, reason: VncEndReason): void {
    for (const s of [...this.sessions.values()]) if (pick(s)) s.end(reason);
  }

  private async beat(): Promise<void> {
    const now = epochSeconds(this.d.clock);
    try {
      await this.d.repo.heartbeat([...this.sessions.keys()], now);
      await this.d.repo.endStale(now - HEARTBEAT_STALE_S);
    } catch (err) {
      this.error(err);
    }
  }

  private error(err: unknown): void {
    this.d.log.error({ err }, 'remote view');
  }

  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    for (const u of this.unsubscribe) u();
    for (const s of [...this.sessions.values()]) s.end('session');
    await Promise.all([...this.endings]);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
