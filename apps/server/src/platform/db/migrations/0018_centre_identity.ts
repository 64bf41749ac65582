import type { Kysely } from 'kysely';

/**
 * Which central account a region's row is (issue 25): `users.centre_id` is the centre's id of the
 * account (ROLE=region; null elsewhere and on rows mirrored before this migration). An address removed
 * at the centre and registered again is a new central account with a new id, so a region that was
 * not told of the removal yet never hands the old row (name, team, groups) to the new account.
 * The centre's notices name the account by that id too, and a password notice names the session the
 * changer keeps.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('centre_id', 'integer').execute();
  await db.schema.alterTable('region_notices').addColumn('account_id', 'integer').execute();
  await db.schema.alterTable('region_notices').addColumn('keep_session', 'varchar(64)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('region_notices').dropColumn('keep_session').execute();
  await db.schema.alterTable('region_notices').dropColumn('account_id').execute();
  await db.schema.alterTable('users').dropColumn('centre_id').execute();
}
