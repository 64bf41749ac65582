import type { Kysely } from 'kysely';

/**
 * Issue 27, remote view over cellular links: `team_remote_settings` holds a team's idle minutes (a
 * session without input for that long ends as `idle`; 0: never). No row: the default
 * (`VNC_IDLE_DEFAULT_MINUTES`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('team_remote_settings')
    .addColumn('team_id', 'integer', (c) => c.primaryKey().references('teams.id').onDelete('cascade'))
    .addColumn('idle_minutes', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('team_remote_settings').ifExists().execute();
}
