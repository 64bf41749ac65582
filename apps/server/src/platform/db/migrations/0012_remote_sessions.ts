import type { Kysely } from 'kysely';

/**
 * Remote view sessions: one row per session from its opening to its end (who, device, mode, how it
 * ended, bytes). A session lives on one instance; `heartbeat_at` tells the others it is still open, so
 * a crashed instance's sessions stop counting (e.g. as the device's controlling session) within seconds.
 * Times are epoch seconds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('remote_sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('mode', 'varchar(8)', (c) => c.notNull())
    .addColumn('max_minutes', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('heartbeat_at', 'bigint', (c) => c.notNull())
    .addColumn('ended_at', 'bigint')
    .addColumn('reason', 'varchar(20)')
    .addColumn('bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('remote_sessions_device')
    .on('remote_sessions')
    .columns(['device_id', 'started_at'])
    .execute();
  await db.schema.createIndex('remote_sessions_open').on('remote_sessions').columns(['ended_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('remote_sessions').execute();
}
