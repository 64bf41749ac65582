import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../index';

/**
 * Billing: prepaid cards (Cloud Application: TAGs and templates; Remote Access: traffic), TAG
 * allocations per device, the traffic ledger, the per-device traffic switch, sent reminders and the
 * templates and projects billing has put out of service. Times are epoch seconds; sizes in bytes.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const withId = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('id', 'integer', (c) =>
        dialect === 'postgres'
          ? c.primaryKey().generatedByDefaultAsIdentity()
          : c.primaryKey().autoIncrement(),
      );

  // A card belongs to no team until activated; activation sets team_id with `where team_id is null`.
  await withId('billing_cards')
    .addColumn('number', 'varchar(16)', (c) => c.notNull().unique())
    // Activation names a card by the last 8 characters of its number, so they are unique too.
    .addColumn('number_tail', 'varchar(8)', (c) => c.notNull().unique())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
    .addColumn('tag_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('template_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('traffic_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('used_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('batch', 'varchar(32)', (c) => c.notNull())
    .addColumn('activation_deadline', 'bigint', (c) => c.notNull())
    .addColumn('team_id', 'integer', (c) => c.references('teams.id').onDelete('set null'))
    .addColumn('activated_by', 'integer')
    .addColumn('activated_at', 'bigint')
    .addColumn('expires_at', 'bigint')
    .addColumn('device_id', 'integer', (c) => c.references('devices.id').onDelete('set null'))
    .addColumn('allocated_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('billing_cards_type', sql`type in (1, 2)`)
    .addCheckConstraint('billing_cards_used', sql`used_bytes >= 0 and used_bytes <= traffic_bytes`)
    .execute();
  await db.schema
    .createIndex('billing_cards_team')
    .on('billing_cards')
    .columns(['team_id', 'type'])
    .execute();

  await withId('billing_allocations')
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('tag_count', 'integer', (c) => c.notNull())
    .addColumn('frequency_min', 'integer', (c) => c.notNull())
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addCheckConstraint('billing_allocations_tags', sql`tag_count > 0`)
    .execute();
  await db.schema
    .createIndex('billing_allocations_device')
    .on('billing_allocations')
    .columns(['device_id', 'ends_at'])
    .execute();
  await db.schema
    .createIndex('billing_allocations_team')
    .on('billing_allocations')
    .columns(['team_id', 'ends_at'])
    .execute();

  // One row per team, updated first in every allocation so concurrent allocations queue on it.
  await db.schema
    .createTable('billing_accounts')
    .addColumn('team_id', 'integer', (c) => c.primaryKey().references('teams.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // Device ledger per UTC month ('YYYY-MM'), and per card, device and month for the billing detail.
  await db.schema
    .createTable('traffic_usage')
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('month', 'varchar(7)', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('traffic_usage_pk', ['device_id', 'month'])
    .execute();
  await db.schema
    .createIndex('traffic_usage_team')
    .on('traffic_usage')
    .columns(['team_id', 'month'])
    .execute();
  await db.schema
    .createTable('billing_charges')
    .addColumn('card_id', 'integer', (c) => c.notNull().references('billing_cards.id').onDelete('cascade'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('month', 'varchar(7)', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('billing_charges_pk', ['card_id', 'device_id', 'month'])
    .execute();

  await db.schema
    .createTable('traffic_switches')
    .addColumn('device_id', 'integer', (c) => c.primaryKey().references('devices.id').onDelete('cascade'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('on_month', 'varchar(7)')
    .addColumn('off_month', 'varchar(7)')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('billing_notices')
    .addColumn('subject', 'varchar(64)', (c) => c.notNull())
    .addColumn('kind', 'integer', (c) => c.notNull())
    .addColumn('threshold', 'integer', (c) => c.notNull())
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('billing_notices_pk', ['subject', 'kind', 'threshold'])
    .execute();

  await db.schema
    .createTable('billing_lapses')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('object_id', 'integer', (c) => c.notNull())
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('expired_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('billing_lapses_pk', ['kind', 'object_id'])
    .addCheckConstraint('billing_lapses_kind', sql`kind in ('template', 'project')`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'billing_lapses',
    'billing_notices',
    'traffic_switches',
    'billing_charges',
    'traffic_usage',
    'billing_accounts',
    'billing_allocations',
    'billing_cards',
  ])
    await db.schema.dropTable(table).execute();
}
