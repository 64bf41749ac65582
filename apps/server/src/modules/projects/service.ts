import {
  ErrorCode,
  type CallBody,
  type CallQuery,
  type createProject,
  type listProjects,
  type Project,
  type updateProject,
} from '@hmi/contract';
import { epochSeconds, type Clock } from '../../platform/clock';
import type { Queryable } from '../../platform/db/sql';
import { isUniqueViolation } from '../../platform/db';
import type { ProjectTable } from '../../platform/db/schema';
import { fail } from '../../platform/errors';
import type { SessionUser } from '../../platform/http/session';
import type { Selectable } from 'kysely';
import type { LapseGuard } from '../billing';
import { sees, authorize, type DataPermissionService, type Scope } from '../data-permissions';
import type { DeviceService } from '../devices';
import type { ProjectRepo } from './repo';

/** Another module's check before devices leave a project (inside the transaction); throwing refuses. */
export type MembersLeaving = (projectId: number, deviceIds: readonly number[], q: Queryable) => Promise<void>;

/**
 * Projects: a name unique in the team (1086) and member devices of the team (1003 otherwise). A
 * sub-account adds only devices it sees; members it does not see stay as they are. Billing caps
 * their number (the template allowance, 1033) and may put some out of service (read-only, 1033).
 */
export class ProjectService {
  private readonly leaving: MembersLeaving[] = [];

  constructor(
    private readonly repo: ProjectRepo,
    private readonly devices: DeviceService,
    private readonly perms: DataPermissionService,
    private readonly clock: Clock,
    private readonly lapses: LapseGuard,
  ) {}

  /** Registers a check run before members leave a project (screens keep the devices they bind: 1091). */
  beforeMembersLeave(check: MembersLeaving): void {
    this.leaving.push(check);
  }

  private async toProjects(rows: Selectable<ProjectTable>[]): Promise<Project[]> {
    const members = await this.repo.members(rows.map((r) => r.id));
    const teamId = rows[0]?.team_id;
    const expired = teamId === undefined ? new Set<number>() : await this.lapses.expiredIds(teamId);
    return rows.map((r) => {
      const devices = members
        .filter((m) => m.project_id === r.id)
        .map((m) => ({ id: m.id, name: m.name, sn: m.sn, model: m.model, online: m.online }));
      return {
        id: r.id,
        name: r.name,
        device_count: devices.length,
        devices,
        created_at: Number(r.created_at),
        updated_at: Number(r.updated_at),
        expired: expired.has(r.id),
      };
    });
  }

  private async visible(user: SessionUser, id: number) {
    const scope = await this.perms.scope(user);
    const row = authorize(scope, 'project', await this.repo.find(scope.teamId, id));
    return { scope, row };
  }

  /** Every id new to the project must be a device the caller sees (1003). */
  private async checkDevices(
    scope: Scope,
    ids: readonly number[],
    current: readonly number[],
  ): Promise<number[]> {
    const unique = [...new Set(ids)];
    const added = unique.filter((id) => !current.includes(id));
    const found = await this.devices.teamDevices(scope.teamId, added);
    if (found.length !== added.length || found.some((d) => !sees(scope, 'device', d)))
      fail(ErrorCode.NO_DATA);
    return unique;
  }

  async list(
    user: SessionUser,
    q: CallQuery<typeof listProjects>,
  ): Promise<{ list: Project[]; total: number }> {
    const scope = await this.perms.scope(user);
    const { rows, total } = await this.repo.list(
      scope.teamId,
      scope.projectIds ? [...scope.projectIds] : null,
      q.keyword,
      q.page,
      q.pageSize,
    );
    return { list: await this.toProjects(rows), total };
  }

  async get(user: SessionUser, id: number): Promise<Project> {
    const { row } = await this.visible(user, id);
    const [p] = await this.toProjects([row]);
    return p ?? fail(ErrorCode.NO_DATA);
  }

  async create(user: SessionUser, body: CallBody<typeof createProject>): Promise<Project> {
    const scope = await this.perms.scope(user);
    const deviceIds = await this.checkDevices(scope, body.device_ids, []);
    if (await this.repo.nameTaken(scope.teamId, body.name, null)) fail(ErrorCode.NAME_EXISTS);
    const allowance = await this.lapses.allowance(scope.teamId);
    let id: number;
    try {
      id = await this.repo.transaction(async (trx) => {
        this.lapses.assertRoom(await this.repo.count(scope.teamId, trx), allowance);
        const projectId = await this.repo.insert(
          { team_id: scope.teamId, name: body.name, created_at: epochSeconds(this.clock) },
          trx,
        );
        await this.repo.setMembers(projectId, deviceIds, trx);
        if (!scope.all) await this.perms.grant(user.id, 'project', projectId, trx);
        return projectId;
      });
    } catch (err) {
      if (isUniqueViolation(err)) fail(ErrorCode.NAME_EXISTS);
      throw err;
    }
    return this.get(user, id);
  }

  async update(user: SessionUser, id: number, body: CallBody<typeof updateProject>): Promise<Project> {
    const { scope, row } = await this.visible(user, id);
    await this.lapses.assertLive(scope.teamId, id);
    const patch: { name?: string } = {};
    if (body.name !== undefined && body.name !== row.name) {
      if (await this.repo.nameTaken(scope.teamId, body.name, id)) fail(ErrorCode.NAME_EXISTS);
      patch.name = body.name;
    }
    let members: number[] | null = null;
    let current: number[] = [];
    if (body.device_ids !== undefined) {
      current = await this.repo.memberIds(id);
      members = await this.checkDevices(scope, body.device_ids, current);
      if (!scope.all) {
        // Members the sub-account cannot see are kept.
        const hidden = await this.devices.teamDevices(scope.teamId, current);
        for (const d of hidden) if (!sees(scope, 'device', d) && !members.includes(d.id)) members.push(d.id);
      }
    }
    try {
      await this.repo.transaction(async (trx) => {
        await this.repo.update(scope.teamId, id, patch, epochSeconds(this.clock), trx);
        if (members) {
          const kept = members;
          const leaving = current.filter((d) => !kept.includes(d));
          for (const check of this.leaving) if (leaving.length) await check(id, leaving, trx);
          await this.repo.setMembers(id, members, trx);
        }
      });
    } catch (err) {
      if (isUniqueViolation(err)) fail(ErrorCode.NAME_EXISTS);
      throw err;
    }
    return this.get(user, id);
  }

  async remove(user: SessionUser, id: number): Promise<null> {
    const { scope } = await this.visible(user, id);
    await this.repo.transaction(async (trx) => {
      await this.repo.remove(scope.teamId, id, trx);
      await this.perms.revokeObject('project', [id], trx);
    });
    return null;
  }
}
