import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../index';
import { tableWithId, teamColumn } from './frozen/tables';

/**
 * The device registry: hardware (registered by the operator), device groups, devices bound to teams,
 * labels, favourites, templates with their TAG tables, projects and sub-account data permissions.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = tableWithId(db, dialect);

  await id('hardware')
    .addColumn('sn', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('pin_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('model', 'varchar(64)', (c) => c.notNull())
    .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await id('device_groups')
    .addColumn('team_id', 'integer', teamColumn)
    .addColumn('parent_id', 'integer')
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('device_groups_team_name')
    .on('device_groups')
    .columns(['team_id', 'name'])
    .unique()
    .execute();

  await id('templates')
    .addColumn('team_id', 'integer', teamColumn)
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('hmi_model', 'varchar(64)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('firmware', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('recipe', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('templates_team_name')
    .on('templates')
    .columns(['team_id', 'name'])
    .unique()
    .execute();

  await id('template_tags')
    .addColumn('template_id', 'integer', (c) => c.notNull().references('templates.id').onDelete('cascade'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('data_type', 'integer', (c) => c.notNull())
    .addColumn('access', 'integer', (c) => c.notNull())
    .addColumn('address_type', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('scan_time_ms', 'integer', (c) => c.notNull())
    .addColumn('save_history', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('default_value', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addCheckConstraint('template_tags_data_type', sql`data_type between 0 and 9`)
    .addCheckConstraint('template_tags_access', sql`access in (0, 1, 2)`)
    .addCheckConstraint('template_tags_scan_time', sql`scan_time_ms > 0`)
    .execute();
  await db.schema
    .createIndex('template_tags_template_name')
    .on('template_tags')
    .columns(['template_id', 'name'])
    .unique()
    .execute();

  await id('devices')
    .addColumn('team_id', 'integer', teamColumn)
    // One binding per piece of hardware: unbinding deletes the row and frees the SN.
    .addColumn('sn', 'varchar(64)', (c) => c.notNull().unique().references('hardware.sn'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('model', 'varchar(64)', (c) => c.notNull())
    .addColumn('group_id', 'integer', (c) => c.references('device_groups.id'))
    .addColumn('template_id', 'integer', (c) => c.references('templates.id'))
    .addColumn('address', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('hmi_sn', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('gateway_sn', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('customer_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('online', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_online_change', 'bigint')
    // Template version the HMI runs (reported by the device); sync status compares it with the
    // template's version in the cloud.
    .addColumn('hmi_version', 'integer')
    .addColumn('config_created_at', 'bigint')
    .addColumn('config_modified_at', 'bigint')
    .addColumn('traffic_switch', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('devices_online', sql`online in (0, 1)`)
    .execute();
  await db.schema
    .createIndex('devices_team_name')
    .on('devices')
    .columns(['team_id', 'name'])
    .unique()
    .execute();
  await db.schema.createIndex('devices_group').on('devices').column('group_id').execute();
  await db.schema.createIndex('devices_template').on('devices').column('template_id').execute();

  await id('labels')
    .addColumn('team_id', 'integer', teamColumn)
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('labels_team_name')
    .on('labels')
    .columns(['team_id', 'name'])
    .unique()
    .execute();

  await db.schema
    .createTable('device_labels')
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('label_id', 'integer', (c) => c.notNull().references('labels.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('device_labels_pk', ['device_id', 'label_id'])
    .execute();
  await db.schema.createIndex('device_labels_label').on('device_labels').column('label_id').execute();

  await db.schema
    .createTable('favourites')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('favourites_pk', ['user_id', 'device_id'])
    .execute();
  await db.schema.createIndex('favourites_device').on('favourites').column('device_id').execute();

  await id('projects')
    .addColumn('team_id', 'integer', teamColumn)
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('projects_team_name')
    .on('projects')
    .columns(['team_id', 'name'])
    .unique()
    .execute();

  await db.schema
    .createTable('project_devices')
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    // No cascade: a device a project uses cannot be unbinded (1091).
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id'))
    .addPrimaryKeyConstraint('project_devices_pk', ['project_id', 'device_id'])
    .execute();
  await db.schema.createIndex('project_devices_device').on('project_devices').column('device_id').execute();

  await db.schema
    .createTable('data_permissions')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('object_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('data_permissions_pk', ['user_id', 'kind', 'object_id'])
    .addCheckConstraint('data_permissions_kind', sql`kind in ('group', 'template', 'project')`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'data_permissions',
    'project_devices',
    'projects',
    'favourites',
    'device_labels',
    'labels',
    'devices',
    'template_tags',
    'templates',
    'device_groups',
    'hardware',
  ])
    await db.schema.dropTable(t).ifExists().execute();
}
