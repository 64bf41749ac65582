import { CompiledQueries } from '../../platform/db/compiled-queries';
import { RepoBase } from '../../platform/db/repo-base';
import type { DataPermissionKind } from '../../platform/db/schema';
import type { Queryable } from '../../platform/db/sql';

export interface Grants {
  group: number[];
  template: number[];
  project: number[];
}

/** SQL of data permissions (grants of groups, templates and projects to sub-accounts). */
export class DataPermissionRepo extends RepoBase {
  /** A caller's scope (the team's groups, a sub-account's grants) is read for every scoped request. */
  private readonly compiled = new CompiledQueries();

  async grantsOf(userId: number, q: Queryable = this.db): Promise<Grants> {
    const rows = await this.compiled.rows(q, 'grants', { userId }, (i) =>
      this.db
        .selectFrom('data_permissions')
        .select(['kind', 'object_id'])
        .where('user_id', '=', i.userId)
        .orderBy('object_id'),
    );
    const out: Grants = { group: [], template: [], project: [] };
    for (const r of rows) out[r.kind].push(r.object_id);
    return out;
  }

  async replace(
    userId: number,
    kind: DataPermissionKind,
    ids: readonly number[],
    q: Queryable,
  ): Promise<void> {
    await q.deleteFrom('data_permissions').where('user_id', '=', userId).where('kind', '=', kind).execute();
    if (ids.length)
      await q
        .insertInto('data_permissions')
        .values(ids.map((object_id) => ({ user_id: userId, kind, object_id })))
        .execute();
  }

  /** Grants one object (no-op when already granted). */
  async grant(
    userId: number,
    kind: DataPermissionKind,
    objectId: number,
    q: Queryable = this.db,
  ): Promise<void> {
    await q
      .insertInto('data_permissions')
      .values({ user_id: userId, kind, object_id: objectId })
      .onConflict((oc) => oc.columns(['user_id', 'kind', 'object_id']).doNothing())
      .execute();
  }

  /** Drops every grant of an object (it was deleted). */
  /** Drops every grant of a user (leaving a team, becoming its main account). */
  async clearUser(userId: number, q: Queryable): Promise<void> {
    await q.deleteFrom('data_permissions').where('user_id', '=', userId).execute();
  }

  /** Grants every group, template and project of the team (a former main account keeps its view). */
  async grantEverything(userId: number, teamId: number, q: Queryable): Promise<void> {
    await this.clearUser(userId, q);
    for (const [kind, table] of [
      ['group', 'device_groups'],
      ['template', 'templates'],
      ['project', 'projects'],
    ] as const) {
      const rows = await q.selectFrom(table).select('id').where('team_id', '=', teamId).execute();
      if (rows.length)
        await q
          .insertInto('data_permissions')
          .values(rows.map((r) => ({ user_id: userId, kind, object_id: r.id })))
          .execute();
    }
  }

  async revokeObject(kind: DataPermissionKind, objectIds: readonly number[], q: Queryable): Promise<void> {
    if (!objectIds.length) return;
    await q
      .deleteFrom('data_permissions')
      .where('kind', '=', kind)
      .where('object_id', 'in', [...objectIds])
      .execute();
  }

  teamGroups(teamId: number, q: Queryable = this.db) {
    return this.compiled.rows(q, 'teamGroups', { teamId }, (i) =>
      this.db
        .selectFrom('device_groups')
        .select(['id', 'parent_id', 'name'])
        .where('team_id', '=', i.teamId)
        .orderBy('id'),
    );
  }

  async teamIds(table: 'templates' | 'projects', teamId: number, ids: readonly number[]): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await this.db
      .selectFrom(table)
      .select('id')
      .where('team_id', '=', teamId)
      .where('id', 'in', [...ids])
      .execute();
    return rows.map((r) => r.id);
  }

  /** The names of the team's `ids` in `table`, in id order (for the audit log, which keeps names). */
  async namesOf(
    table: 'device_groups' | 'templates' | 'projects',
    teamId: number,
    ids: readonly number[],
  ): Promise<string[]> {
    if (!ids.length) return [];
    const rows = await this.db
      .selectFrom(table)
      .select('name')
      .where('team_id', '=', teamId)
      .where('id', 'in', [...ids])
      .orderBy('id')
      .execute();
    return rows.map((r) => r.name);
  }

  findMember(id: number) {
    return this.db
      .selectFrom('users')
      .select(['id', 'team_id', 'is_main', 'username'])
      .where('id', '=', id)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
  }
}
