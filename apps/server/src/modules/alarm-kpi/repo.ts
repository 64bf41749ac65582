import { ALARM_FLOOD_WINDOW_S, ALARM_STALE_S } from '@hmi/contract';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { idsOrNone } from '../../platform/db';
import type { AlarmKpiPairTable, Database } from '../../platform/db/schema';

/** Which records: the team's in [start, end), of these groups' devices (null: all) and template. */
export interface KpiFilter {
  teamId: number;
  start: number;
  end: number;
  groupIds: readonly number[] | null;
  templateId: number | undefined;
}

/**
 * The figures of one rule on one device at one level: counts and sums, which add up across time
 * (and come off again), so the rollup's buckets and the records at a range's edges combine. `stale`
 * counts the recovered ones only: those still active are counted apart (they age).
 */
export type PairLevelRow = Omit<AlarmKpiPairTable, 'team_id' | 'bucket' | 'rule_key'> & {
  /** null: the records of a deleted rule (the sums' rule_key 0). */
  rule_id: number | null;
};

/** Alarms in one ten-minute clock window (epoch seconds / 600). */
export interface WindowCount {
  w: number;
  n: number;
}

/** The team's devices in these groups (a caller's scope, a chosen group with its sub-groups). */
export function scopedDevices(db: Kysely<Database>, teamId: number, groupIds: readonly number[]) {
  return db
    .selectFrom('devices')
    .select('devices.id')
    .where('devices.team_id', '=', teamId)
    .where('devices.group_id', 'in', idsOrNone(groupIds));
}

// PostgreSQL returns counts and sums of bigint columns as text.
export const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

type Sums = Pick<PairLevelRow, 'n' | 'ack_sum' | 'ack_n' | 'rec_sum' | 'rec_n' | 'stale' | 'chatter'>;

/** A row's counts and sums as numbers (drivers answer sums as strings or bigints). */
export const sumsOf = (r: Record<keyof Sums, unknown>): Sums => ({
  n: num(r.n),
  ack_sum: num(r.ack_sum),
  ack_n: num(r.ack_n),
  rec_sum: num(r.rec_sum),
  rec_n: num(r.rec_n),
  stale: num(r.stale),
  chatter: num(r.chatter),
});

/** SQL of the alarm performance page: reads of alarm_records (owned by the alarms module) and names. */
export class AlarmKpiRepo {
  constructor(private readonly db: Kysely<Database>) {}

  private where(eb: ExpressionBuilder<Database, 'alarm_records'>, f: KpiFilter) {
    const c = [
      eb('alarm_records.team_id', '=', f.teamId),
      eb('alarm_records.alarm_at', '>=', f.start),
      eb('alarm_records.alarm_at', '<', f.end),
    ];
    if (f.templateId !== undefined) c.push(eb('alarm_records.template_id', '=', f.templateId));
    if (f.groupIds !== null)
      c.push(eb('alarm_records.device_id', 'in', scopedDevices(this.db, f.teamId, f.groupIds)));
    return eb.and(c);
  }

  /**
   * One pass over the alarm_records_kpi index: per rule, device and level, the count, the sums behind
   * the average times, records recovered more than a day after the alarm and the records the engine
   * marked chattering (one definition of it: contract ALARM_CHATTER_*).
   */
  async pairLevels(f: KpiFilter): Promise<PairLevelRow[]> {
    const rows = await this.db
      .selectFrom('alarm_records')
      .where((eb) => this.where(eb, f))
      .select([
        'alarm_records.device_id',
        'alarm_records.rule_id',
        'alarm_records.template_id',
        'alarm_records.level',
        sql<number>`count(*)`.as('n'),
        sql<number>`sum(alarm_records.response_at - alarm_records.raised_at)`.as('ack_sum'),
        sql<number>`count(alarm_records.response_at)`.as('ack_n'),
        sql<number>`sum(alarm_records.recovery_at - alarm_records.alarm_at)`.as('rec_sum'),
        sql<number>`count(alarm_records.recovery_at)`.as('rec_n'),
        sql<number>`sum(case when alarm_records.recovery_at - alarm_records.alarm_at > ${ALARM_STALE_S}
          then 1 else 0 end)`.as('stale'),
        sql<number>`sum(alarm_records.chattering)`.as('chatter'),
      ])
      .groupBy([
        'alarm_records.device_id',
        'alarm_records.rule_id',
        'alarm_records.template_id',
        'alarm_records.level',
      ])
      .execute();
    return rows.map((r) => ({
      device_id: r.device_id,
      rule_id: r.rule_id,
      template_id: r.template_id,
      level: num(r.level),
      ...sumsOf(r),
    }));
  }

  /**
   * Alarms per ten-minute clock window (its index: epoch seconds / 600), counted in the order of the
   * alarm_records_kpi_windows index. The window expression is written as the index's, literally.
   */
  async windows(f: KpiFilter): Promise<WindowCount[]> {
    const window = sql<number>`(alarm_records.alarm_at / 600)`;
    const rows = await this.db
      .selectFrom('alarm_records')
      .where((eb) =>
        eb.and([
          eb(window, '>=', Math.floor(f.start / ALARM_FLOOD_WINDOW_S)),
          eb(window, '<=', Math.floor((f.end - 1) / ALARM_FLOOD_WINDOW_S)),
          this.where(eb, f),
        ]),
      )
      .select([window.as('w'), sql<number>`count(*)`.as('n')])
      .groupBy(window)
      .execute();
    return rows.map((r) => ({ w: num(r.w), n: num(r.n) }));
  }

  /** How many records of the range are still active since before `staleBefore` (server time). */
  async staleActiveCount(f: KpiFilter, staleBefore: number): Promise<number> {
    const r = await this.db
      .selectFrom('alarm_records')
      .where((eb) => this.where(eb, f))
      .where('alarm_records.recovery_at', 'is', null)
      .where('alarm_records.raised_at', '<', staleBefore)
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirst();
    return num(r?.n);
  }

  /** The oldest records of the range still active since before `staleBefore` (server time). */
  staleActive(f: KpiFilter, staleBefore: number, limit: number) {
    return this.db
      .selectFrom('alarm_records')
      .where((eb) => this.where(eb, f))
      .where('alarm_records.recovery_at', 'is', null)
      .where('alarm_records.raised_at', '<', staleBefore)
      .select([
        'alarm_records.id',
        'alarm_records.rule_name',
        'alarm_records.device_id',
        'alarm_records.level',
        'alarm_records.alarm_at',
      ])
      .orderBy('alarm_records.alarm_at')
      .orderBy('alarm_records.id')
      .limit(limit)
      .execute();
  }

  /** The rule name of the latest record of a rule (or a deleted rule: null) on a device in the range. */
  async ruleName(f: KpiFilter, deviceId: number, ruleId: number | null, templateId: number) {
    const r = await this.db
      .selectFrom('alarm_records')
      .select('rule_name')
      .where('team_id', '=', f.teamId)
      .where('device_id', '=', deviceId)
      .where('rule_id', ruleId === null ? 'is' : '=', ruleId)
      .where('template_id', '=', templateId)
      .where('alarm_at', '>=', f.start)
      .where('alarm_at', '<', f.end)
      .orderBy('alarm_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return r?.rule_name ?? '';
  }

  /** Name and group of the team's devices among `ids`. */
  devices(teamId: number, ids: readonly number[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.db
      .selectFrom('devices')
      .select(['id', 'name', 'group_id'])
      .where('team_id', '=', teamId)
      .where('id', 'in', [...ids])
      .execute();
  }

  /** The team's templates among `ids` (one to check a filter; all of the slices to name them). */
  templates(teamId: number, ids: readonly number[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.db
      .selectFrom('templates')
      .select(['id', 'name', 'team_id'])
      .where('team_id', '=', teamId)
      .where('id', 'in', [...ids])
      .execute();
  }
}
