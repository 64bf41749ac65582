import { idsOrNone } from '../../platform/db';
import { RepoBase, nameTaken } from '../../platform/db/repo-base';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database, DeviceTable } from '../../platform/db/schema';
import { CompiledQueries } from '../../platform/db/compiled-queries';
import { escapedLike, keywordPattern, pageWindow, type Queryable } from '../../platform/db/sql';
import type { Insertable, Updateable } from 'kysely';

export interface DeviceFilter {
  teamId: number;
  /** Only devices in these groups (null: any group, or none). */
  groupIds: readonly number[] | null;
  labelId?: number | undefined;
  online?: number | undefined;
  model?: string | undefined;
  keyword?: string | undefined;
}

/** The devices columns of a device answer (the list reads these only). */
const listedColumns = [
  'devices.id',
  'devices.name',
  'devices.sn',
  'devices.model',
  'devices.group_id',
  'devices.template_id',
  'devices.address',
  'devices.remark',
  'devices.hmi_sn',
  'devices.gateway_sn',
  'devices.customer_name',
  'devices.online',
  'devices.last_online_change',
  'devices.hmi_version',
  'devices.config_created_at',
  'devices.config_modified_at',
  'devices.oos_until',
  'devices.oos_reason',
  'devices.created_at',
] as const;

/**
 * The list's filters as a statement's input (see CompiledQueries): values that choose SQL made into
 * absent fields, the keyword into its LIKE pattern.
 */
type ListInput = {
  teamId: number;
  groupIds: readonly number[] | null;
  labelId: number | undefined;
  online: number | undefined;
  model: string | undefined;
  keyword: string | undefined;
};

function listInput(f: DeviceFilter): ListInput {
  return {
    teamId: f.teamId,
    // No group granted: a group id no device has, so that the statement still matches none.
    groupIds: f.groupIds === null ? null : idsOrNone(f.groupIds),
    labelId: f.labelId,
    online: f.online,
    model: f.model === '' ? undefined : f.model,
    keyword: keywordPattern(f.keyword),
  };
}

/** SQL of devices, hardware, device labels and favourites. */
export class DeviceRepo extends RepoBase {
  /** The list's statements, compiled once per shape of their filters. */
  private readonly compiled = new CompiledQueries();

  findHardware(sn: string) {
    return this.db.selectFrom('hardware').selectAll().where('sn', '=', sn).executeTakeFirst();
  }

  findBySn(sn: string) {
    return this.db.selectFrom('devices').select(['id', 'team_id']).where('sn', '=', sn).executeTakeFirst();
  }

  private withTemplate(q: Queryable) {
    return q
      .selectFrom('devices')
      .leftJoin('templates', 'templates.id', 'devices.template_id')
      .selectAll('devices')
      .select(['templates.name as template_name', 'templates.version as template_version']);
  }

  /** Every request on a device starts here (its visibility), so it is compiled once. */
  async find(teamId: number, id: number, q: Queryable = this.db) {
    const [row] = await this.compiled.rows(q, 'find', { teamId, id }, (i) =>
      this.withTemplate(this.db).where('devices.team_id', '=', i.teamId).where('devices.id', '=', i.id),
    );
    return row;
  }

  /** The list's filters, on the devices table's own columns (and its labels). */
  private static matching(eb: ExpressionBuilder<Database, 'devices'>, f: ListInput) {
    const c: Expression<SqlBool>[] = [eb('devices.team_id', '=', f.teamId)];
    if (f.groupIds !== null) c.push(eb('devices.group_id', 'in', f.groupIds));
    if (f.labelId !== undefined)
      c.push(
        eb.exists(
          eb
            .selectFrom('device_labels')
            .select('device_labels.device_id')
            .whereRef('device_labels.device_id', '=', 'devices.id')
            .where('device_labels.label_id', '=', f.labelId),
        ),
      );
    if (f.online !== undefined) c.push(eb('devices.online', '=', f.online));
    if (f.model !== undefined) c.push(eb('devices.model', '=', f.model));
    if (f.keyword !== undefined) {
      const p = escapedLike(f.keyword);
      c.push(
        eb.or([
          eb(sql`lower(devices.name)`, 'like', p),
          eb(sql`lower(devices.sn)`, 'like', p),
          eb(sql`lower(devices.remark)`, 'like', p),
        ]),
      );
    }
    return eb.and(c);
  }

  /**
   * A page of the list: the columns a device answer is made of (no others) and whether `userId` marked
   * each a favourite, with the total.
   */
  async list(f: DeviceFilter, page: number, pageSize: number, userId: number) {
    const { offset, limit } = pageWindow(page, pageSize);
    const filter = listInput(f);
    const [rows, total] = await Promise.all([
      this.compiled.rows(this.db, 'page', { ...filter, userId, offset, limit }, (i) =>
        this.db
          .selectFrom('devices')
          .leftJoin('templates', 'templates.id', 'devices.template_id')
          .select([
            ...listedColumns,
            'templates.name as template_name',
            'templates.version as template_version',
          ])
          // Marked in the page's statement: one statement fewer a page.
          .select((eb) =>
            eb
              .exists(
                eb
                  .selectFrom('favourites')
                  .select('favourites.device_id')
                  .whereRef('favourites.device_id', '=', 'devices.id')
                  .where('favourites.user_id', '=', i.userId),
              )
              .as('favourite'),
          )
          .where((eb) => DeviceRepo.matching(eb, i))
          .orderBy('devices.id', 'desc')
          .offset(i.offset)
          .limit(i.limit),
      ),
      // Counted on devices alone: the template join (on its key) cannot change how many rows match,
      // and made the count read each device's row and its template's.
      this.compiled.rows(this.db, 'total', filter, (i) =>
        this.db
          .selectFrom('devices')
          .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
          .where((eb) => DeviceRepo.matching(eb, i)),
      ),
    ]);
    return { rows, total: Number(total[0]?.n ?? 0) };
  }

  async labelsOf(deviceIds: readonly number[]) {
    if (!deviceIds.length) return [];
    return this.compiled.rows(this.db, 'labels', { deviceIds }, (i) =>
      this.db
        .selectFrom('device_labels')
        .innerJoin('labels', 'labels.id', 'device_labels.label_id')
        .select(['device_labels.device_id', 'labels.id', 'labels.name'])
        .where('device_labels.device_id', 'in', i.deviceIds)
        .orderBy('labels.name'),
    );
  }

  async favouriteIds(userId: number, deviceIds: readonly number[]): Promise<Set<number>> {
    if (!deviceIds.length) return new Set();
    const rows = await this.db
      .selectFrom('favourites')
      .select('device_id')
      .where('user_id', '=', userId)
      .where('device_id', 'in', [...deviceIds])
      .execute();
    return new Set(rows.map((r) => r.device_id));
  }

  nameTaken(teamId: number, name: string, exceptId: number | null, q: Queryable = this.db): Promise<boolean> {
    return nameTaken(q, 'devices', teamId, name, exceptId);
  }

  async insert(row: Insertable<DeviceTable>, q: Queryable): Promise<number> {
    const r = await q.insertInto('devices').values(row).returning('id').executeTakeFirstOrThrow();
    return r.id;
  }

  async update(teamId: number, id: number, patch: Updateable<DeviceTable>, q: Queryable): Promise<void> {
    if (!Object.keys(patch).length) return;
    await q.updateTable('devices').set(patch).where('team_id', '=', teamId).where('id', '=', id).execute();
  }

  async setLabels(deviceId: number, labelIds: readonly number[], q: Queryable): Promise<void> {
    await q.deleteFrom('device_labels').where('device_id', '=', deviceId).execute();
    if (labelIds.length)
      await q
        .insertInto('device_labels')
        .values(labelIds.map((label_id) => ({ device_id: deviceId, label_id })))
        .execute();
  }

  async inProject(deviceId: number, q: Queryable = this.db): Promise<boolean> {
    const r = await q
      .selectFrom('project_devices')
      .select('project_id')
      .where('device_id', '=', deviceId)
      .executeTakeFirst();
    return r !== undefined;
  }

  async remove(teamId: number, id: number, q: Queryable): Promise<void> {
    await q.deleteFrom('device_labels').where('device_id', '=', id).execute();
    await q.deleteFrom('favourites').where('device_id', '=', id).execute();
    await q.deleteFrom('devices').where('team_id', '=', teamId).where('id', '=', id).execute();
  }

  /** Drops a user's favourites (it left the team). */
  async clearFavouritesOf(userId: number, q: Queryable): Promise<void> {
    await q.deleteFrom('favourites').where('user_id', '=', userId).execute();
  }

  async setFavourite(userId: number, deviceId: number, on: boolean, now: number): Promise<void> {
    if (on)
      await this.db
        .insertInto('favourites')
        .values({ user_id: userId, device_id: deviceId, created_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'device_id']).doNothing())
        .execute();
    else
      await this.db
        .deleteFrom('favourites')
        .where('user_id', '=', userId)
        .where('device_id', '=', deviceId)
        .execute();
  }

  /** Which of `ids` are devices of the team, with their groups. */
  async teamDevices(teamId: number, ids: readonly number[], q: Queryable = this.db) {
    if (!ids.length) return [];
    return q
      .selectFrom('devices')
      .select(['id', 'team_id', 'group_id'])
      .where('team_id', '=', teamId)
      .where('id', 'in', [...ids])
      .execute();
  }
}
