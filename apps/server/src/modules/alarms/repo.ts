import { AlarmLevel, AlarmRecordState, AlarmUrgency, ALARM_STATE_ALL } from '@hmi/contract';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { likePattern } from '../devices/repo';

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

export interface AlarmMessageFilter {
  isRead?: 0 | 1 | undefined;
  urgency?: number | undefined;
  start?: number | undefined;
  end?: number | undefined;
}

const levelsOfUrgency: Record<number, number[]> = {
  [AlarmUrgency.URGENT]: [AlarmLevel.SEVERE, AlarmLevel.CRITICAL],
  [AlarmUrgency.NORMAL]: [AlarmLevel.MODERATE],
  [AlarmUrgency.LOW]: [AlarmLevel.MINOR, AlarmLevel.MILD],
};

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

const isRead: Expression<SqlBool> = sql<SqlBool>`(messages.is_read = 1 or message_reads.message_id is not null)`;
const isUnread: Expression<SqlBool> = sql<SqlBool>`(messages.is_read = 0 and message_reads.message_id is null)`;

/** SQL of alarm records, alarm messages and alarm subscriptions. */
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
    let q = this.scoped(s);
    if (f.start !== undefined) q = q.where('alarm_records.alarm_at', '>=', f.start);
    if (f.end !== undefined) q = q.where('alarm_records.alarm_at', '<=', f.end);
    if (f.level !== undefined) q = q.where('alarm_records.level', '=', f.level);
    if (f.state !== ALARM_STATE_ALL) q = q.where('alarm_records.state', '=', f.state);
    if (f.device_id !== undefined) q = q.where('alarm_records.device_id', '=', f.device_id);
    if (f.rule_id !== undefined) q = q.where('alarm_records.rule_id', '=', f.rule_id);
    if (f.keyword) {
      const p = likePattern(f.keyword);
      q = q.where((eb) =>
        eb.or(
          ['alarm_records.rule_name', 'alarm_records.content', 'alarm_records.tag_name', 'devices.name'].map(
            (col) => eb(sql`lower(${sql.ref(col)})`, 'like', sql`${p} escape '\\'`),
          ),
        ),
      );
    }
    return q;
  }

  async list(s: RecordScope, f: RecordFilter, offset: number, limit: number) {
    const q = this.filtered(s, f);
    const [rows, total] = await Promise.all([
      q
        .select(RECORD_COLUMNS)
        .orderBy('alarm_records.alarm_at', 'desc')
        .orderBy('alarm_records.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
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
   * responder and time kept; the state becomes 2 unless the record has recovered already.
   */
  async acknowledge(ids: readonly number[], by: { id: number; name: string }, now: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const r = await trx
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
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    });
  }

  private messagesOf(userId: number, s: RecordScope, f: AlarmMessageFilter) {
    let q = this.db
      .selectFrom('messages')
      .innerJoin('alarm_records', 'alarm_records.id', 'messages.alarm_record_id')
      .innerJoin('devices', 'devices.id', 'alarm_records.device_id')
      .leftJoin('message_reads', (j) =>
        j.onRef('message_reads.message_id', '=', 'messages.id').on('message_reads.user_id', '=', userId),
      )
      .where('messages.team_id', '=', s.teamId)
      .where('messages.kind', '=', 'alarm')
      .where((eb) => eb.or([eb('messages.user_id', '=', userId), eb('messages.user_id', 'is', null)]));
    if (s.groupIds !== null)
      q = q.where('devices.group_id', 'in', s.groupIds.length ? [...s.groupIds] : [-1]);
    if (f.isRead !== undefined) q = q.where(f.isRead ? isRead : isUnread);
    if (f.urgency !== undefined) q = q.where('alarm_records.level', 'in', levelsOfUrgency[f.urgency] ?? [-1]);
    if (f.start !== undefined) q = q.where('messages.created_at', '>=', f.start);
    if (f.end !== undefined) q = q.where('messages.created_at', '<=', f.end);
    return q;
  }

  async messages(userId: number, s: RecordScope, f: AlarmMessageFilter, offset: number, limit: number) {
    const q = this.messagesOf(userId, s, f);
    const [rows, total] = await Promise.all([
      q
        .select([
          'messages.id',
          'messages.alarm_record_id as record_id',
          'messages.alarm_event as event',
          'messages.content',
          'messages.created_at',
          'alarm_records.device_id',
          'devices.name as device_name',
          'alarm_records.rule_name',
          'alarm_records.level',
          'alarm_records.state',
        ])
        .select(sql<number>`case when ${isRead} then 1 else 0 end`.as('is_read'))
        .orderBy('messages.created_at', 'desc')
        .orderBy('messages.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
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
