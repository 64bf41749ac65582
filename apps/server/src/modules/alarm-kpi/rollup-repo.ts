import { ALARM_FLOOD_MIN, ALARM_FLOOD_WINDOW_S } from '@hmi/contract';
import { sql, type Kysely } from 'kysely';
import { idsOrNone } from '../../platform/db';
import type { Database } from '../../platform/db/schema';
import { num, scopedDevices, sumsOf, type KpiFilter, type PairLevelRow } from './repo';
import type { WindowGroup } from './series';

const HOUR_WINDOWS = 3600 / ALARM_FLOOD_WINDOW_S;
const DAY = 86_400;

/**
 * Reads of the alarm records' running sums (alarm_kpi_pairs, alarm_kpi_windows: migration 0036, kept
 * by triggers on alarm_records): whole buckets and windows of a filter, the range edges aside.
 */
export class AlarmKpiRollupRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** The sums of buckets [from, to) per rule, device and level, within the filter's devices and template. */
  async pairLevels(f: KpiFilter, from: number, to: number): Promise<PairLevelRow[]> {
    let q = this.db
      .selectFrom('alarm_kpi_pairs as k')
      .where('k.team_id', '=', f.teamId)
      .where('k.bucket', '>=', from)
      .where('k.bucket', '<', to);
    if (f.templateId !== undefined) q = q.where('k.template_id', '=', f.templateId);
    if (f.groupIds !== null) q = q.where('k.device_id', 'in', scopedDevices(this.db, f.teamId, f.groupIds));
    const rows = await q
      .select([
        'k.device_id',
        'k.rule_key',
        'k.template_id',
        'k.level',
        sql<number>`sum(k.n)`.as('n'),
        sql<number>`sum(k.ack_sum)`.as('ack_sum'),
        sql<number>`sum(k.ack_n)`.as('ack_n'),
        sql<number>`sum(k.rec_sum)`.as('rec_sum'),
        sql<number>`sum(k.rec_n)`.as('rec_n'),
        sql<number>`sum(k.stale)`.as('stale'),
        sql<number>`sum(k.chatter)`.as('chatter'),
      ])
      .groupBy(['k.device_id', 'k.rule_key', 'k.template_id', 'k.level'])
      .execute();
    return rows.map((r) => ({
      device_id: r.device_id,
      // Rule ids start at 1; 0 stands for the records of deleted rules.
      rule_id: r.rule_key === 0 ? null : r.rule_key,
      template_id: r.template_id,
      level: r.level,
      ...sumsOf(r),
    }));
  }

  /** Alarms per window [from, to) of the filter: the team's, or its groups' (migration 0038). */
  private perWindow(f: KpiFilter, from: number, to: number) {
    const scoped =
      f.groupIds === null
        ? this.db.selectFrom('alarm_kpi_windows as k')
        : this.db.selectFrom('alarm_kpi_group_windows as k').where('k.group_id', 'in', idsOrNone(f.groupIds));
    return scoped
      .where('k.team_id', '=', f.teamId)
      .where('k.w', '>=', from)
      .where('k.w', '<', to)
      .$if(f.templateId !== undefined, (q) => q.where('k.template_id', '=', f.templateId ?? 0))
      .select(['k.w', sql<number>`sum(k.n)`.as('n')])
      .groupBy('k.w');
  }

  /**
   * The alarms of windows [from, to) within the filter (its groups' devices, its template), summed
   * per clock hour and local day of the zone `offsetS` east of UTC, with the flood windows among
   * them: a year is 8,784 rows instead of 52,704.
   */
  private windowGroupsQuery(f: KpiFilter, from: number, to: number, offsetS: number) {
    // Inlined integers, not parameters: SQLite binds numbers as reals (a real division), and
    // PostgreSQL matches the grouped expressions to the selected ones only when they are the same text.
    // `offsetS` is a whole number of seconds from a validated zone. Epoch seconds in bigint: window
    // numbers are integers, and their seconds pass 2^31 in 2038.
    const offset = sql.lit(offsetS);
    const local = sql<number>`(cast(x.w as bigint) * ${sql.lit(ALARM_FLOOD_WINDOW_S)} + ${offset})`;
    const hour = sql<number>`(x.w / ${sql.lit(HOUR_WINDOWS)} * ${sql.lit(HOUR_WINDOWS * ALARM_FLOOD_WINDOW_S)})`;
    // The start of the local day: a floor, also before 1970 (% keeps the sign of the dividend).
    const day = sql<number>`(${local} - (${local} % ${sql.lit(DAY)} + ${sql.lit(DAY)}) % ${sql.lit(DAY)} - ${offset})`;
    return this.db
      .selectFrom(this.perWindow(f, from, to).as('x'))
      .select([
        hour.as('hour'),
        day.as('day'),
        sql<number>`sum(x.n)`.as('n'),
        sql<number>`sum(case when x.n >= ${sql.lit(ALARM_FLOOD_MIN)} then 1 else 0 end)`.as('flooded'),
      ])
      .groupBy([hour, day]);
  }

  async windowGroups(f: KpiFilter, from: number, to: number, offsetS: number): Promise<WindowGroup[]> {
    const rows = await this.windowGroupsQuery(f, from, to, offsetS).execute();
    return rows.map((r) => ({ hour: num(r.hour), day: num(r.day), n: num(r.n), flooded: num(r.flooded) }));
  }
}
