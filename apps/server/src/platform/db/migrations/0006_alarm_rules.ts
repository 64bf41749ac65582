import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../index';
import { tableWithId, teamColumn } from './frozen/tables';

/**
 * Alarm groups and alarm rules of a template. A rule names its TAG by id (`tag_id`, a row of
 * template_tags; kept valid when the TAG table is replaced) and stores its condition in the form of
 * `@hmi/contract` alarms/condition (`condition_content`, e.g. `{12} > 80`). Deleting a template
 * deletes its groups and rules; deleting a group leaves its rules without a group.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const table = tableWithId(db, dialect);
  const id = (name: string) =>
    table(name)
      .addColumn('team_id', 'integer', teamColumn)
      .addColumn('template_id', 'integer', (c) => c.notNull().references('templates.id').onDelete('cascade'));

  await id('alarm_groups')
    .addColumn('name', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('alarm_groups_template_name')
    .on('alarm_groups')
    .columns(['template_id', 'name'])
    .unique()
    .execute();

  await id('alarm_rules')
    .addColumn('group_id', 'integer', (c) => c.references('alarm_groups.id').onDelete('set null'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('condition', 'integer', (c) => c.notNull())
    .addColumn('tag_id', 'integer', (c) => c.notNull())
    .addColumn('alarm_value', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('target', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('deviation', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('condition_content', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('deadband', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('on_delay_s', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('alarm_rules_level', sql`level in (1, 2, 4, 8, 16)`)
    .addCheckConstraint('alarm_rules_type', sql`type in ('limit', 'deviation', 'onoff')`)
    .addCheckConstraint('alarm_rules_enabled', sql`enabled in (0, 1)`)
    .addCheckConstraint('alarm_rules_on_delay', sql`on_delay_s >= 0`)
    .execute();
  await db.schema
    .createIndex('alarm_rules_template_name')
    .on('alarm_rules')
    .columns(['template_id', 'name'])
    .unique()
    .execute();
  await db.schema.createIndex('alarm_rules_template').on('alarm_rules').column('template_id').execute();
  await db.schema.createIndex('alarm_rules_group').on('alarm_rules').column('group_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('alarm_rules').execute();
  await db.schema.dropTable('alarm_groups').execute();
}
