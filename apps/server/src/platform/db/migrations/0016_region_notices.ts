import type { Kysely } from 'kysely';
import type { Dialect } from '../index';

/**
 * The central account service's outbox of notices to the regions (issue 17): an account removed at
 * the centre is told to its region, which ends its sessions there. A row stays until the region has
 * taken it, so a region that is down when the account is removed is told once it is back. Times are
 * epoch seconds.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('region_notices')
    .addColumn('id', 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('data_center', 'varchar(8)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    // The account as the region knows it (the centre's own row no longer holds the name once removed).
    .addColumn('username', 'varchar(254)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('region_notices_next').on('region_notices').column('next_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('region_notices').execute();
}
