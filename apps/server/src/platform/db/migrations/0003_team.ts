import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../index';
import { tableWithId, teamColumn } from './frozen/tables';

/**
 * Team and access: invitations (join a team, hand the main account over), security zones with their
 * devices, groups and client networks, the zones each role lists, billing message types and the
 * per-user read state of team-wide messages.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = tableWithId(db, dialect);

  await id('invitations')
    .addColumn('team_id', 'integer', teamColumn)
    .addColumn('inviter_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('invitee_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The account as typed by the inviter (phone or mail), kept for the sent list.
    .addColumn('invitee_account', 'varchar(254)', (c) => c.notNull())
    .addColumn('role_id', 'integer', (c) => c.references('roles.id').onDelete('set null'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('answered_at', 'bigint')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('invitations_kind', sql`kind in ('invite', 'transfer')`)
    .addCheckConstraint(
      'invitations_status',
      sql`status in ('pending', 'accepted', 'rejected', 'cancelled', 'voided')`,
    )
    .execute();
  await db.schema
    .createIndex('invitations_invitee')
    .on('invitations')
    .columns(['invitee_user_id', 'status'])
    .execute();
  await db.schema.createIndex('invitations_team').on('invitations').columns(['team_id', 'status']).execute();
  await db.schema.createIndex('invitations_role').on('invitations').column('role_id').execute();

  await id('zones')
    .addColumn('team_id', 'integer', teamColumn)
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    // JSON array of canonical CIDR blocks; [] = any network.
    .addColumn('networks', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('zones_team_name').on('zones').columns(['team_id', 'name']).unique().execute();

  await db.schema
    .createTable('zone_devices')
    .addColumn('zone_id', 'integer', (c) => c.notNull().references('zones.id').onDelete('cascade'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('zone_devices_pk', ['zone_id', 'device_id'])
    .execute();
  await db.schema.createIndex('zone_devices_device').on('zone_devices').column('device_id').execute();

  await db.schema
    .createTable('zone_groups')
    .addColumn('zone_id', 'integer', (c) => c.notNull().references('zones.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('device_groups.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('zone_groups_pk', ['zone_id', 'group_id'])
    .execute();
  await db.schema.createIndex('zone_groups_group').on('zone_groups').column('group_id').execute();

  await db.schema
    .createTable('role_zones')
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    // No cascade: a zone listed by a role cannot be deleted.
    .addColumn('zone_id', 'integer', (c) => c.notNull().references('zones.id'))
    .addPrimaryKeyConstraint('role_zones_pk', ['role_id', 'zone_id'])
    .execute();
  await db.schema.createIndex('role_zones_zone').on('role_zones').column('zone_id').execute();

  // Billing message type (1-9) of billing messages; null for other kinds.
  await db.schema.alterTable('messages').addColumn('type', 'integer').execute();

  // Read state of team-wide messages (user_id null), per reader; personal ones use messages.is_read.
  await db.schema
    .createTable('message_reads')
    .addColumn('message_id', 'integer', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('read_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_reads_pk', ['message_id', 'user_id'])
    .execute();
  await db.schema.createIndex('message_reads_user').on('message_reads').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['message_reads', 'role_zones', 'zone_groups', 'zone_devices', 'zones', 'invitations'])
    await db.schema.dropTable(t).ifExists().execute();
  await db.schema.alterTable('messages').dropColumn('type').execute();
}
