import type { Kysely } from 'kysely';

/**
 * The device list's order (newest first, `id desc`) within a team. Without it the list read every
 * device of the team through `devices_team_name` and sorted them for each page (issue 16's API
 * bench: a team of 1,000 devices).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('devices_team_id').on('devices').columns(['team_id', 'id']).execute();
}
