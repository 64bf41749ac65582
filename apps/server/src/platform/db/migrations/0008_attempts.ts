import { type Kysely } from 'kysely';

/**
 * Failed attempts counted for brute-force protection (wrong passwords per account and address,
 * wrong PINs per SN). In the database, not in process memory, so every server instance behind a
 * load balancer counts the same attempts and a restart forgets none. Times are epoch ms.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('attempts')
    .addColumn('scope', 'varchar(32)', (c) => c.notNull())
    .addColumn('key', 'varchar(255)', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('attempts_scope_key_at')
    .on('attempts')
    .columns(['scope', 'key', 'at'])
    .execute();
}
