import { sql, type Kysely } from 'kysely';

/**
 * Issue 26, alarm operations:
 * - `alarm_records.kind`: 'rule' (a rule's condition) or 'offline' (the device stayed offline longer
 *   than its template allows; no rule, at most one active per device: `alarm_records_offline_active`).
 * - `alarm_records.chattering`: 1 when the same alarm was raised N times in M minutes (engine/chatter.ts).
 * - `alarm_records.shelved_until/shelve_reason/shelved_by`: an operator shelved it (hidden from the
 *   active views and not notified until then); a new raise of the same alarm during the shelf keeps it.
 * - `alarm_records.note/note_by`: the note written with the acknowledgement and who wrote it.
 * - `alarm_rules.oos_until/oos_reason`, `devices.oos_until/oos_reason`: out of service (no alarms) until.
 * - `templates.offline_alarm_minutes/offline_alarm_level`: 0 off, else the minutes offline that raise
 *   an offline alarm of that level.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('alarm_records')
    .addColumn('kind', 'varchar(8)', (c) => c.notNull().defaultTo('rule'))
    .execute();
  await db.schema
    .alterTable('alarm_records')
    .addColumn('chattering', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('alarm_records').addColumn('shelved_until', 'bigint').execute();
  await db.schema.alterTable('alarm_records').addColumn('shelve_reason', 'varchar(200)').execute();
  await db.schema.alterTable('alarm_records').addColumn('shelved_by', 'varchar(100)').execute();
  await db.schema.alterTable('alarm_records').addColumn('note', 'varchar(500)').execute();
  await db.schema.alterTable('alarm_records').addColumn('note_by', 'varchar(100)').execute();
  await sql`create unique index alarm_records_offline_active on alarm_records (device_id) where kind = 'offline' and recovery_at is null`.execute(
    db,
  );
  for (const table of ['alarm_rules', 'devices']) {
    await db.schema.alterTable(table).addColumn('oos_until', 'bigint').execute();
    await db.schema.alterTable(table).addColumn('oos_reason', 'varchar(200)').execute();
  }
  await db.schema
    .alterTable('templates')
    .addColumn('offline_alarm_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('templates')
    .addColumn('offline_alarm_level', 'integer', (c) => c.notNull().defaultTo(8))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('templates').dropColumn('offline_alarm_level').execute();
  await db.schema.alterTable('templates').dropColumn('offline_alarm_minutes').execute();
  for (const table of ['devices', 'alarm_rules']) {
    await db.schema.alterTable(table).dropColumn('oos_reason').execute();
    await db.schema.alterTable(table).dropColumn('oos_until').execute();
  }
  await sql`drop index alarm_records_offline_active`.execute(db);
  for (const c of ['note_by', 'note', 'shelved_by', 'shelve_reason', 'shelved_until', 'chattering', 'kind'])
    await db.schema.alterTable('alarm_records').dropColumn(c).execute();
}
