import { teamRow } from '../../platform/db/rows';
import type { Selectable } from 'kysely';
import { RepoBase } from '../../platform/db/repo-base';
import type { ScreenTable } from '../../platform/db/schema';
import type { Queryable } from '../../platform/db/sql';

export type ScreenRow = Selectable<ScreenTable>;
/** A screen belongs to one template or one project. */
export type Owner = { kind: 'template'; id: number } | { kind: 'project'; id: number };

/** The columns a screen write sets. */
export type ScreenFields = Pick<
  ScreenTable,
  'name' | 'sort' | 'width' | 'height' | 'widget_count' | 'document'
>;

const summaryColumns = [
  'id',
  'team_id',
  'template_id',
  'project_id',
  'name',
  'sort',
  'width',
  'height',
  'widget_count',
  'version',
  'created_at',
  'updated_at',
] as const;

/**
 * SQL of screens and the devices project screens bind. Reads of the registry (TAG names, project
 * members) are here too, as plain reads; the registry modules own those tables' writes.
 */
export class ScreenRepo extends RepoBase {
  find(teamId: number, id: number, q: Queryable = this.db) {
    return teamRow(q, 'screens', teamId, id);
  }

  private ownedBy(owner: Owner, q: Queryable) {
    return q
      .selectFrom('screens')
      .where(owner.kind === 'template' ? 'template_id' : 'project_id', '=', owner.id);
  }

  list(owner: Owner, q: Queryable = this.db) {
    return this.ownedBy(owner, q).select(summaryColumns).orderBy('sort').orderBy('id').execute();
  }

  /** Every screen of the owner with its document (exports). */
  all(owner: Owner, q: Queryable = this.db) {
    return this.ownedBy(owner, q).selectAll().orderBy('sort').orderBy('id').execute();
  }

  async count(owner: Owner, q: Queryable): Promise<number> {
    const r = await this.ownedBy(owner, q)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  /** Ids of the owner's screens (goto targets). */
  async ids(owner: Owner, q: Queryable = this.db): Promise<Set<number>> {
    return new Set((await this.ownedBy(owner, q).select('id').execute()).map((r) => r.id));
  }

  async insert(teamId: number, owner: Owner, f: ScreenFields, now: number, q: Queryable): Promise<number> {
    const r = await q
      .insertInto('screens')
      .values({
        team_id: teamId,
        template_id: owner.kind === 'template' ? owner.id : null,
        project_id: owner.kind === 'project' ? owner.id : null,
        ...f,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }

  async update(id: number, patch: Partial<ScreenFields>, now: number, q: Queryable): Promise<void> {
    await q
      .updateTable('screens')
      .set({ ...patch, updated_at: now })
      .where('id', '=', id)
      .execute();
    // A document changed in place (an import linking its screens) is still the version it was.
    if (patch.document !== undefined)
      await q
        .updateTable('screen_versions')
        .set({ document: patch.document })
        .where('screen_id', '=', id)
        .where('version', '=', (eb) => eb.selectFrom('screens').select('version').where('id', '=', id))
        .execute();
  }

  /**
   * Writes a new document as the next version if the row still holds `expected` (any version when
   * null): one compare-and-set statement, so of two saves from the same version one wins. Returns
   * the new version, or null when the row moved on.
   */
  async saveVersion(
    id: number,
    f: ScreenFields,
    expected: number | null,
    now: number,
    q: Queryable,
  ): Promise<number | null> {
    let update = q
      .updateTable('screens')
      .set((eb) => ({ ...f, updated_at: now, version: eb('version', '+', 1) }))
      .where('id', '=', id);
    if (expected !== null) update = update.where('version', '=', expected);
    const r = await update.returning('version').executeTakeFirst();
    return r?.version ?? null;
  }

  /** Keeps a saved document as `version` and drops the oldest beyond `keep`. */
  async addVersion(
    screenId: number,
    version: number,
    f: ScreenFields,
    savedBy: number | null,
    now: number,
    keep: number,
    q: Queryable,
  ): Promise<void> {
    await q
      .insertInto('screen_versions')
      .values({
        screen_id: screenId,
        version,
        name: f.name,
        width: f.width,
        height: f.height,
        widget_count: f.widget_count,
        document: f.document,
        saved_by: savedBy,
        saved_at: now,
      })
      .execute();
    await q
      .deleteFrom('screen_versions')
      .where('screen_id', '=', screenId)
      .where('version', '<=', version - keep)
      .execute();
  }

  /** The kept versions of a screen, newest first, with the saver's name. */
  versions(screenId: number) {
    return this.db
      .selectFrom('screen_versions')
      .leftJoin('users', 'users.id', 'screen_versions.saved_by')
      .select([
        'screen_versions.version',
        'screen_versions.name',
        'screen_versions.width',
        'screen_versions.height',
        'screen_versions.widget_count',
        'screen_versions.saved_at',
        'users.name as saved_by',
      ])
      .where('screen_versions.screen_id', '=', screenId)
      .orderBy('screen_versions.version', 'desc')
      .execute();
  }

  findVersion(screenId: number, version: number) {
    return this.db
      .selectFrom('screen_versions')
      .leftJoin('users', 'users.id', 'screen_versions.saved_by')
      .selectAll('screen_versions')
      .select('users.name as saver')
      .where('screen_versions.screen_id', '=', screenId)
      .where('screen_versions.version', '=', version)
      .executeTakeFirst();
  }

  async remove(id: number, q: Queryable): Promise<void> {
    await q.deleteFrom('screens').where('id', '=', id).execute();
  }

  async setDevices(screenId: number, deviceIds: readonly number[], q: Queryable): Promise<void> {
    await q.deleteFrom('screen_devices').where('screen_id', '=', screenId).execute();
    if (deviceIds.length)
      await q
        .insertInto('screen_devices')
        .values(deviceIds.map((device_id) => ({ screen_id: screenId, device_id })))
        .execute();
  }

  /** Which of `deviceIds` a screen of the project binds. */
  async boundInProject(projectId: number, deviceIds: readonly number[], q: Queryable): Promise<number[]> {
    if (!deviceIds.length) return [];
    const rows = await q
      .selectFrom('screen_devices')
      .innerJoin('screens', 'screens.id', 'screen_devices.screen_id')
      .select('screen_devices.device_id')
      .distinct()
      .where('screens.project_id', '=', projectId)
      .where('screen_devices.device_id', 'in', [...deviceIds])
      .execute();
    return rows.map((r) => r.device_id);
  }

  findProject(teamId: number, id: number) {
    return teamRow(this.db, 'projects', teamId, id);
  }

  /** The member devices of a project with their names and templates. */
  projectDevices(projectId: number) {
    return this.db
      .selectFrom('project_devices')
      .innerJoin('devices', 'devices.id', 'project_devices.device_id')
      .select(['devices.id', 'devices.name', 'devices.template_id'])
      .where('project_devices.project_id', '=', projectId)
      .orderBy('devices.id')
      .execute();
  }

  /** TAG names of each template. */
  /** The TAGs of each template: name → data type. */
  async tagNames(templateIds: readonly number[]): Promise<Map<number, Map<string, number>>> {
    const out = new Map<number, Map<string, number>>(templateIds.map((id) => [id, new Map()]));
    if (!templateIds.length) return out;
    const rows = await this.db
      .selectFrom('template_tags')
      .select(['template_id', 'name', 'data_type'])
      .where('template_id', 'in', [...templateIds])
      .execute();
    for (const r of rows) out.get(r.template_id)?.set(r.name, r.data_type);
    return out;
  }
}
