import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  VNC_IDLE_DEFAULT_MINUTES,
  VNC_SESSIONS_PER_DEVICE,
  VNC_SESSIONS_PER_USER,
  type CallBody,
  type CallQuery,
  type DeviceCommand,
  type RemoteSession,
  type RemoteSettings,
  type VncEndReason,
  type listRemoteSessions,
  type openRemoteView,
} from '@hmi/contract';
import type { FastifyBaseLogger } from 'fastify';
import { audit } from '../../platform/audit';
import type { Bus } from '../../platform/bus';
import { epochSeconds, type Clock } from '../../platform/clock';
import { fail } from '../../platform/errors';
import type { SessionUser } from '../../platform/http/session';
import type { RemoteRepo } from './repo';

export interface RemoteDevice {
  id: number;
  sn: string;
  team_id: number;
  online: number;
}

/** What the remote view asks of other modules (wired in install.ts). */
export interface RemotePorts {
  /** The device if the caller may see it (1003 otherwise). */
  visibleDevice(user: SessionUser, deviceId: number): Promise<RemoteDevice>;
  /** Throws when the caller may not operate the device from this address (security zones). */
  mayOperate(check: { user: SessionUser; deviceId: number; clientIp: string }): Promise<void>;
  /** The device holds an MQTT connection on some instance right now. */
  isPresent(sn: string): boolean;
  mayUseTraffic(deviceId: number): Promise<boolean>;
  remaining(deviceId: number): Promise<number | null>;
}

export interface RemoteServiceDeps {
  repo: RemoteRepo;
  ports: RemotePorts;
  clock: Clock;
  bus: Bus;
  log: FastifyBaseLogger;
}

/**
 * Opening remote views and their records: permission, zone, online, traffic and session limits are
 * checked here; one controlling session per device (a second asker watches view-only and may ask the
 * holder to hand control over). The live part of a session is the relay (relay-hub.ts).
 */
export class RemoteService {
  constructor(private readonly d: RemoteServiceDeps) {}

  async open(
    user: SessionUser,
    deviceId: number,
    body: CallBody<typeof openRemoteView>,
    clientIp: string,
  ): Promise<RemoteSession> {
    const { repo, ports } = this.d;
    const device = await ports.visibleDevice(user, deviceId);
    await ports.mayOperate({ user, deviceId: device.id, clientIp });
    if (device.online !== 1 && !ports.isPresent(device.sn)) fail(ErrorCode.DEVICE_OFFLINE);
    if (!(await ports.mayUseTraffic(device.id))) fail(ErrorCode.NO_TRAFFIC);
    const now = epochSeconds(this.d.clock);
    const id = randomUUID();
    // Checked and recorded under the device's lock: two instances asking at once get one controller.
    const { mode, holder } = await repo.lockingDevice(device.id, async (locked) => {
      const [mine, onDevice] = await Promise.all([
        locked.open({ userId: user.id }, now),
        locked.open({ deviceId: device.id }, now),
      ]);
      if (mine.length >= VNC_SESSIONS_PER_USER || onDevice.length >= VNC_SESSIONS_PER_DEVICE)
        fail(ErrorCode.TOO_MANY_SESSIONS);
      const held = onDevice.find((s) => s.mode === 'control');
      if (body.mode === 'control' && held && !body.take_over) fail(ErrorCode.CONTROL_HELD);
      const granted = body.mode === 'control' && held ? ('view' as const) : body.mode;
      await locked.insert({
        id,
        team_id: device.team_id,
        device_id: device.id,
        user_id: user.id,
        mode: granted,
        max_minutes: body.max_minutes,
        started_at: now,
      });
      return { mode: granted, holder: held };
    });
    audit(this.d.bus, {
      teamId: device.team_id,
      userId: user.id,
      action: 'remoteSession',
      target: device.sn,
      detail: { mode, minutes: String(body.max_minutes) },
      ip: clientIp,
    });
    if (holder && body.take_over && body.mode === 'control')
      this.d.bus.emit('vncTakeover', { holder: holder.id, requester: id, by: user.row.name });
    return {
      session: id,
      device_id: device.id,
      mode,
      max_minutes: body.max_minutes,
      created_at: now,
      ends_at: now + body.max_minutes * 60,
      remaining_bytes: await ports.remaining(device.id),
    };
  }

  /** The caller's team's remote view settings (the defaults until set). */
  async settings(user: SessionUser): Promise<RemoteSettings> {
    const idle = await this.d.repo.idleMinutes(user.teamId);
    return { idle_minutes: idle ?? VNC_IDLE_DEFAULT_MINUTES };
  }

  async setSettings(user: SessionUser, body: RemoteSettings, clientIp: string): Promise<RemoteSettings> {
    await this.d.repo.setIdleMinutes(user.teamId, body.idle_minutes, epochSeconds(this.d.clock));
    audit(this.d.bus, {
      teamId: user.teamId,
      userId: user.id,
      action: 'remoteSettings',
      target: '',
      detail: { idle: String(body.idle_minutes) },
      ip: clientIp,
    });
    return this.settings(user);
  }

  async list(user: SessionUser, deviceId: number, query: CallQuery<typeof listRemoteSessions>) {
    const device = await this.d.ports.visibleDevice(user, deviceId);
    const { rows, total } = await this.d.repo.list(device.id, query.page, query.pageSize);
    return {
      list: rows.map((r) => ({
        session: r.id,
        user_id: r.user_id,
        user_name: r.user_name ?? '',
        mode: r.mode === 'control' ? ('control' as const) : ('view' as const),
        started_at: Number(r.started_at),
        ended_at: r.ended_at === null ? null : Number(r.ended_at),
        reason: r.reason as VncEndReason | null,
        bytes: Number(r.bytes),
      })),
      total,
    };
  }
}

export type SendVnc = (
  user: SessionUser,
  device: RemoteDevice,
  open: { url: string; session: string; ticket: string },
) => Promise<DeviceCommand>;
