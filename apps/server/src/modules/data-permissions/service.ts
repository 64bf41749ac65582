import {
  ErrorCode,
  hasPermission,
  Permission,
  type CallBody,
  type DataPermissions,
  type putDataPermissions,
} from '@hmi/contract';
import { audit } from '../../platform/audit';
import type { Bus } from '../../platform/bus';
import { fail, failInput } from '../../platform/errors';
import type { SessionUser } from '../../platform/http/session';
import type { Kysely } from 'kysely';
import type { Database, DataPermissionKind } from '../../platform/db/schema';
import type { Queryable } from '../../platform/db/sql';
import { DataPermissionRepo } from './repo';
import { canSeeProject, canSeeTemplate, resolveScope, type Scope } from './scope';

const assignPermission = {
  group: Permission.GROUP_DATA_PERMISSION,
  template: Permission.TEMPLATE_DATA_PERMISSION,
  project: Permission.PROJECT_DATA_PERMISSION,
} as const;

export type DataPermissionInput = CallBody<typeof putDataPermissions>;

/**
 * Assigning data permissions (guarded by 38 on the route): each kind given also needs its assign id
 * (groups 37, templates 36, projects 41). The assigner grants only objects they see themselves; a
 * sub-account assigner leaves the target's grants outside their own view untouched.
 */
export class DataPermissionService {
  constructor(
    private readonly repo: DataPermissionRepo,
    /** Where grant changes are announced for the audit log (the installed service has it). */
    private readonly bus: Bus | null = null,
  ) {}

  /** The service over a database (for modules that check scopes outside a request's wiring). */
  static over(db: Kysely<Database>): DataPermissionService {
    return new DataPermissionService(new DataPermissionRepo(db));
  }

  scope(user: SessionUser): Promise<Scope> {
    return resolveScope(this.repo, user);
  }

  /** Every group of the team (whatever the caller sees). */
  teamGroups(teamId: number) {
    return this.repo.teamGroups(teamId);
  }

  /** Grants one object to its sub-account creator, inside the creating transaction. */
  grant(userId: number, kind: DataPermissionKind, objectId: number, q: Queryable): Promise<void> {
    return this.repo.grant(userId, kind, objectId, q);
  }

  /** Drops every grant of a user, inside the caller's transaction. */
  clearUser(userId: number, q: Queryable): Promise<void> {
    return this.repo.clearUser(userId, q);
  }

  /** Grants the user every object of the team, inside the caller's transaction. */
  grantEverything(userId: number, teamId: number, q: Queryable): Promise<void> {
    return this.repo.grantEverything(userId, teamId, q);
  }

  /** Drops every grant of deleted objects, inside the deleting transaction. */
  revokeObject(kind: DataPermissionKind, objectIds: readonly number[], q: Queryable): Promise<void> {
    return this.repo.revokeObject(kind, objectIds, q);
  }

  private async member(user: SessionUser, id: number) {
    const m = await this.repo.findMember(id);
    if (!m || m.team_id !== user.teamId) fail(ErrorCode.NO_DATA);
    return m;
  }

  private visible(scope: Scope, kind: DataPermissionKind, id: number): boolean {
    if (kind === 'group') return scope.groupIds.has(id);
    const t = { id, team_id: scope.teamId };
    return kind === 'template' ? canSeeTemplate(scope, t) : canSeeProject(scope, t);
  }

  async get(user: SessionUser, id: number): Promise<DataPermissions> {
    await this.member(user, id);
    const scope = await this.scope(user);
    const grants = await this.repo.grantsOf(id);
    const teamTemplates = new Set(await this.repo.teamIds('templates', scope.teamId, grants.template));
    const teamProjects = new Set(await this.repo.teamIds('projects', scope.teamId, grants.project));
    return {
      group_ids: grants.group.filter((g) => this.visible(scope, 'group', g)),
      template_ids: grants.template.filter((t) => teamTemplates.has(t) && this.visible(scope, 'template', t)),
      project_ids: grants.project.filter((p) => teamProjects.has(p) && this.visible(scope, 'project', p)),
    };
  }

  async put(user: SessionUser, id: number, input: DataPermissionInput): Promise<DataPermissions> {
    const member = await this.member(user, id);
    if (member.is_main === 1) failInput('id', 'mainAccount');
    const given: [DataPermissionKind, number[]][] = [];
    if (input.group_ids) given.push(['group', [...new Set(input.group_ids)]]);
    if (input.template_ids) given.push(['template', [...new Set(input.template_ids)]]);
    if (input.project_ids) given.push(['project', [...new Set(input.project_ids)]]);
    const holder = { is_main: user.isMain, permissions: user.permissions };
    for (const [kind] of given)
      if (!hasPermission(holder, assignPermission[kind])) fail(ErrorCode.AUTHORIZATION);

    const scope = await this.scope(user);
    for (const [kind, ids] of given) {
      const inTeam = kind === 'group' ? ids : new Set(await this.repo.teamIds(`${kind}s`, scope.teamId, ids));
      for (const objectId of ids) {
        const ok =
          (kind === 'group' || (inTeam as Set<number>).has(objectId)) && this.visible(scope, kind, objectId);
        if (!ok)
          fail(
            kind === 'group'
              ? ErrorCode.ILLEGAL_GROUP_ID
              : kind === 'template'
                ? ErrorCode.ILLEGAL_TEMPLATE_ID
                : ErrorCode.NO_DATA,
          );
      }
    }
    await this.repo.transaction(async (trx) => {
      const current = await this.repo.grantsOf(id, trx);
      for (const [kind, ids] of given) {
        const kept = scope.all ? [] : current[kind].filter((o) => !this.visible(scope, kind, o));
        await this.repo.replace(id, kind, [...new Set([...kept, ...ids])], trx);
      }
    });
    if (this.bus) {
      // By name: the log showed ids nobody could read.
      const tables = { group: 'device_groups', template: 'templates', project: 'projects' } as const;
      const named = await Promise.all(
        given.map(async ([kind, ids]) => [
          `${kind}s`,
          (await this.repo.namesOf(tables[kind], scope.teamId, ids)).join(', '),
        ]),
      );
      audit(this.bus, {
        teamId: user.teamId,
        userId: user.id,
        action: 'dataPermissions',
        target: member.username,
        detail: Object.fromEntries(named) as Record<string, string>,
      });
    }
    return this.get(user, id);
  }
}
