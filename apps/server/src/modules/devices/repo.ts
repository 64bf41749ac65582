import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, DeviceTable } from '../../platform/db/schema';
import type { Insertable, Updateable } from 'kysely';

type Q = Kysely<Database> | Transaction<Database>;

export interface DeviceFilter {
  teamId: number;
  /** Only devices in these groups (null: any group, or none). */
  groupIds: readonly number[] | null;
  labelId?: number | undefined;
  online?: number | undefined;
  model?: string | undefined;
  keyword?: string | undefined;
}

/** `%text%` for LIKE with `\` escaping the wildcards. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** SQL of devices, hardware, device labels and favourites. */
export class DeviceRepo {
  constructor(readonly db: Kysely<Database>) {}

  transaction<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  findHardware(sn: string) {
    return this.db.selectFrom('hardware').selectAll().where('sn', '=', sn).executeTakeFirst();
  }

  findBySn(sn: string) {
    return this.db.selectFrom('devices').select(['id', 'team_id']).where('sn', '=', sn).executeTakeFirst();
  }

  private withTemplate(q: Q) {
    return q
      .selectFrom('devices')
      .leftJoin('templates', 'templates.id', 'devices.template_id')
      .selectAll('devices')
      .select(['templates.name as template_name', 'templates.version as template_version']);
  }

  find(teamId: number, id: number, q: Q = this.db) {
    return this.withTemplate(q)
      .where('devices.team_id', '=', teamId)
      .where('devices.id', '=', id)
      .executeTakeFirst();
  }

  private filtered(f: DeviceFilter) {
    let q = this.withTemplate(this.db).where('devices.team_id', '=', f.teamId);
    if (f.groupIds !== null)
      q = q.where('devices.group_id', 'in', f.groupIds.length ? [...f.groupIds] : [-1]);
    if (f.labelId !== undefined) {
      const labelId = f.labelId;
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('device_labels')
            .select('device_labels.device_id')
            .whereRef('device_labels.device_id', '=', 'devices.id')
            .where('device_labels.label_id', '=', labelId),
        ),
      );
    }
    if (f.online !== undefined) q = q.where('devices.online', '=', f.online);
    if (f.model !== undefined && f.model !== '') q = q.where('devices.model', '=', f.model);
    if (f.keyword !== undefined && f.keyword !== '') {
      const p = likePattern(f.keyword);
      q = q.where((eb) =>
        eb.or([
          eb(sql`lower(devices.name)`, 'like', sql`${p} escape '\\'`),
          eb(sql`lower(devices.sn)`, 'like', sql`${p} escape '\\'`),
          eb(sql`lower(devices.remark)`, 'like', sql`${p} escape '\\'`),
        ]),
      );
    }
    return q;
  }

  async list(f: DeviceFilter, page: number, pageSize: number) {
    const q = this.filtered(f);
    const [rows, total] = await Promise.all([
      q
        .orderBy('devices.id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      this.db
        .selectFrom(q.as('d'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  async labelsOf(deviceIds: readonly number[]) {
    if (!deviceIds.length) return [];
    return this.db
      .selectFrom('device_labels')
      .innerJoin('labels', 'labels.id', 'device_labels.label_id')
      .select(['device_labels.device_id', 'labels.id', 'labels.name'])
      .where('device_labels.device_id', 'in', [...deviceIds])
      .orderBy('labels.name')
      .execute();
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

  async nameTaken(teamId: number, name: string, exceptId: number | null, q: Q = this.db): Promise<boolean> {
    let s = q.selectFrom('devices').select('id').where('team_id', '=', teamId).where('name', '=', name);
    if (exceptId !== null) s = s.where('id', '!=', exceptId);
    return (await s.executeTakeFirst()) !== undefined;
  }

  async insert(row: Insertable<DeviceTable>, q: Q): Promise<number> {
    const r = await q.insertInto('devices').values(row).returning('id').executeTakeFirstOrThrow();
    return r.id;
  }

  async update(teamId: number, id: number, patch: Updateable<DeviceTable>, q: Q): Promise<void> {
    if (!Object.keys(patch).length) return;
    await q.updateTable('devices').set(patch).where('team_id', '=', teamId).where('id', '=', id).execute();
  }

  async setLabels(deviceId: number, labelIds: readonly number[], q: Q): Promise<void> {
    await q.deleteFrom('device_labels').where('device_id', '=', deviceId).execute();
    if (labelIds.length)
      await q
        .insertInto('device_labels')
        .values(labelIds.map((label_id) => ({ device_id: deviceId, label_id })))
        .execute();
  }

  async inProject(deviceId: number, q: Q = this.db): Promise<boolean> {
    const r = await q
      .selectFrom('project_devices')
      .select('project_id')
      .where('device_id', '=', deviceId)
      .executeTakeFirst();
    return r !== undefined;
  }

  async remove(teamId: number, id: number, q: Q): Promise<void> {
    await q.deleteFrom('device_labels').where('device_id', '=', id).execute();
    await q.deleteFrom('favourites').where('device_id', '=', id).execute();
    await q.deleteFrom('devices').where('team_id', '=', teamId).where('id', '=', id).execute();
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

  /** Devices and online devices of the team (within `groupIds` when given). */
  async counters(teamId: number, groupIds: readonly number[] | null) {
    let q = this.db
      .selectFrom('devices')
      .select((eb) => [
        eb.fn.countAll<number>().as('devices'),
        eb.fn.sum<number>(sql`case when online = 1 then 1 else 0 end`).as('online'),
      ])
      .where('team_id', '=', teamId);
    if (groupIds !== null) q = q.where('group_id', 'in', groupIds.length ? [...groupIds] : [-1]);
    const r = await q.executeTakeFirstOrThrow();
    return { devices: Number(r.devices), online: Number(r.online ?? 0) };
  }

  /** The user's favourite devices of the team, oldest star first. */
  favourites(userId: number, teamId: number) {
    return this.db
      .selectFrom('favourites')
      .innerJoin('devices', 'devices.id', 'favourites.device_id')
      .select([
        'devices.id',
        'devices.team_id',
        'devices.name',
        'devices.sn',
        'devices.model',
        'devices.online',
        'devices.group_id',
      ])
      .where('favourites.user_id', '=', userId)
      .where('devices.team_id', '=', teamId)
      .orderBy('favourites.created_at')
      .orderBy('devices.id')
      .execute();
  }

  /** Which of `ids` are devices of the team, with their groups. */
  async teamDevices(teamId: number, ids: readonly number[], q: Q = this.db) {
    if (!ids.length) return [];
    return q
      .selectFrom('devices')
      .select(['id', 'team_id', 'group_id'])
      .where('team_id', '=', teamId)
      .where('id', 'in', [...ids])
      .execute();
  }
}
