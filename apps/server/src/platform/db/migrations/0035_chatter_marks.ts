import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../index';
import * as alarmKpi from './0027_alarm_kpi';

/**
 * One definition of chattering (issue 26): the engine's, ALARM_CHATTER_RAISES raises of the same rule
 * on the same device within ALARM_CHATTER_WINDOW_S of sample time, marked on the record as
 * `alarm_records.chattering` (migration 0025). The performance page counted its own (three raises
 * within M minutes, from `second_prior_at` kept by a trigger, migration 0027), so the two disagreed;
 * it now counts the marked records. The trigger and its column go; the page's index reads the mark
 * instead, so its figures stay one pass over an index.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`drop trigger if exists alarm_records_second_prior on alarm_records`.execute(db);
    await sql`drop function if exists alarm_records_second_prior()`.execute(db);
  } else await sql`drop trigger if exists alarm_records_second_prior`.execute(db);
  await sql`drop index if exists alarm_records_kpi`.execute(db);
  await db.schema.alterTable('alarm_records').dropColumn('second_prior_at').execute();
  await sql`create index alarm_records_kpi on alarm_records
    (team_id, device_id, rule_id, template_id, alarm_at, level, raised_at, response_at, recovery_at, chattering)`.execute(
    db,
  );
}

/** Back to 0027's column, trigger and indexes, the column filled for the records there (its `up`). */
export async function down(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // 0027's `down` drops the column with its indexes, so it has to be there first.
  await db.schema.alterTable('alarm_records').addColumn('second_prior_at', 'bigint').execute();
  await alarmKpi.down(db, dialect);
  await alarmKpi.up(db, dialect);
}
