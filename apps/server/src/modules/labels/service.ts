import { ErrorCode, limits, type Label } from '@hmi/contract';
import { epochSeconds, type Clock } from '../../platform/clock';
import { isUniqueViolation } from '../../platform/db';
import { fail, failInput } from '../../platform/errors';
import type { SessionUser } from '../../platform/http/session';
import type { DataPermissionService } from '../data-permissions';
import type { LabelRepo } from './repo';

/** Team labels: names unique (1086), at most 50 per team (1006 labelLimit). Shared by the whole team. */
export class LabelService {
  constructor(
    private readonly repo: LabelRepo,
    private readonly perms: DataPermissionService,
    private readonly clock: Clock,
  ) {}

  /** Which of `ids` are labels of the team. */
  teamLabelIds(teamId: number, ids: readonly number[]): Promise<number[]> {
    return this.repo.teamLabelIds(teamId, ids);
  }

  async list(user: SessionUser): Promise<{ list: Label[]; total: number }> {
    const scope = await this.perms.scope(user);
    const counts = await this.repo.deviceCounts(scope.teamId, scope.all ? null : [...scope.groupIds]);
    const list = (await this.repo.list(scope.teamId)).map((l) => ({
      ...l,
      created_at: Number(l.created_at),
      device_count: counts.get(l.id) ?? 0,
    }));
    return { list, total: list.length };
  }

  async create(user: SessionUser, name: string): Promise<Label> {
    try {
      const row = await this.repo.transaction(async (trx) => {
        if (await this.repo.nameTaken(user.teamId, name, null, trx)) fail(ErrorCode.NAME_EXISTS);
        if ((await this.repo.count(user.teamId, trx)) >= limits.labelsPerTeam)
          failInput('name', 'labelLimit');
        return this.repo.insert({ team_id: user.teamId, name, created_at: epochSeconds(this.clock) }, trx);
      });
      return { ...row, created_at: Number(row.created_at), device_count: 0 };
    } catch (err) {
      if (isUniqueViolation(err)) fail(ErrorCode.NAME_EXISTS);
      throw err;
    }
  }

  async rename(user: SessionUser, id: number, name: string): Promise<Label> {
    const label = await this.repo.find(user.teamId, id);
    if (!label) fail(ErrorCode.NO_DATA);
    if (name !== label.name) {
      if (await this.repo.nameTaken(user.teamId, name, id)) fail(ErrorCode.NAME_EXISTS);
      try {
        await this.repo.rename(user.teamId, id, name);
      } catch (err) {
        if (isUniqueViolation(err)) fail(ErrorCode.NAME_EXISTS);
        throw err;
      }
    }
    const counts = await this.list(user);
    return (
      counts.list.find((l) => l.id === id) ?? {
        ...label,
        name,
        created_at: Number(label.created_at),
        device_count: 0,
      }
    );
  }

  async remove(user: SessionUser, id: number): Promise<null> {
    if (!(await this.repo.find(user.teamId, id))) fail(ErrorCode.NO_DATA);
    await this.repo.remove(user.teamId, id);
    return null;
  }
}
