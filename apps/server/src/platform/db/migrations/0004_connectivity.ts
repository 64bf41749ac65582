import { type Kysely } from 'kysely';
import type { Dialect } from '../index';

/**
 * Device connectivity: latest TAG values, TAG history, the per-device ingest cursor (redelivered
 * batches are recognised by sequence number) and commands sent to devices. Values are keyed by TAG
 * name, since a template's TAG rows are replaced (new ids) on every edit. Times are epoch ms.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // Revoked hardware (admin `device:revoke`) may no longer connect; its live connection is dropped.
  await db.schema.alterTable('hardware').addColumn('revoked_at', 'bigint').execute();

  await db.schema
    .createTable('tag_latest')
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('tag', 'varchar(64)', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('ts', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('tag_latest_pk', ['device_id', 'tag'])
    .execute();

  await db.schema
    .createTable('tag_history')
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('tag', 'varchar(64)', (c) => c.notNull())
    .addColumn('ts', 'bigint', (c) => c.notNull())
    .addColumn('num', dialect === 'postgres' ? 'double precision' : 'real')
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('tag_history_device_tag_ts')
    .on('tag_history')
    .columns(['device_id', 'tag', 'ts'])
    .execute();
  await db.schema.createIndex('tag_history_ts').on('tag_history').column('ts').execute();

  // Anti-replay window per hardware SN: highest sequence seen and a 64-bit bitmap (hex) of the 64
  // numbers below it. Survives restarts; shared by every server instance.
  await db.schema
    .createTable('ingest_cursor')
    .addColumn('sn', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('high_seq', 'bigint', (c) => c.notNull())
    .addColumn('window', 'varchar(16)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('device_commands')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('tag', 'varchar(64)')
    .addColumn('value', 'text')
    .addColumn('config_version', 'integer')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('error', 'varchar(200)')
    .addColumn('user_id', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('device_commands_device')
    .on('device_commands')
    .columns(['device_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['device_commands', 'ingest_cursor', 'tag_history', 'tag_latest'])
    await db.schema.dropTable(t).ifExists().execute();
  await db.schema.alterTable('hardware').dropColumn('revoked_at').execute();
}
