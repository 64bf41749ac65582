import type { Kysely } from 'kysely';

/**
 * Why an alarm record recovered when its condition did not clear (issue 25): its rule was disabled,
 * changed or deleted, or its device got another template. Null: the condition cleared. See the
 * alarms module's lifecycle (apps/server/README.md, "Alarm lifecycle").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('alarm_records').addColumn('recovery_reason', 'varchar(16)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('alarm_records').dropColumn('recovery_reason').execute();
}
