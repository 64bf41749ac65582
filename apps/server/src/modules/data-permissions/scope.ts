import { groupWithDescendants, type GroupRow } from '@hmi/contract';
import type { SessionUser } from '../../platform/http/session';
import type { DataPermissionRepo } from './repo';

/**
 * What one caller may see and touch: their team, and for a sub-account only the granted groups (with
 * every sub-group, and the devices in them), templates and projects. The main account sees the
 * whole team. Every registry query goes through one of these.
 */
export interface Scope {
  userId: number;
  teamId: number;
  /** Main account: every object of the team. */
  all: boolean;
  /** Groups visible to the caller (the whole team for the main account). */
  groups: GroupRow[];
  groupIds: Set<number>;
  /** Visible templates; null = every template of the team. */
  templateIds: Set<number> | null;
  /** Visible projects; null = every project of the team. */
  projectIds: Set<number> | null;
}

export async function resolveScope(repo: DataPermissionRepo, user: SessionUser): Promise<Scope> {
  const teamGroups = await repo.teamGroups(user.teamId);
  if (user.isMain)
    return {
      userId: user.id,
      teamId: user.teamId,
      all: true,
      groups: teamGroups,
      groupIds: new Set(teamGroups.map((g) => g.id)),
      templateIds: null,
      projectIds: null,
    };
  const grants = await repo.grantsOf(user.id);
  const visible = new Set<number>();
  for (const g of grants.group) for (const id of groupWithDescendants(g, teamGroups)) visible.add(id);
  return {
    userId: user.id,
    teamId: user.teamId,
    all: false,
    groups: teamGroups.filter((g) => visible.has(g.id)),
    groupIds: visible,
    templateIds: new Set(grants.template),
    projectIds: new Set(grants.project),
  };
}

export function canSeeGroup(scope: Scope, groupId: number): boolean {
  return scope.groupIds.has(groupId);
}

/** A device is visible to a sub-account only through a granted group. */
export function canSeeDevice(scope: Scope, device: { team_id: number; group_id: number | null }): boolean {
  if (device.team_id !== scope.teamId) return false;
  return scope.all || (device.group_id !== null && scope.groupIds.has(device.group_id));
}

export function canSeeTemplate(scope: Scope, template: { id: number; team_id: number }): boolean {
  return (
    template.team_id === scope.teamId && (scope.templateIds === null || scope.templateIds.has(template.id))
  );
}

export function canSeeProject(scope: Scope, project: { id: number; team_id: number }): boolean {
  return project.team_id === scope.teamId && (scope.projectIds === null || scope.projectIds.has(project.id));
}
