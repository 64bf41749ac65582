import { sql, type Kysely } from 'kysely';

/**
 * When an account joined its current team (`users.joined_at`, epoch seconds): the member list showed
 * the registration time as the join time. Set at registration (its own team), on accepting an
 * invitation and on being removed (a new team of its own). Existing accounts: the answer of the
 * accepted invitation into their current team, else their registration (they never moved).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('joined_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    update users set joined_at = coalesce(
      (select max(i.answered_at) from invitations i
        where i.invitee_user_id = users.id and i.team_id = users.team_id
          and i.kind = 'invite' and i.status = 'accepted'),
      users.created_at)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('joined_at').execute();
}
