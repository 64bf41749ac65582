import { AlarmRecordState, ALARM_STATE_ALL } from '@hmi/contract';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { containsIgnoringCase, countOf, withTotal } from '../../platform/db/sql';

/** Whose records: the team, and for a sub-account only devices in these groups. */
export interface RecordScope {
  teamId: number;
  /** null: every device of the team. */
  groupIds: readonly number[] | null;
}

export interface RecordFilter {
  start?: number | undefined;
  end?: number | undefined;
  level?: number | undefined;
  state: number;
  device_id?: number | undefined;
  rule_id?: number | undefined;
  keyword?: string | undefined;
}

const RECORD_COLUMNS = [
  'alarm_records.id',
  'alarm_records.device_id',
  'devices.name as device_name',
  'devices.sn as device_sn',
  'alarm_records.template_id',
  'alarm_records.rule_id',
  'alarm_records.rule_name',
  'alarm_records.level',
  'alarm_records.type',
  'alarm_records.condition',
  'alarm_records.tag_name',
  'alarm_records.value',
  'alarm_records.recovery_value',
  'alarm_records.content',
  'alarm_records.state',
  'alarm_records.alarm_at',
  'alarm_records.response_at',
  'alarm_records.recovery_at',
  'alarm_records.responder_id',
  'alarm_records.responder_name',
] as const;

/** The filters of `f` on the records' own columns (time, level, state, device, rule); all when none. */
function ownConditions(eb: ExpressionBuilder<Database, 'alarm_records'>, f: RecordFilter) {
  const c: Expression<SqlBool>[] = [];
  if (f.start !== undefined) c.push(eb('alarm_records.alarm_at', '>=', f.start));
  if (f.end !== undefined) c.push(eb('alarm_records.alarm_at', '<=', f.end));
  if (f.level !== undefined) c.push(eb('alarm_records.level', '=', f.level));
  if (f.state !== ALARM_STATE_ALL) c.push(eb('alarm_records.state', '=', f.state));
  if (f.device_id !== undefined) c.push(eb('alarm_records.device_id', '=', f.device_id));
  if (f.rule_id !== undefined) c.push(eb('alarm_records.rule_id', '=', f.rule_id));
  return eb.and(c);
}

/** Whether `f` filters on a record column besides the device (the maintained counts are per device). */
function filtersRecordColumns(f: RecordFilter): boolean {
  return (
    f.start !== undefined ||
    f.end !== undefined ||
    f.level !== undefined ||
    f.state !== ALARM_STATE_ALL ||
    f.rule_id !== undefined ||
    !!f.keyword
  );
}

/** SQL of alarm records and alarm subscriptions (alarm messages belong to the message module). */
export class AlarmRepo {
  constructor(readonly db: Kysely<Database>) {}

  private scoped(s: RecordScope) {
    let q = this.db
      .selectFrom('alarm_records')
      .innerJoin('devices', 'devices.id', 'alarm_records.device_id')
      .where('alarm_records.team_id', '=', s.teamId);
    if (s.groupIds !== null)
      q = q.where('devices.group_id', 'in', s.groupIds.length ? [...s.groupIds] : [-1]);
    return q;
  }

  private filtered(s: RecordScope, f: RecordFilter) {
    let q = this.scoped(s).where((eb) => ownConditions(eb, f));
    if (f.keyword) {
      const p = containsIgnoringCase(f.keyword);
      q = q.where((eb) =>
        eb.or(
          ['alarm_records.rule_name', 'alarm_records.content', 'alarm_records.tag_name', 'devices.name'].map(
            (col) => eb(sql`lower(${sql.ref(col)})`, 'like', p),
          ),
        ),
      );
    }
    return q;
  }

  /**
   * The count of `filtered`. Without a filter on the records' own columns, the per-device counts
   * the triggers of migration 0017 keep: a sum over the team's devices rather than a count of its
   * records. Otherwise the records are counted, without the devices join when nothing filters on a
   * device column (no group scope, no keyword): every record's device exists in its team (records
   * go with their device), and the join made the count read a device row for each record.
   */
  private counted(s: RecordScope, f: RecordFilter): Promise<number> {
    if (!filtersRecordColumns(f)) return this.maintainedCount(s, f.device_id);
    if (s.groupIds !== null || f.keyword) return countOf(this.filtered(s, f));
    return countOf(
      this.db
        .selectFrom('alarm_records')
        .where('alarm_records.team_id', '=', s.teamId)
        .where((eb) => ownConditions(eb, f)),
    );
  }

  /** The scope's records (of `deviceId` alone when given) from the maintained per-device counts. */
  private async maintainedCount(s: RecordScope, deviceId: number | undefined): Promise<number> {
    let q = this.db.selectFrom('alarm_record_counts').where('alarm_record_counts.team_id', '=', s.teamId);
    if (deviceId !== undefined) q = q.where('alarm_record_counts.device_id', '=', deviceId);
    const total = (eb: ExpressionBuilder<Database, 'alarm_record_counts'>) =>
      eb.fn.sum<number | string | null>('alarm_record_counts.n').as('n');
    const groupIds = s.groupIds;
    const r = await (
      groupIds === null
        ? q.select(total)
        : q
            .innerJoin('devices', 'devices.id', 'alarm_record_counts.device_id')
            .where('devices.group_id', 'in', groupIds.length ? [...groupIds] : [-1])
            .select(total)
    ).executeTakeFirstOrThrow();
    return Number(r.n ?? 0);
  }

  async list(s: RecordScope, f: RecordFilter, offset: number, limit: number) {
    return withTotal(
      this.filtered(s, f)
        .select(RECORD_COLUMNS)
        .orderBy('alarm_records.alarm_at', 'desc')
        .orderBy('alarm_records.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      this.counted(s, f),
    );
  }

  /** Ids among `ids` the scope holds. */
  async visibleIds(s: RecordScope, ids: readonly number[]): Promise<number[]> {
    const rows = await this.scoped(s)
      .select('alarm_records.id')
      .where('alarm_records.id', 'in', [...ids])
      .execute();
    return rows.map((r) => r.id);
  }

  /**
   * Acknowledges the records not yet acknowledged among `ids` (all visible, checked by the caller):
   * responder and time kept; the state becomes 2 unless the record has recovered already. Returns
   * the records this call acknowledged (for the audit log).
   */
  async acknowledge(ids: readonly number[], by: { id: number; name: string }, now: number) {
    return this.db.transaction().execute(async (trx) => {
      const done = await trx
        .updateTable('alarm_records')
        .set((eb) => ({
          response_at: now,
          responder_id: by.id,
          responder_name: by.name,
          state: eb
            .case()
            .when('recovery_at', 'is', null)
            .then(AlarmRecordState.RESPONSE)
            .else(eb.ref('state'))
            .end(),
        }))
        .where('id', 'in', [...ids])
        .where('response_at', 'is', null)
        .returning('id')
        .execute();
      if (!done.length) return [];
      return trx
        .selectFrom('alarm_records')
        .innerJoin('devices', 'devices.id', 'alarm_records.device_id')
        .select([
          'alarm_records.id',
          'alarm_records.team_id',
          'alarm_records.rule_name',
          'alarm_records.tag_name',
          'alarm_records.value',
          'devices.name as device_name',
        ])
        .where(
          'alarm_records.id',
          'in',
          done.map((r) => r.id),
        )
        .orderBy('alarm_records.id')
        .execute();
    });
  }

  subscription(userId: number) {
    return this.db
      .selectFrom('alarm_subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async putSubscription(row: Database['alarm_subscriptions']): Promise<void> {
    await this.db
      .insertInto('alarm_subscriptions')
      .values(row)
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          mail: row.mail,
          min_level: row.min_level,
          escalation: row.escalation,
          escalate_after_minutes: row.escalate_after_minutes,
          locale: row.locale,
          updated_at: row.updated_at,
        }),
      )
      .execute();
  }
}
