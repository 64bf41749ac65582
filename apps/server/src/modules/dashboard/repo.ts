import { idsOrNone } from '../../platform/db';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

/** One TAG of a favourite card: its latest value, or nulls while the device has sent none. */
export interface CardTagRow {
  device_id: number;
  name: string;
  value: string | null;
  ts: number | null;
}

/** SQL of the dashboard: counters, favourite devices and their cards. */
export class DashboardRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Devices and online devices of the team (within `groupIds` when given). */
  async counters(teamId: number, groupIds: readonly number[] | null) {
    let q = this.db
      .selectFrom('devices')
      .select((eb) => [
        eb.fn.countAll<number>().as('devices'),
        eb.fn.sum<number>(sql`case when online = 1 then 1 else 0 end`).as('online'),
      ])
      .where('team_id', '=', teamId);
    if (groupIds !== null) q = q.where('group_id', 'in', idsOrNone(groupIds));
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

  /**
   * The first `perDevice` TAGs of each device's template (template order) with their latest
   * values, in one query whatever the number of devices; devices without a template have none.
   */
  async cardTags(deviceIds: readonly number[], perDevice: number): Promise<CardTagRow[]> {
    if (!deviceIds.length) return [];
    const ids = [...deviceIds];
    const ranked = this.db
      .selectFrom('template_tags')
      .select([
        'template_id',
        'name',
        sql<number>`row_number() over (partition by template_id order by sort, id)`.as('n'),
      ])
      .where('template_id', 'in', (eb) =>
        eb.selectFrom('devices').select('template_id').where('id', 'in', ids),
      )
      .as('t');
    const rows = await this.db
      .selectFrom('devices as d')
      .innerJoin(ranked, 't.template_id', 'd.template_id')
      .leftJoin('tag_latest as l', (join) =>
        join.onRef('l.device_id', '=', 'd.id').onRef('l.tag', '=', 't.name'),
      )
      .select(['d.id as device_id', 't.name', 'l.value', 'l.ts'])
      .where('d.id', 'in', ids)
      .where('t.n', '<=', perDevice)
      .orderBy('d.id')
      .orderBy('t.n')
      .execute();
    // PostgreSQL returns bigint columns as text.
    return rows.map((r) => ({ ...r, ts: r.ts === null ? null : Number(r.ts) }));
  }
}
