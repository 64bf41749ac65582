import {
  ErrorCode,
  groupPathNames,
  groupWithDescendants,
  shortGroupPath,
  type bindDevice,
  type CallBody,
  type CallQuery,
  type Device,
  type GroupRow,
  type listDevices,
  type updateDevice,
} from '@hmi/contract';
import { verifyPassword } from '../../platform/auth/passwords';
import { audit } from '../../platform/audit';
import type { Bus } from '../../platform/bus';
import { epochSeconds, type Clock } from '../../platform/clock';
import { isUniqueViolation } from '../../platform/db';
import { fail, failInput, failRetry } from '../../platform/errors';
import type { Queryable } from '../../platform/db/sql';
import type { SessionUser } from '../../platform/http/session';
import { SlidingWindowLimiter } from '../../platform/rate-limit';
import type { BillingApi } from '../billing';
import { authorize, type DataPermissionService, type Scope } from '../data-permissions';
import type { LabelService } from '../labels';
import type { TemplateService } from '../templates';
import type { DeviceRepo } from './repo';

export const bindPolicy = { wrongPinsPerSn: 5, windowSeconds: 15 * 60 } as const;

/**
 * A device row as the list reads it. A found row has these fields and more, all but `favourite`
 * (SQLite answers its exists() as 0 or 1, PostgreSQL as a boolean).
 */
type ListedDevice = Awaited<ReturnType<DeviceRepo['list']>>['rows'][number];

export type DeviceFields = CallBody<typeof updateDevice>;

/** A bind: the SN, PIN and the required fields; the optional texts default to empty. */
export type BindInput = DeviceFields &
  Pick<CallBody<typeof bindDevice>, 'sn' | 'pin' | 'name' | 'group_id' | 'template_id' | 'label_ids'>;

/** The displayed group path of a group among the groups the caller sees. */
export function displayPath(groupId: number | null, groups: readonly GroupRow[]): string[] {
  return shortGroupPath(groupPathNames(groupId, groups));
}

/**
 * Devices: binding by SN and PIN, editing, unbinding, favourites. A sub-account sees the devices in
 * its granted groups only, so it must keep every device it binds or edits in one of them.
 */
export class DeviceService {
  private readonly wrongPins: SlidingWindowLimiter;

  constructor(
    private readonly repo: DeviceRepo,
    private readonly templates: TemplateService,
    private readonly labels: LabelService,
    private readonly perms: DataPermissionService,
    private readonly clock: Clock,
    /** The list's traffic switch and allocation columns; a rebind's kept TAG allocation. */
    private readonly billing: Pick<BillingApi, 'deviceSummaries' | 'reattachAllocations'>,
    /** Bind, unbind and template changes are announced here (connectivity drops connections). */
    private readonly bus?: Bus,
  ) {
    this.wrongPins = new SlidingWindowLimiter(
      repo.db,
      clock,
      'bind-pin',
      bindPolicy.wrongPinsPerSn,
      bindPolicy.windowSeconds,
    );
  }

  /** Who acted, for the audit log. */
  private actor(user: SessionUser) {
    return { teamId: user.teamId, userId: user.id };
  }

  private now(): number {
    return epochSeconds(this.clock);
  }

  private async toDevices(rows: ListedDevice[], scope: Scope): Promise<Device[]> {
    const ids = rows.map((r) => r.id);
    const [labels, billing] = await Promise.all([this.repo.labelsOf(ids), this.billing.deviceSummaries(ids)]);
    return rows.map((r) => {
      const b = billing.get(r.id);
      const cloud = r.template_id !== null && r.template_version !== null ? r.template_version : null;
      return {
        id: r.id,
        name: r.name,
        sn: r.sn,
        model: r.model,
        group_id: r.group_id,
        group_path: displayPath(r.group_id, scope.groups),
        template_id: r.template_id,
        template_name: r.template_name ?? null,
        address: r.address,
        remark: r.remark,
        hmi_sn: r.hmi_sn,
        gateway_sn: r.gateway_sn,
        customer_name: r.customer_name,
        labels: labels.filter((l) => l.device_id === r.id).map((l) => ({ id: l.id, name: l.name })),
        online: r.online,
        last_online_change: r.last_online_change === null ? null : Number(r.last_online_change),
        sync_status: cloud !== null && r.hmi_version === cloud ? 1 : 0,
        cloud_version: cloud,
        hmi_version: r.hmi_version,
        config_created_at: r.config_created_at === null ? null : Number(r.config_created_at),
        config_modified_at: r.config_modified_at === null ? null : Number(r.config_modified_at),
        traffic_switch: b?.traffic_on ? 1 : 0,
        allocation: b?.allocation ?? null,
        oos_until: r.oos_until === null ? null : Number(r.oos_until),
        oos_reason: r.oos_reason,
        favourite: Boolean(r.favourite),
        created_at: Number(r.created_at),
      };
    });
  }

  /** A device of the team with its template's name and version (other modules' reads). */
  find(teamId: number, id: number) {
    return this.repo.find(teamId, id);
  }

  /** Which of `ids` are devices of the team, with their groups. */
  teamDevices(teamId: number, ids: readonly number[]) {
    return this.repo.teamDevices(teamId, ids);
  }

  async list(
    user: SessionUser,
    q: CallQuery<typeof listDevices>,
  ): Promise<{ list: Device[]; total: number }> {
    const scope = await this.perms.scope(user);
    let groupIds: number[] | null = scope.all ? null : [...scope.groupIds];
    if (q.group_id !== undefined) {
      const wanted = groupWithDescendants(q.group_id, scope.groups);
      groupIds = [...wanted].filter((id) => scope.groupIds.has(id));
    }
    const { rows, total } = await this.repo.list(
      {
        teamId: scope.teamId,
        groupIds,
        labelId: q.label_id,
        online: q.online,
        model: q.model,
        keyword: q.keyword,
      },
      q.page,
      q.pageSize,
      scope.userId,
    );
    return { list: await this.toDevices(rows, scope), total };
  }

  private async visibleDevice(user: SessionUser, id: number) {
    const scope = await this.perms.scope(user);
    const row = authorize(scope, 'device', await this.repo.find(scope.teamId, id));
    return { scope, row };
  }

  async get(user: SessionUser, id: number): Promise<Device> {
    const { scope, row } = await this.visibleDevice(user, id);
    const favourite = (await this.repo.favouriteIds(scope.userId, [id])).has(id);
    const [device] = await this.toDevices([{ ...row, favourite }], scope);
    return device ?? fail(ErrorCode.NO_DATA);
  }

  /** Checks the references of a bind or edit; returns the template's row when one is set. */
  private async checkFields(scope: Scope, model: string, f: DeviceFields, exceptId: number | null) {
    if (f.group_id !== undefined) {
      if (f.group_id === null) {
        if (!scope.all) failInput('group_id', 'required');
      } else if (!scope.groupIds.has(f.group_id)) fail(ErrorCode.ILLEGAL_GROUP_ID);
    }
    if (f.template_id !== undefined && f.template_id !== null) {
      const t = authorize(
        scope,
        'template',
        await this.templates.find(scope.teamId, f.template_id),
        ErrorCode.ILLEGAL_TEMPLATE_ID,
      );
      if (t.hmi_model !== model) fail(ErrorCode.TEMPLATE_TYPE_MISMATCH);
      // Out of service by billing: its bound devices keep running, no new ones join.
      if (await this.templates.isExpired(scope.teamId, t.id))
        fail(ErrorCode.TEMPLATE_LIMIT, { reason: 'expired' });
    }
    if (f.label_ids !== undefined) {
      const unique = [...new Set(f.label_ids)];
      const known = await this.labels.teamLabelIds(scope.teamId, unique);
      if (known.length !== unique.length) failInput('label_ids', 'unknownId');
      f.label_ids = unique;
    }
    if (f.name !== undefined && (await this.repo.nameTaken(scope.teamId, f.name, exceptId)))
      fail(ErrorCode.DEVICE_NAME_EXISTS);
  }

  async bind(user: SessionUser, body: BindInput): Promise<Device> {
    const wait = await this.wrongPins.retryAfter(body.sn);
    if (wait > 0) failRetry(ErrorCode.TOO_MANY_ATTEMPTS, wait);
    const hardware = await this.repo.findHardware(body.sn);
    if (!hardware) fail(ErrorCode.ILLEGAL_HMI_SN);
    if (!(await verifyPassword(body.pin, hardware.pin_hash))) {
      await this.wrongPins.hit(body.sn);
      fail(ErrorCode.ILLEGAL_PIN);
    }
    await this.wrongPins.reset(body.sn);
    const bound = await this.repo.findBySn(body.sn);
    // Bound to another team: answered like an unknown SN, so nothing about that team shows.
    if (bound) fail(bound.team_id === user.teamId ? ErrorCode.NAME_EXISTS : ErrorCode.ILLEGAL_HMI_SN);

    const scope = await this.perms.scope(user);
    await this.checkFields(scope, hardware.model, body, null);
    const now = this.now();
    let id: number;
    try {
      id = await this.repo.transaction(async (trx) => {
        const deviceId = await this.repo.insert(
          {
            team_id: scope.teamId,
            sn: body.sn,
            name: body.name,
            model: hardware.model,
            group_id: body.group_id,
            template_id: body.template_id,
            address: body.address ?? '',
            remark: body.remark ?? '',
            hmi_sn: body.hmi_sn ?? '',
            gateway_sn: body.gateway_sn ?? '',
            customer_name: body.customer_name ?? '',
            last_online_change: null,
            hmi_version: null,
            config_created_at: body.template_id !== null ? now : null,
            config_modified_at: body.template_id !== null ? now : null,
            created_at: now,
          },
          trx,
        );
        await this.repo.setLabels(deviceId, body.label_ids, trx);
        await this.billing.reattachAllocations(scope.teamId, body.sn, deviceId, trx);
        return deviceId;
      });
    } catch (err) {
      if (isUniqueViolation(err)) {
        const again = await this.repo.findBySn(body.sn);
        if (again) fail(again.team_id === user.teamId ? ErrorCode.NAME_EXISTS : ErrorCode.ILLEGAL_HMI_SN);
        fail(ErrorCode.DEVICE_NAME_EXISTS);
      }
      throw err;
    }
    this.bus?.emit('deviceBound', { deviceId: id, sn: body.sn, teamId: scope.teamId });
    if (this.bus)
      audit(this.bus, {
        ...this.actor(user),
        action: 'deviceBound',
        target: body.name,
        detail: { sn: body.sn },
      });
    return this.get(user, id);
  }

  async update(user: SessionUser, id: number, body: DeviceFields): Promise<Device> {
    const { scope, row } = await this.visibleDevice(user, id);
    const f: DeviceFields = { ...body };
    if (f.name === row.name) delete f.name;
    if (f.template_id === row.template_id) delete f.template_id;
    if (f.group_id === row.group_id) delete f.group_id;
    await this.checkFields(scope, row.model, f, id);
    const now = this.now();
    const patch: Parameters<DeviceRepo['update']>[2] = {};
    for (const k of [
      'name',
      'group_id',
      'address',
      'remark',
      'hmi_sn',
      'gateway_sn',
      'customer_name',
    ] as const)
      if (f[k] !== undefined) Object.assign(patch, { [k]: f[k] });
    if (f.template_id !== undefined) {
      patch.template_id = f.template_id;
      patch.config_modified_at = now;
      if (row.config_created_at === null && f.template_id !== null) patch.config_created_at = now;
    }
    try {
      await this.repo.transaction(async (trx) => {
        await this.repo.update(scope.teamId, id, patch, trx);
        if (f.label_ids !== undefined) await this.repo.setLabels(id, f.label_ids, trx);
      });
    } catch (err) {
      if (isUniqueViolation(err)) fail(ErrorCode.DEVICE_NAME_EXISTS);
      throw err;
    }
    if (f.template_id !== undefined)
      this.bus?.emit('deviceTemplateChanged', { deviceId: id, sn: row.sn, teamId: scope.teamId });
    return this.get(user, id);
  }

  async unbind(user: SessionUser, id: number): Promise<null> {
    const { scope, row } = await this.visibleDevice(user, id);
    await this.repo.transaction(async (trx) => {
      if (await this.repo.inProject(id, trx)) fail(ErrorCode.DEVICE_IN_CONFIGURATION);
      await this.repo.remove(scope.teamId, id, trx);
    });
    this.bus?.emit('deviceUnbound', { deviceId: id, sn: row.sn, teamId: scope.teamId });
    if (this.bus)
      audit(this.bus, {
        ...this.actor(user),
        action: 'deviceUnbound',
        target: row.name,
        detail: { sn: row.sn },
      });
    return null;
  }

  /** Drops a user's favourites inside the caller's transaction (it left the team). */
  clearFavouritesOf(userId: number, q: Queryable): Promise<void> {
    return this.repo.clearFavouritesOf(userId, q);
  }

  async setFavourite(user: SessionUser, id: number, favourite: boolean): Promise<{ favourite: boolean }> {
    await this.visibleDevice(user, id);
    await this.repo.setFavourite(user.id, id, favourite, this.now());
    return { favourite };
  }
}
