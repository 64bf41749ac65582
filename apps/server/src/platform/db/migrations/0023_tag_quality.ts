import type { Kysely } from 'kysely';

/**
 * The quality of each device's TAGs (DESIGN.md "Field side", quality): a row holds the newest bad
 * sample's reason and time. The TAG is bad while that time is later than its latest good value's
 * (`tag_latest.ts`), so a good sample needs no write here and ingest of good values costs nothing
 * more; `tag_latest` keeps the last good value and its time. A table of its own rather than columns
 * of `tag_latest`: a TAG that was bad from its first sample has no value to put there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tag_quality')
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('tag', 'varchar(64)', (c) => c.notNull())
    .addColumn('reason', 'varchar(64)', (c) => c.notNull())
    .addColumn('ts', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('tag_quality_pk', ['device_id', 'tag'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tag_quality').ifExists().execute();
}
