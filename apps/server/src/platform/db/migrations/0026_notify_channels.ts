import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../index';

/**
 * Issue 26, notification channels:
 * - `alarm_subscriptions.sms`: 1 when raised alarms of the subscriber's level reach their phone too.
 * - `webhooks`: team-level HTTPS endpoints told of raised alarms (signing secret kept to sign with).
 * - `webhook_deliveries`: each delivery with its body, state, attempts, next retry and last answer;
 *   pending rows survive a restart and are retried by whichever instance picks them up.
 */
const id = (dialect: Dialect) => (c: ColumnDefinitionBuilder) =>
  dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('alarm_subscriptions')
    .addColumn('sms', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('webhooks')
    .addColumn('id', 'integer', id(dialect))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('url', 'varchar(2048)', (c) => c.notNull())
    .addColumn('secret', 'varchar(64)', (c) => c.notNull())
    .addColumn('min_level', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhooks_team').on('webhooks').column('team_id').execute();
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'integer', id(dialect))
    .addColumn('webhook_id', 'integer', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('event', 'varchar(16)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('http_status', 'integer')
    .addColumn('answer', 'varchar(600)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('attempted_at', 'bigint')
    .addColumn('next_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .columns(['status', 'next_at'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_log')
    .on('webhook_deliveries')
    .columns(['webhook_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').ifExists().execute();
  await db.schema.dropTable('webhooks').ifExists().execute();
  await db.schema.alterTable('alarm_subscriptions').dropColumn('sms').execute();
}
