import type { Kysely } from 'kysely';

/**
 * Issue 28, engineering pass-through sessions: one row per session from its opening to its end (who,
 * device, target name, how it ended, bytes both ways). As with the remote view's sessions, a session
 * lives on one instance and `heartbeat_at` says it is still open; `bytes` is brought up to date at
 * each heartbeat so the console shows an open session's traffic. Times are epoch seconds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('passthrough_sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('target', 'varchar(32)', (c) => c.notNull())
    .addColumn('max_minutes', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('heartbeat_at', 'bigint', (c) => c.notNull())
    .addColumn('ended_at', 'bigint')
    .addColumn('reason', 'varchar(20)')
    .addColumn('bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('passthrough_sessions_device')
    .on('passthrough_sessions')
    .columns(['device_id', 'started_at'])
    .execute();
  await db.schema
    .createIndex('passthrough_sessions_open')
    .on('passthrough_sessions')
    .columns(['team_id', 'ended_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('passthrough_sessions').execute();
}
