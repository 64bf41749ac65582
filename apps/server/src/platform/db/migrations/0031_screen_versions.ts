import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../index';

/**
 * Issue 29, the screen editor: every saved document of a screen is a version.
 * - `screens.version`: the number of the document the row holds, moved on by each save; a save
 *   naming an older one is refused (1210), so two editors never overwrite each other unknowingly.
 * - `screen_versions`: the documents saved, newest kept (the service prunes the oldest beyond the
 *   contract's SCREEN_VERSIONS_MAX); restoring one saves it again as a new version.
 * Existing screens start at version 1 with their current document as that version.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('screens')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable('screen_versions')
    .addColumn('screen_id', 'integer', (c) => c.notNull().references('screens.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('widget_count', 'integer', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('saved_by', 'integer')
    .addColumn('saved_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('screen_versions_pk', ['screen_id', 'version'])
    .execute();
  await sql`insert into screen_versions (screen_id, version, name, width, height, widget_count, document, saved_by, saved_at)
    select id, 1, name, width, height, widget_count, document, null, updated_at from screens`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('screen_versions').execute();
  await db.schema.alterTable('screens').dropColumn('version').execute();
}
