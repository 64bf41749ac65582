import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../index';

/**
 * Configuration screens: one row per screen of a template (one device) or of a project (several
 * devices), the document as JSON text; deleting the template or project deletes its screens.
 * `screen_devices` lists the devices a project screen binds, without cascade from `devices`, so a
 * bound device cannot be unbound (1091) and the projects module asks before a member leaves.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('screens')
    .addColumn('id', 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('template_id', 'integer', (c) => c.references('templates.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (c) => c.references('projects.id').onDelete('cascade'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('widget_count', 'integer', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('screens_owner', sql`(template_id is null) <> (project_id is null)`)
    .execute();
  await db.schema.createIndex('screens_template').on('screens').columns(['template_id', 'sort']).execute();
  await db.schema.createIndex('screens_project').on('screens').columns(['project_id', 'sort']).execute();

  await db.schema
    .createTable('screen_devices')
    .addColumn('screen_id', 'integer', (c) => c.notNull().references('screens.id').onDelete('cascade'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id'))
    .addPrimaryKeyConstraint('screen_devices_pk', ['screen_id', 'device_id'])
    .execute();
  await db.schema.createIndex('screen_devices_device').on('screen_devices').column('device_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('screen_devices').execute();
  await db.schema.dropTable('screens').execute();
}
