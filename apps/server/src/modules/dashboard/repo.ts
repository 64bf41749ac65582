import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

/** One TAG of a favourite card: its latest value, or nulls while the device has sent none. */
export interface CardTagRow {
  device_id: number;
  name: string;
  value: string | null;
  ts: number | null;
}

/** SQL of the dashboard cards. */
export class DashboardRepo {
  constructor(private readonly db: Kysely<Database>) {}

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
