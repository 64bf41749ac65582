import type { Kysely, Transaction } from 'kysely';
import type { Database, DataPermissionKind } from '../../platform/db/schema';

type Q = Kysely<Database> | Transaction<Database>;

export interface Grants {
  group: number[];
  template: number[];
  project: number[];
}

/** SQL of data permissions (grants of groups, templates and projects to sub-accounts). */
export class DataPermissionRepo {
  constructor(readonly db: Kysely<Database>) {}

  transaction<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  async grantsOf(userId: number, q: Q = this.db): Promise<Grants> {
    const rows = await q
      .selectFrom('data_permissions')
      .select(['kind', 'object_id'])
      .where('user_id', '=', userId)
      .orderBy('object_id')
      .execute();
    const out: Grants = { group: [], template: [], project: [] };
    for (const r of rows) out[r.kind].push(r.object_id);
    return out;
  }

  async replace(userId: number, kind: DataPermissionKind, ids: readonly number[], q: Q): Promise<void> {
    await q.deleteFrom('data_permissions').where('user_id', '=', userId).where('kind', '=', kind).execute();
    if (ids.length)
      await q
        .insertInto('data_permissions')
        .values(ids.map((object_id) => ({ user_id: userId, kind, object_id })))
        .execute();
  }

  /** Grants one object (no-op when already granted). */
  async grant(userId: number, kind: DataPermissionKind, objectId: number, q: Q = this.db): Promise<void> {
    await q
      .insertInto('data_permissions')
      .values({ user_id: userId, kind, object_id: objectId })
      .onConflict((oc) => oc.columns(['user_id', 'kind', 'object_id']).doNothing())
      .execute();
  }

  /** Drops every grant of an object (it was deleted). */
  async revokeObject(kind: DataPermissionKind, objectIds: readonly number[], q: Q): Promise<void> {
    if (!objectIds.length) return;
    await q
      .deleteFrom('data_permissions')
      .where('kind', '=', kind)
      .where('object_id', 'in', [...objectIds])
      .execute();
  }

  teamGroups(teamId: number, q: Q = this.db) {
    return q
      .selectFrom('device_groups')
      .select(['id', 'parent_id', 'name'])
      .where('team_id', '=', teamId)
      .orderBy('id')
      .execute();
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

  findMember(id: number) {
    return this.db
      .selectFrom('users')
      .select(['id', 'team_id', 'is_main'])
      .where('id', '=', id)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
  }
}
