import {
  PASSTHROUGH_CLOSE,
  PASSTHROUGH_JOIN_WITHIN_S,
  PASSTHROUGH_TUNNEL_PATH,
  PASSTHROUGH_UNKNOWN_TARGET,
  passthroughClientMessage,
  type DeviceCommand,
  type PassthroughEndReason,
} from '@hmi/contract';
import type { WebSocket } from 'ws';
import { audit } from '../../platform/audit';
import { epochSeconds } from '../../platform/clock';
import type { SessionUser } from '../../platform/http/session';
import { HEARTBEAT_STALE_S, TunnelHub, type TunnelHubDeps } from '../../platform/tunnel/hub';
import type { RemoteDevice, RemotePorts } from '../remote';
import type { PassthroughRepo } from './repo';
import { PassSession } from './session';

type PassthroughRow = NonNullable<Awaited<ReturnType<PassthroughRepo['find']>>>;

export type SendPassthrough = (
  user: SessionUser,
  device: RemoteDevice,
  open: { url: string; session: string; ticket: string; target: string },
) => Promise<DeviceCommand>;

export interface PassthroughHubDeps extends TunnelHubDeps {
  repo: PassthroughRepo;
  ports: RemotePorts;
  send: SendPassthrough;
}

/**
 * The pass-through sessions living on this instance (the shared TunnelHub: joining, tickets, the
 * device's going, the login's end), with the pass-through's own rules: the device is told the target
 * to reach (an unknown one ends the session), a console user may end a session, the heartbeat writes
 * the bytes so far, and every session's end is audited.
 */
export class PassthroughHub extends TunnelHub<PassSession, PassthroughRow, RemoteDevice> {
  constructor(private readonly d: PassthroughHubDeps) {
    super({
      ...d,
      logName: 'pass-through',
      find: (id) => d.repo.find(id),
      visibleDevice: (user, deviceId) => d.ports.visibleDevice(user, deviceId),
      joinWithinS: PASSTHROUGH_JOIN_WITHIN_S,
      tunnelPath: PASSTHROUGH_TUNNEL_PATH,
    });
    this.unsubscribe.push(
      d.bus.on('passthroughEnd', ({ session }) => this.sessions.get(session)?.end('ended')),
    );
  }

  /** Bytes a session open here carried so far, both directions (0 once ended). */
  bytes(sessionId: string): number {
    return this.sessions.get(sessionId)?.bytes ?? 0;
  }

  /** Whether the relay stopped reading a session's side because the other does not keep up. */
  paused(sessionId: string): { client: boolean; device: boolean } {
    const s = this.sessions.get(sessionId);
    return { client: s?.client?.isPaused ?? false, device: s?.device?.isPaused ?? false };
  }

  /** The engineer's client's first message: its token and session; then the device is called. */
  async joinClient(ws: WebSocket, first: unknown): Promise<void> {
    const msg = passthroughClientMessage.safeParse(first);
    if (!msg.success || msg.data.type !== 'auth') return ws.close(PASSTHROUGH_CLOSE.session, 'auth');
    const admitted = await this.admit(ws, msg.data, PASSTHROUGH_CLOSE.session);
    if (!admitted) return;
    const { user, row, device } = admitted;
    const startedAt = Number(row.started_at) * 1000;
    const session = new PassSession({
      id: row.id,
      deviceId: device.id,
      teamId: device.team_id,
      userId: user.id,
      target: row.target,
      startedAt,
      endsAt: startedAt + row.max_minutes * 60_000,
      tickMs: this.d.tickMs,
      now: () => this.d.clock.now(),
      hold: await this.d.hold(device.id),
      remaining: () => this.d.ports.remaining(device.id),
      onEnd: (s, reason) => this.ended(s, reason),
      onError: (err) => this.error(err),
    });
    this.track(session, user.familyId);
    ws.on('message', (data, isBinary) => {
      if (!isBinary && parseType(data.toString()) === 'end') session.end('user');
    });
    session.attachClient(ws);
    await this.callDevice(session, device.sn, (open) =>
      this.d.send(user, device, { ...open, session: row.id, target: row.target }),
    );
  }

  /** A device's first tunnel message: its ticket, used once, bound to its SN and a waiting session. */
  joinDevice(ws: WebSocket, first: unknown): Promise<void> {
    const redeemed = this.redeem(first);
    if (!redeemed) {
      ws.close(PASSTHROUGH_CLOSE.ticket, 'ticket');
      return Promise.resolve();
    }
    return redeemed.session.attachDevice(ws, redeemed.hello.raw === true);
  }

  protected commandFailed(session: PassSession, error: string | null): void {
    session.end(error === PASSTHROUGH_UNKNOWN_TARGET ? 'unknown_target' : 'device_offline');
  }

  protected async markAlive(now: number): Promise<void> {
    const open = [...this.sessions.values()].map((s) => ({ id: s.o.id, bytes: s.bytes }));
    await this.d.repo.heartbeat(open, now);
    await this.d.repo.endStale(now - HEARTBEAT_STALE_S);
  }

  protected async record(session: PassSession, reason: PassthroughEndReason): Promise<void> {
    const id = session.o.id;
    try {
      const now = epochSeconds(this.d.clock);
      // Ended from the console: the record already holds its end; only the bytes are added.
      if (!(await this.d.repo.end(id, reason, session.bytes, now)))
        await this.d.repo.setBytes(id, session.bytes);
      audit(this.d.bus, {
        teamId: session.o.teamId,
        userId: session.o.userId,
        action: 'passthroughSession',
        target: session.o.target,
        detail: { reason, bytes: String(session.bytes) },
        ip: '',
      });
    } catch (err) {
      this.error(err);
    }
    await session.meter.close();
  }
}

function parseType(text: string): string | null {
  try {
    const m = passthroughClientMessage.safeParse(JSON.parse(text));
    return m.success ? m.data.type : null;
  } catch {
    return null;
  }
}
