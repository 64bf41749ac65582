import { sql, type Kysely } from 'kysely';

/**
 * A Remote Access card allocated to a device stays allocated to that hardware (its SN) in its team:
 * unbinding set the card's device_id null, which made it a team card any device consumed and any
 * device could be given. `device_sn` keeps whom it belongs to; `allocated_at` (set once) is what says
 * it is allocated; a rebind to the team takes it up again (like TAG allocations, migration 0020).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('billing_cards').addColumn('device_sn', 'varchar(64)').execute();
  await sql`update billing_cards set device_sn = (select sn from devices where devices.id = billing_cards.device_id)
    where device_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('billing_cards').dropColumn('device_sn').execute();
}
