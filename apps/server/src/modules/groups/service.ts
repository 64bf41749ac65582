import {
  ErrorCode,
  buildGroupTree,
  groupWithDescendants,
  type CallBody,
  type createGroup,
  type GroupNode,
  type GroupRowOut,
  type updateGroup,
} from '@hmi/contract';
import { epochSeconds, type Clock } from '../../platform/clock';
import { isUniqueViolation } from '../../platform/db';
import { fail } from '../../platform/errors';
import type { SessionUser } from '../../platform/http/session';
import type { DataPermissionService } from '../data-permissions';
import type { GroupRepo } from './repo';

/**
 * Device groups: a tree of any depth, names unique in the team (1083). A sub-account works inside its
 * granted groups; a top-level group it creates (or moves to top level) is granted to it.
 */
export class GroupService {
  constructor(
    private readonly repo: GroupRepo,
    private readonly perms: DataPermissionService,
    private readonly clock: Clock,
  ) {}

  async tree(user: SessionUser): Promise<GroupNode[]> {
    const scope = await this.perms.scope(user);
    const counts = await this.repo.deviceCounts(scope.teamId);
    return buildGroupTree(scope.groups, (id) => counts.get(id) ?? 0);
  }

  private async visibleGroup(user: SessionUser, id: number) {
    const scope = await this.perms.scope(user);
    const group = scope.groupIds.has(id) ? await this.repo.find(scope.teamId, id) : undefined;
    if (!group) fail(ErrorCode.NO_DATA);
    return { scope, group };
  }

  async create(user: SessionUser, body: CallBody<typeof createGroup>): Promise<GroupRowOut> {
    const scope = await this.perms.scope(user);
    if (body.parent_id !== null && !scope.groupIds.has(body.parent_id)) fail(ErrorCode.ILLEGAL_GROUP_ID);
    if (await this.repo.nameTaken(scope.teamId, body.name, null)) fail(ErrorCode.GROUP_NAME_EXISTS);
    try {
      return await this.repo.transaction(async (trx) => {
        const row = await this.repo.insert(
          {
            team_id: scope.teamId,
            parent_id: body.parent_id,
            name: body.name,
            created_at: epochSeconds(this.clock),
          },
          trx,
        );
        if (!scope.all && body.parent_id === null) await this.perms.grant(user.id, 'group', row.id, trx);
        return row;
      });
    } catch (err) {
      if (isUniqueViolation(err)) fail(ErrorCode.GROUP_NAME_EXISTS);
      throw err;
    }
  }

  async update(user: SessionUser, id: number, body: CallBody<typeof updateGroup>): Promise<GroupRowOut> {
    const { scope, group } = await this.visibleGroup(user, id);
    const patch: { name?: string; parent_id?: number | null } = {};
    if (body.parent_id !== undefined) {
      if (body.parent_id !== null) {
        if (!scope.groupIds.has(body.parent_id)) fail(ErrorCode.ILLEGAL_GROUP_ID);
        const teamGroups = await this.perms.teamGroups(scope.teamId);
        if (groupWithDescendants(id, teamGroups).has(body.parent_id)) fail(ErrorCode.ILLEGAL_GROUP_ID);
      }
      patch.parent_id = body.parent_id;
    }
    if (body.name !== undefined && body.name !== group.name) {
      if (await this.repo.nameTaken(scope.teamId, body.name, id)) fail(ErrorCode.GROUP_NAME_EXISTS);
      patch.name = body.name;
    }
    try {
      await this.repo.transaction(async (trx) => {
        if (Object.keys(patch).length) await this.repo.update(scope.teamId, id, patch, trx);
        if (!scope.all && patch.parent_id === null) await this.perms.grant(user.id, 'group', id, trx);
      });
    } catch (err) {
      if (isUniqueViolation(err)) fail(ErrorCode.GROUP_NAME_EXISTS);
      throw err;
    }
    return {
      id,
      parent_id: patch.parent_id !== undefined ? patch.parent_id : group.parent_id,
      name: patch.name ?? group.name,
    };
  }

  /** Deletes the group and its sub-groups unless any of them holds a device (1032). */
  async remove(user: SessionUser, id: number): Promise<{ ids: number[] }> {
    const { scope } = await this.visibleGroup(user, id);
    const teamGroups = await this.perms.teamGroups(scope.teamId);
    const ids = [...groupWithDescendants(id, teamGroups)].sort((a, b) => a - b);
    await this.repo.transaction(async (trx) => {
      if ((await this.repo.countDevicesIn(scope.teamId, ids, trx)) > 0) fail(ErrorCode.GROUP_HAS_DEVICES);
      await this.repo.deleteMany(scope.teamId, ids, trx);
      await this.perms.revokeObject('group', ids, trx);
    });
    return { ids };
  }
}
