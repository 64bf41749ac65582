import {
  VNC_CLOSE,
  VNC_IDLE_DEFAULT_MINUTES,
  VNC_OFF_ACK_ERROR,
  VNC_TUNNEL_PATH,
  vncClientMessage,
  type VncEndReason,
} from '@hmi/contract';
import type { WebSocket } from 'ws';
import { epochSeconds } from '../../platform/clock';
import { HEARTBEAT_STALE_S, TunnelHub, type TunnelHubDeps } from '../../platform/tunnel/hub';
import { RelaySession } from './relay';
import type { RemoteRepo } from './repo';
import type { RemoteDevice, RemotePorts, SendVnc } from './service';

type RemoteRow = NonNullable<Awaited<ReturnType<RemoteRepo['find']>>>;

export interface RelayHubDeps extends TunnelHubDeps {
  repo: RemoteRepo;
  ports: RemotePorts;
  sendVnc: SendVnc;
}

/**
 * The remote sessions living on this instance (the shared TunnelHub: joining, tickets, the device's
 * going, the login's end), with the remote view's own rules: a browser says whether it inflates a
 * deflated stream, and bus events carry take-over requests between instances.
 */
export class RelayHub extends TunnelHub<RelaySession, RemoteRow, RemoteDevice> {
  /** Holder session → the session asking it for control. */
  private readonly takeovers = new Map<string, string>();
  /** Session → whether its browser inflates a deflated stream. */
  private readonly browserReads = new Map<string, boolean>();

  constructor(private readonly d: RelayHubDeps) {
    super({
      ...d,
      logName: 'remote view',
      find: (id) => d.repo.find(id),
      visibleDevice: (user, deviceId) => d.ports.visibleDevice(user, deviceId),
      joinWithinS: HEARTBEAT_STALE_S,
      tunnelPath: VNC_TUNNEL_PATH,
    });
    this.unsubscribe.push(
      d.bus.on('vncTakeover', ({ holder, requester, by }) => {
        const session = this.sessions.get(holder);
        if (!session) return;
        this.takeovers.set(holder, requester);
        session.status({ type: 'takeover', by });
      }),
      d.bus.on('vncControl', ({ requester, accepted }) => {
        const session = this.sessions.get(requester);
        if (!session) return;
        if (!accepted) return session.status({ type: 'takeover_refused' });
        session.grantControl();
        void d.repo.setMode(requester, 'control').catch((err: unknown) => this.error(err));
      }),
    );
  }

  /** Whether the relay stopped reading a session's device because its browser does not keep up. */
  deviceReadPaused(sessionId: string): boolean {
    return this.sessions.get(sessionId)?.device?.isPaused ?? false;
  }

  /** A browser's first message named its token and session: joins it, then calls the device. */
  async joinBrowser(ws: WebSocket, first: unknown): Promise<void> {
    const msg = vncClientMessage.safeParse(first);
    if (!msg.success || msg.data.type !== 'auth') return ws.close(VNC_CLOSE.session, 'auth');
    const admitted = await this.admit(ws, msg.data, VNC_CLOSE.session);
    if (!admitted) return;
    const { user, row, device } = admitted;
    const { repo, ports } = this.d;
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
      idleMs: ((await repo.idleMinutes(device.team_id)) ?? VNC_IDLE_DEFAULT_MINUTES) * 60_000,
      now: () => this.d.clock.now(),
      hold: await this.d.hold(device.id),
      remaining: () => ports.remaining(device.id),
      onEnd: (s, reason) => this.ended(s, reason),
      onError: (err) => this.error(err),
    });
    this.track(session, user.familyId);
    this.browserReads.set(row.id, msg.data.compress?.includes('deflate') ?? false);
    await repo.heartbeat([row.id], epochSeconds(this.d.clock));
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      const m = vncClientMessage.safeParse(parseJson(data.toString()));
      if (!m.success) return;
      if (m.data.type === 'end') session.end('user');
      if (m.data.type === 'takeover_answer') this.answer(row.id, m.data.accept);
    });
    session.attachBrowser(ws, await ports.remaining(device.id));
    await this.callDevice(session, device.sn, (open) =>
      this.d.sendVnc(user, device, { ...open, session: row.id }),
    );
  }

  /** A device's first tunnel message: its ticket, used once, bound to its SN and a live session. */
  joinDevice(ws: WebSocket, first: unknown): void {
    const redeemed = this.redeem(first);
    if (!redeemed) return ws.close(VNC_CLOSE.ticket, 'ticket');
    const { session, hello } = redeemed;
    const deflate = hello.compress?.includes('deflate') && this.browserReads.get(session.o.id);
    session.attachDevice(ws, deflate ? 'deflate' : null, hello.raw === true);
  }

  protected commandFailed(session: RelaySession, error: string | null): void {
    session.end(error === VNC_OFF_ACK_ERROR ? 'vnc_off' : 'device_offline');
  }

  protected async markAlive(now: number): Promise<void> {
    await this.d.repo.heartbeat([...this.sessions.keys()], now);
    await this.d.repo.endStale(now - HEARTBEAT_STALE_S);
  }

  /** The holder's answer to a take-over request. */
  private answer(holder: string, accept: boolean): void {
    const requester = this.takeovers.get(holder);
    if (!requester) return;
    this.takeovers.delete(holder);
    if (accept) this.sessions.get(holder)?.end('taken_over');
    this.d.bus.emit('vncControl', { requester, accepted: accept });
  }

  protected async record(session: RelaySession, reason: VncEndReason): Promise<void> {
    const id = session.o.id;
    this.browserReads.delete(id);
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
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
