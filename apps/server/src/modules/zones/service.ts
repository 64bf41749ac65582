import {
  ErrorCode,
  limits,
  normalizeCidr,
  type CallBody,
  type CallQuery,
  type createZone,
  type listZones,
  type updateZone,
  type AuditAction,
  type Zone,
} from '@hmi/contract';
import { audit } from '../../platform/audit';
import type { Bus } from '../../platform/bus';
import { isUniqueViolation } from '../../platform/db';
import type { ZoneRow } from '../../platform/db/schema';
import { epochSeconds, type Clock } from '../../platform/clock';
import { fail } from '../../platform/errors';
import type { SessionUser } from '../../platform/http/session';
import { pageWindow } from '../../platform/db/sql';
import { sees, type DataPermissionService, type Scope } from '../data-permissions';
import type { DeviceService } from '../devices';
import { parseNetworks, type ZoneMembers, type ZoneRepo } from './repo';

/** Canonical, de-duplicated networks (the schema already refused invalid ones). */
function canonicalNetworks(list: readonly string[]): string[] {
  const out: string[] = [];
  for (const n of list) {
    const c = normalizeCidr(n);
    if (c && !out.includes(c)) out.push(c);
  }
  return out;
}

/**
 * Security zones (ids 30, 33-35): a set of devices and groups (a group covers its sub-groups) and the
 * client networks remote operation is allowed from. At most 20 per team; names unique (1066). A
 * sub-account adds only devices and groups it sees and keeps the members it does not see.
 */
export class ZoneService {
  constructor(
    private readonly repo: ZoneRepo,
    private readonly devices: DeviceService,
    private readonly perms: DataPermissionService,
    private readonly clock: Clock,
    /** Where zone changes are announced for the audit log. */
    private readonly bus: Bus | null = null,
  ) {}

  /** Announces a change of zone `name` for the audit log. */
  private audited(user: SessionUser, action: AuditAction, name: string, detail: Record<string, string> = {}) {
    if (this.bus) audit(this.bus, { teamId: user.teamId, userId: user.id, action, target: name, detail });
  }

  /** The lists a create or an edit set, as audit particulars. */
  private static listed(b: { device_ids?: number[]; group_ids?: number[]; networks?: string[] }) {
    const out: Record<string, string> = {};
    if (b.device_ids) out.devices = b.device_ids.join(',');
    if (b.group_ids) out.groups = b.group_ids.join(',');
    if (b.networks) out.networks = b.networks.join(',');
    return out;
  }

  private toZone(row: ZoneRow, m: ZoneMembers): Zone {
    return {
      id: row.id,
      name: row.name,
      device_ids: m.devices.get(row.id) ?? [],
      group_ids: m.groups.get(row.id) ?? [],
      networks: parseNetworks(row.networks),
      roles: m.roles.get(row.id) ?? [],
      created_at: Number(row.created_at),
    };
  }

  /** Which of `ids` are zones of the team (a role lists only those). */
  teamZones(teamId: number, ids: readonly number[]): Promise<{ id: number; name: string }[]> {
    return this.repo.teamZones(teamId, ids);
  }

  async list(user: SessionUser, q: CallQuery<typeof listZones>): Promise<{ list: Zone[]; total: number }> {
    const { offset, limit } = pageWindow(q.page, q.pageSize);
    const { rows, total } = await this.repo.list(user.teamId, q.keyword, offset, limit);
    const m = await this.repo.members(rows.map((r) => r.id));
    return { list: rows.map((r) => this.toZone(r, m)), total };
  }

  async get(user: SessionUser, id: number): Promise<Zone> {
    const row = (await this.repo.find(user.teamId, id)) ?? fail(ErrorCode.NO_DATA);
    return this.toZone(row, await this.repo.members([id]));
  }

  /** The devices after the change: added ones must be the caller's to see (1003). */
  private async checkDevices(scope: Scope, ids: readonly number[], current: readonly number[]) {
    const unique = [...new Set(ids)];
    const added = unique.filter((id) => !current.includes(id));
    const found = await this.devices.teamDevices(scope.teamId, added);
    if (found.length !== added.length || found.some((d) => !sees(scope, 'device', d)))
      fail(ErrorCode.NO_DATA);
    if (!scope.all) {
      const hidden = await this.devices.teamDevices(scope.teamId, current);
      for (const d of hidden) if (!sees(scope, 'device', d) && !unique.includes(d.id)) unique.push(d.id);
    }
    return unique;
  }

  /** The groups after the change: added ones must be visible groups of the team (1027). */
  private checkGroups(scope: Scope, ids: readonly number[], current: readonly number[]) {
    const unique = [...new Set(ids)];
    for (const id of unique)
      if (!current.includes(id) && !scope.groupIds.has(id)) fail(ErrorCode.ILLEGAL_GROUP_ID);
    if (!scope.all)
      for (const id of current) if (!scope.groupIds.has(id) && !unique.includes(id)) unique.push(id);
    return unique;
  }

  async create(user: SessionUser, b: CallBody<typeof createZone>): Promise<Zone> {
    const scope = await this.perms.scope(user);
    const deviceIds = await this.checkDevices(scope, b.device_ids, []);
    const groupIds = this.checkGroups(scope, b.group_ids, []);
    let id: number;
    try {
      id = await this.repo.transaction(async (trx) => {
        if (await this.repo.nameTaken(user.teamId, b.name, null, trx)) fail(ErrorCode.ZONE_NAME_EXISTS);
        if ((await this.repo.count(user.teamId, trx)) >= limits.zonesMax) fail(ErrorCode.ZONE_LIMIT);
        const zoneId = await this.repo.insert(
          {
            team_id: user.teamId,
            name: b.name,
            networks: JSON.stringify(canonicalNetworks(b.networks)),
            created_at: epochSeconds(this.clock),
          },
          trx,
        );
        await this.repo.setDevices(zoneId, deviceIds, trx);
        await this.repo.setGroups(zoneId, groupIds, trx);
        return zoneId;
      });
    } catch (err) {
      if (isUniqueViolation(err)) fail(ErrorCode.ZONE_NAME_EXISTS);
      throw err;
    }
    this.audited(user, 'zoneAdded', b.name, ZoneService.listed(b));
    return this.get(user, id);
  }

  async update(user: SessionUser, id: number, b: CallBody<typeof updateZone>): Promise<Zone> {
    const row = (await this.repo.find(user.teamId, id)) ?? fail(ErrorCode.NO_DATA);
    const scope = await this.perms.scope(user);
    const current = await this.repo.members([id]);
    const deviceIds =
      b.device_ids === undefined
        ? null
        : await this.checkDevices(scope, b.device_ids, current.devices.get(id) ?? []);
    const groupIds =
      b.group_ids === undefined ? null : this.checkGroups(scope, b.group_ids, current.groups.get(id) ?? []);
    const patch: { name?: string; networks?: string } = {};
    if (b.name !== undefined && b.name !== row.name) {
      if (await this.repo.nameTaken(user.teamId, b.name, id)) fail(ErrorCode.ZONE_NAME_EXISTS);
      patch.name = b.name;
    }
    if (b.networks !== undefined) patch.networks = JSON.stringify(canonicalNetworks(b.networks));
    try {
      await this.repo.transaction(async (trx) => {
        await this.repo.update(user.teamId, id, patch, trx);
        if (deviceIds) await this.repo.setDevices(id, deviceIds, trx);
        if (groupIds) await this.repo.setGroups(id, groupIds, trx);
      });
    } catch (err) {
      if (isUniqueViolation(err)) fail(ErrorCode.ZONE_NAME_EXISTS);
      throw err;
    }
    this.audited(user, 'zoneEdited', patch.name ?? row.name, ZoneService.listed(b));
    return this.get(user, id);
  }

  /** A zone listed by roles is refused with 1002 (reason `zoneInUse`, naming the roles). */
  async remove(user: SessionUser, id: number): Promise<null> {
    const row = (await this.repo.find(user.teamId, id)) ?? fail(ErrorCode.NO_DATA);
    await this.repo.transaction(async (trx) => {
      const m = await this.repo.members([id], trx);
      const roles = m.roles.get(id) ?? [];
      if (roles.length) fail(ErrorCode.AUTHORIZATION, { reason: 'zoneInUse', roles });
      await this.repo.remove(user.teamId, id, trx);
    });
    this.audited(user, 'zoneDeleted', row.name);
    return null;
  }
}
