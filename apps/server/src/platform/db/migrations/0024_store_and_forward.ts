import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../index';

/**
 * Issue 24, store and forward and field diagnostics:
 * - `ingest_cursor.window` holds, after a gateway's first late batch, the window of late (replayed)
 *   sequence numbers too (connectivity/window.ts): longer than the 16 hex digits it had.
 * - `alarm_records.late`: 1 for a record a late batch implied (raised with the sample's original
 *   time, not notified as new).
 * - `device_field`: per device, the gateway's latest field report (JSON, at most what the contract's
 *   fieldReportV1 allows), when it came, the agent version its state last named, and the protocol
 *   version of the last message refused for it (and when).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // SQLite does not enforce varchar lengths.
  if (dialect === 'postgres')
    await sql`alter table ingest_cursor alter column "window" type varchar(320)`.execute(db);
  await db.schema
    .alterTable('alarm_records')
    .addColumn('late', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('device_field')
    .addColumn('device_id', 'integer', (c) => c.primaryKey().references('devices.id').onDelete('cascade'))
    .addColumn('agent_version', 'varchar(64)')
    .addColumn('report', 'text')
    .addColumn('reported_at', 'bigint')
    .addColumn('refused_version', 'integer')
    .addColumn('refused_at', 'bigint')
    .execute();
}

export async function down(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema.dropTable('device_field').ifExists().execute();
  await db.schema.alterTable('alarm_records').dropColumn('late').execute();
  if (dialect === 'postgres')
    await sql`alter table ingest_cursor alter column "window" type varchar(16) using left("window", 16)`.execute(
      db,
    );
}
