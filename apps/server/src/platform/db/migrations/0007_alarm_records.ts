import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../index';

/**
 * Alarm records (one per raised alarm of a rule on a device), the members' alarm mail subscriptions,
 * the escalation mails already sent, and the link of an alarm message (kind `alarm` in `messages`)
 * to its record and event. Times are epoch seconds.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('alarm_records')
    .addColumn('id', 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    // An unbound device takes its alarm history with it (as its TAG history).
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('template_id', 'integer', (c) => c.notNull())
    // A deleted rule leaves its records in the history, without the link.
    .addColumn('rule_id', 'integer', (c) => c.references('alarm_rules.id').onDelete('set null'))
    .addColumn('rule_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('condition', 'integer', (c) => c.notNull())
    .addColumn('tag_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('recovery_value', 'text')
    .addColumn('content', 'varchar(200)', (c) => c.notNull())
    .addColumn('state', 'integer', (c) => c.notNull())
    .addColumn('alarm_at', 'bigint', (c) => c.notNull())
    // Server time of the raise (alarm_at is the device's sample time): escalation counts from it.
    .addColumn('raised_at', 'bigint', (c) => c.notNull())
    .addColumn('response_at', 'bigint')
    .addColumn('recovery_at', 'bigint')
    .addColumn('responder_id', 'integer')
    .addColumn('responder_name', 'varchar(100)')
    .addCheckConstraint('alarm_records_state', sql`state in (1, 2, 4)`)
    .execute();
  // At most one unrecovered record per rule and device, even with several instances ingesting.
  await db.schema
    .createIndex('alarm_records_active')
    .on('alarm_records')
    .columns(['rule_id', 'device_id'])
    .unique()
    .where(sql.ref('recovery_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('alarm_records_team')
    .on('alarm_records')
    .columns(['team_id', 'alarm_at'])
    .execute();
  await db.schema
    .createIndex('alarm_records_device')
    .on('alarm_records')
    .columns(['device_id', 'alarm_at'])
    .execute();
  await db.schema.createIndex('alarm_records_rule').on('alarm_records').column('rule_id').execute();

  await db.schema
    .createTable('alarm_subscriptions')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('mail', 'integer', (c) => c.notNull())
    .addColumn('min_level', 'integer', (c) => c.notNull())
    .addColumn('escalation', 'integer', (c) => c.notNull())
    .addColumn('escalate_after_minutes', 'integer', (c) => c.notNull())
    .addColumn('locale', 'varchar(8)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  // Sent escalations: one per record and subscriber, kept across restarts.
  await db.schema
    .createTable('alarm_escalations')
    .addColumn('record_id', 'integer', (c) => c.notNull().references('alarm_records.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('alarm_escalations_pk', ['record_id', 'user_id'])
    .execute();

  // Alarm messages go away with their record (device unbound) so unread counts never point at nothing.
  await db.schema
    .alterTable('messages')
    .addColumn('alarm_record_id', 'integer', (c) => c.references('alarm_records.id').onDelete('cascade'))
    .execute();
  await db.schema.alterTable('messages').addColumn('alarm_event', 'varchar(16)').execute();
  await db.schema.createIndex('messages_alarm_record').on('messages').column('alarm_record_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('messages_alarm_record').ifExists().execute();
  await db.schema.alterTable('messages').dropColumn('alarm_event').execute();
  await db.schema.alterTable('messages').dropColumn('alarm_record_id').execute();
  for (const t of ['alarm_escalations', 'alarm_subscriptions', 'alarm_records'])
    await db.schema.dropTable(t).ifExists().execute();
}
