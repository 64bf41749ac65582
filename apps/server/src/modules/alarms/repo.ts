import { idsOrNone } from '../../platform/db';
import { AlarmRecordState, ALARM_STATE_ALL } from '@hmi/contract';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { CompiledQueries } from '../../platform/db/compiled-queries';
import { escapedLike, keywordPattern, withTotal } from '../../platform/db/sql';

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
  shelved?: '0' | '1' | undefined;
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
  'alarm_records.recovery_reason',
  'alarm_records.responder_id',
  'alarm_records.responder_name',
  'alarm_records.late',
  'alarm_records.kind',
  'alarm_records.chattering',
  'alarm_records.shelved_until',
  'alarm_records.shelve_reason',
  'alarm_records.shelved_by',
  'alarm_records.note',
  'alarm_records.note_by',
] as const;

/** The records' own columns the list filters on, each undefined when it does not. */
type OwnFilters = Record<
  'start' | 'end' | 'level' | 'state' | 'deviceId' | 'ruleId' | 'shelvedOut' | 'shelvedOnly',
  number | undefined
>;

/**
 * The list's scope and filters as a statement's input (see CompiledQueries): values that choose SQL
 * (the state "all", an empty keyword) made into absent fields, the keyword into its LIKE pattern;
 * `groupIds` null for every device of the team.
 */
type ListInput = OwnFilters & {
  teamId: number;
  groupIds: readonly number[] | null;
  keyword: string | undefined;
};

function listInput(s: RecordScope, f: RecordFilter, now: number): ListInput {
  return {
    teamId: s.teamId,
    // No group granted: a group id no device has, so that the statement still matches none.
    groupIds: s.groupIds === null ? null : idsOrNone(s.groupIds),
    start: f.start,
    end: f.end,
    level: f.level,
    state: f.state === ALARM_STATE_ALL ? undefined : f.state,
    deviceId: f.device_id,
    ruleId: f.rule_id,
    // Shelved now: a shelf that ends before `now` no longer hides its record.
    shelvedOut: f.shelved === '0' ? now : undefined,
    shelvedOnly: f.shelved === '1' ? now : undefined,
    keyword: keywordPattern(f.keyword),
  };
}

/** The team and the filters of `i` on the records' own columns (time, level, state, device, rule). */
function ownConditions(eb: ExpressionBuilder<Database, 'alarm_records'>, i: ListInput) {
  const c: Expression<SqlBool>[] = [eb('alarm_records.team_id', '=', i.teamId)];
  if (i.start !== undefined) c.push(eb('alarm_records.alarm_at', '>=', i.start));
  if (i.end !== undefined) c.push(eb('alarm_records.alarm_at', '<=', i.end));
  if (i.level !== undefined) c.push(eb('alarm_records.level', '=', i.level));
  if (i.state !== undefined) c.push(eb('alarm_records.state', '=', i.state));
  if (i.deviceId !== undefined) c.push(eb('alarm_records.device_id', '=', i.deviceId));
  if (i.ruleId !== undefined) c.push(eb('alarm_records.rule_id', '=', i.ruleId));
  if (i.shelvedOut !== undefined)
    c.push(
      eb.or([
        eb('alarm_records.shelved_until', 'is', null),
        eb('alarm_records.shelved_until', '<=', i.shelvedOut),
      ]),
    );
  if (i.shelvedOnly !== undefined) c.push(eb('alarm_records.shelved_until', '>', i.shelvedOnly));
  return eb.and(c);
}

/** All of `i` on records joined with their devices: their own columns, the group scope, the keyword. */
function matching(eb: ExpressionBuilder<Database, 'alarm_records' | 'devices'>, i: ListInput) {
  const c: Expression<SqlBool>[] = [ownConditions(eb, i)];
  if (i.groupIds !== null) c.push(eb('devices.group_id', 'in', i.groupIds));
  if (i.keyword !== undefined) {
    const p = escapedLike(i.keyword);
    c.push(
      eb.or(
        ['alarm_records.rule_name', 'alarm_records.content', 'alarm_records.tag_name', 'devices.name'].map(
          (col) => eb(sql`lower(${sql.ref(col)})`, 'like', p),
        ),
      ),
    );
  }
  return eb.and(c);
}

/** Whether `i` filters on a record column besides the device (the maintained counts are per device). */
function filtersRecordColumns(i: ListInput): boolean {
  return (
    i.start !== undefined ||
    i.end !== undefined ||
    i.level !== undefined ||
    i.state !== undefined ||
    i.ruleId !== undefined ||
    i.shelvedOut !== undefined ||
    i.shelvedOnly !== undefined ||
    i.keyword !== undefined
  );
}

type CountRow = { n: number | string | bigint | null };

/** SQL of alarm records and alarm subscriptions (alarm messages belong to the message module). */
export class AlarmRepo {
  /** The list's statements, compiled once per shape of its scope and filters. */
  private readonly compiled = new CompiledQueries();

  constructor(readonly db: Kysely<Database>) {}

  private joined() {
    return this.db.selectFrom('alarm_records').innerJoin('devices', 'devices.id', 'alarm_records.device_id');
  }

  private scoped(s: RecordScope) {
    const q = this.joined().where('alarm_records.team_id', '=', s.teamId);
    return s.groupIds === null ? q : q.where('devices.group_id', 'in', idsOrNone(s.groupIds));
  }

  /**
   * How many records match `i`. Without a filter on the records' own columns, from the per-device
   * counts the triggers of migration 0017 keep: a sum over the team's devices rather than a count of
   * its records. Otherwise the records are counted, without the devices join when nothing filters on
   * a device column (no group scope, no keyword): every record's device exists in its team (records
   * go with their device), and the join made the count read a device row for each record.
   */
  private async counted(i: ListInput): Promise<number> {
    let rows: CountRow[];
    if (!filtersRecordColumns(i))
      rows = await this.compiled.rows(
        this.db,
        'maintained',
        { teamId: i.teamId, deviceId: i.deviceId, groupIds: i.groupIds },
        (m) => {
          let q = this.db
            .selectFrom('alarm_record_counts')
            .where('alarm_record_counts.team_id', '=', m.teamId);
          if (m.deviceId !== undefined) q = q.where('alarm_record_counts.device_id', '=', m.deviceId);
          if (m.groupIds !== null)
            q = q
              .innerJoin('devices', 'devices.id', 'alarm_record_counts.device_id')
              .where('devices.group_id', 'in', m.groupIds);
          return q.select((eb) => eb.fn.sum<number | string | null>('alarm_record_counts.n').as('n'));
        },
      );
    else if (i.groupIds !== null || i.keyword !== undefined)
      rows = await this.compiled.rows(this.db, 'joinedCount', i, (m) =>
        this.joined()
          .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
          .where((eb) => matching(eb, m)),
      );
    else
      rows = await this.compiled.rows(this.db, 'count', i, (m) =>
        this.db
          .selectFrom('alarm_records')
          .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
          .where((eb) => ownConditions(eb, m)),
      );
    return Number(rows[0]?.n ?? 0);
  }

  async list(s: RecordScope, f: RecordFilter, offset: number, limit: number, now: number) {
    const input = listInput(s, f, now);
    return withTotal(
      this.compiled.rows(this.db, 'page', { ...input, offset, limit }, (i) =>
        this.joined()
          .select(RECORD_COLUMNS)
          .where((eb) => matching(eb, i))
          .orderBy('alarm_records.alarm_at', 'desc')
          .orderBy('alarm_records.id', 'desc')
          .offset(i.offset)
          .limit(i.limit),
      ),
      this.counted(input),
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
  async acknowledge(
    ids: readonly number[],
    by: { id: number; name: string },
    now: number,
    note: string | undefined,
  ) {
    return this.db.transaction().execute(async (trx) => {
      const done = await trx
        .updateTable('alarm_records')
        .set((eb) => ({
          response_at: now,
          responder_id: by.id,
          responder_name: by.name,
          ...(note ? { note, note_by: by.name } : {}),
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
          sms: row.sms,
          min_level: row.min_level,
          escalation: row.escalation,
          escalate_after_minutes: row.escalate_after_minutes,
          locale: row.locale,
          time_zone: row.time_zone,
          updated_at: row.updated_at,
        }),
      )
      .execute();
  }
}
