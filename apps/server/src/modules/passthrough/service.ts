import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  PASSTHROUGH_SESSIONS_PER_DEVICE,
  PASSTHROUGH_SESSIONS_PER_USER,
  type CallBody,
  type CallQuery,
  type PassthroughEndReason,
  type PassthroughRecord,
  type PassthroughSession,
  type listPassthroughSessions,
  type openPassthrough,
} from '@hmi/contract';
import { audit } from '../../platform/audit';
import type { Bus } from '../../platform/bus';
import { epochSeconds, type Clock } from '../../platform/clock';
import { fail } from '../../platform/errors';
import type { SessionUser } from '../../platform/http/session';
import type { RemotePorts } from '../remote';
import type { PassthroughRepo } from './repo';

export interface PassthroughServiceDeps {
  repo: PassthroughRepo;
  ports: RemotePorts;
  clock: Clock;
  bus: Bus;
}

type RecordRow = Awaited<ReturnType<PassthroughRepo['listOpen']>>[number];

/**
 * Opening pass-through sessions and their records: the remote view's rules (permission 6 by the
 * route, visibility, security zones, online, traffic) plus limits per user and per device. The target
 * is only a name: the gateway refuses one its own file does not list.
 */
export class PassthroughService {
  constructor(private readonly d: PassthroughServiceDeps) {}

  async open(
    user: SessionUser,
    deviceId: number,
    body: CallBody<typeof openPassthrough>,
    clientIp: string,
  ): Promise<PassthroughSession> {
    const { repo, ports } = this.d;
    const device = await ports.visibleDevice(user, deviceId);
    await ports.mayOperate({ user, deviceId: device.id, clientIp });
    if (device.online !== 1 && !ports.isPresent(device.sn)) fail(ErrorCode.DEVICE_OFFLINE);
    if (!(await ports.mayUseTraffic(device.id))) fail(ErrorCode.NO_TRAFFIC);
    const now = epochSeconds(this.d.clock);
    const id = randomUUID();
    await repo.lockingDevice(device.id, async (locked) => {
      const [mine, onDevice] = await Promise.all([
        locked.countOpen({ userId: user.id }, now),
        locked.countOpen({ deviceId: device.id }, now),
      ]);
      if (mine >= PASSTHROUGH_SESSIONS_PER_USER || onDevice >= PASSTHROUGH_SESSIONS_PER_DEVICE)
        fail(ErrorCode.TOO_MANY_SESSIONS);
      await locked.insert({
        id,
        team_id: device.team_id,
        device_id: device.id,
        user_id: user.id,
        target: body.target,
        max_minutes: body.max_minutes,
        started_at: now,
      });
    });
    audit(this.d.bus, {
      teamId: device.team_id,
      userId: user.id,
      action: 'passthroughSession',
      target: device.sn,
      detail: { target: body.target, minutes: String(body.max_minutes) },
      ip: clientIp,
    });
    return {
      session: id,
      device_id: device.id,
      target: body.target,
      max_minutes: body.max_minutes,
      created_at: now,
      ends_at: now + body.max_minutes * 60,
      remaining_bytes: await ports.remaining(device.id),
    };
  }

  async list(user: SessionUser, deviceId: number, query: CallQuery<typeof listPassthroughSessions>) {
    const device = await this.d.ports.visibleDevice(user, deviceId);
    const { rows, total } = await this.d.repo.list(device.id, query.page, query.pageSize);
    return { list: rows.map(toRecord), total };
  }

  /** The team's open sessions on the devices the caller may see. */
  async listOpen(user: SessionUser): Promise<{ list: PassthroughRecord[] }> {
    const rows = await this.d.repo.listOpen(user.teamId, epochSeconds(this.d.clock));
    const seen = new Map<number, boolean>();
    const list: PassthroughRecord[] = [];
    for (const r of rows) {
      if (!seen.has(r.device_id))
        seen.set(
          r.device_id,
          await this.d.ports.visibleDevice(user, r.device_id).then(
            () => true,
            () => false,
          ),
        );
      if (seen.get(r.device_id)) list.push(toRecord(r));
    }
    return { list };
  }

  /**
   * Ends an open session of a device the caller may operate: recorded here at once (so a session not
   * joined yet ends too), and the instance holding its client disconnects it (bus) and adds its bytes.
   */
  async end(user: SessionUser, sessionId: string, clientIp: string): Promise<{ ended: boolean }> {
    const row = await this.d.repo.find(sessionId);
    if (!row || row.team_id !== user.teamId) fail(ErrorCode.NO_DATA);
    await this.d.ports.visibleDevice(user, row.device_id);
    await this.d.ports.mayOperate({ user, deviceId: row.device_id, clientIp });
    const ended = await this.d.repo.end(row.id, 'ended', null, epochSeconds(this.d.clock));
    if (ended) this.d.bus.emit('passthroughEnd', { session: row.id });
    return { ended };
  }
}

function toRecord(r: RecordRow): PassthroughRecord {
  const started = Number(r.started_at);
  return {
    session: r.id,
    device_id: r.device_id,
    device_name: r.device_name,
    user_id: r.user_id,
    user_name: r.user_name ?? '',
    target: r.target,
    started_at: started,
    ends_at: started + r.max_minutes * 60,
    ended_at: r.ended_at === null ? null : Number(r.ended_at),
    reason: r.reason as PassthroughEndReason | null,
    bytes: Number(r.bytes),
  };
}
