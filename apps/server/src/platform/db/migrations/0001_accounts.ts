import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../index';
import { tableWithId } from './frozen/tables';

/** Teams, users, roles, tokens, verification codes, activation tokens and messages. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = tableWithId(db, dialect);

  await id('teams')
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await id('roles')
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('permissions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('roles_team_name').on('roles').columns(['team_id', 'name']).unique().execute();

  await id('users')
    .addColumn('username', 'varchar(254)', (c) => c.notNull())
    .addColumn('username_key', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(254)')
    .addColumn('phone', 'varchar(32)')
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('alias_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('contact', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('data_center', 'varchar(8)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('is_main', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id'))
    .addColumn('role_id', 'integer', (c) => c.references('roles.id').onDelete('set null'))
    .addColumn('template_max_num', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('removed_at', 'bigint')
    .addCheckConstraint('users_status', sql`status in ('pending', 'active')`)
    .execute();
  await db.schema.createIndex('users_team').on('users').column('team_id').execute();

  await id('refresh_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('family_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('rotated_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute();
  await db.schema.createIndex('refresh_tokens_user').on('refresh_tokens').column('user_id').execute();

  await id('verification_codes')
    .addColumn('target', 'varchar(254)', (c) => c.notNull())
    .addColumn('scene', 'varchar(16)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('verification_codes_target')
    .on('verification_codes')
    .columns(['target', 'scene'])
    .execute();

  await id('activation_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('activation_tokens_user').on('activation_tokens').column('user_id').execute();

  await id('messages')
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('messages_kind', sql`kind in ('notice', 'billing', 'alarm')`)
    .execute();
  await db.schema.createIndex('messages_team_user').on('messages').columns(['team_id', 'user_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'messages',
    'activation_tokens',
    'verification_codes',
    'refresh_tokens',
    'users',
    'roles',
    'teams',
  ])
    await db.schema.dropTable(t).ifExists().execute();
}
