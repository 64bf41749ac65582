import type { Kysely } from 'kysely';
import type { Dialect } from '../index';

/**
 * The audit log (issue 15): append-only rows of who did what, when and from which address, per team.
 * Rows leave only by retention (AUDIT_RETENTION_DAYS) or with their team. Times are epoch seconds.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('at', 'bigint', (c) => c.notNull())
    // No foreign key: the record outlives the member (the name and account are kept beside it).
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('user_account', 'varchar(100)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('target', 'varchar(200)', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_team').on('audit_log').columns(['team_id', 'at']).execute();
  // Retention deletes by time over every team.
  await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
}
