import { type Kysely } from 'kysely';

/**
 * Billing messages carry their variable parts (team, inviter, role...) as JSON so the web can word
 * them in the reader's locale. Rows written before keep null and are shown with their stored text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('params', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('params').execute();
}
