import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../index';

/**
 * A TAG allocation belongs to the hardware (its SN) in its team, not to one binding of it: the spec
 * makes allocation irreversible, yet unbinding deleted the device row and its allocations with it
 * (the team's pool got the TAGs back, a rebind started without them). Now an unbound device's
 * allocation stays, counted in the team's pool, with device_id null, and a rebind to the same team
 * takes it up again (billing's reattach, in the bind's transaction). SQLite cannot change a foreign
 * key, so there the table is rebuilt; PostgreSQL alters it in place.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`alter table billing_allocations add column sn varchar(64)`.execute(db);
    await sql`update billing_allocations a set sn = d.sn from devices d where d.id = a.device_id`.execute(db);
    await sql`alter table billing_allocations alter column sn set not null`.execute(db);
    await sql`alter table billing_allocations alter column device_id drop not null`.execute(db);
    await sql`alter table billing_allocations drop constraint billing_allocations_device_id_fkey`.execute(db);
    await sql`alter table billing_allocations add constraint billing_allocations_device_id_fkey
      foreign key (device_id) references devices (id) on delete set null`.execute(db);
  } else await rebuildOnSqlite(db, 'keepHeld');
  // A rebind finds the held allocations of its SN in its team.
  await db.schema
    .createIndex('billing_allocations_sn')
    .on('billing_allocations')
    .columns(['team_id', 'sn'])
    .execute();
}

/**
 * SQLite: the table again with the foreign key `mode` asks for (set null and an `sn` column, or
 * the old cascade without it; going back drops the allocations of unbound devices, as the old cascade
 * would have).
 */
async function rebuildOnSqlite(db: Kysely<unknown>, mode: 'keepHeld' | 'cascade'): Promise<void> {
  const keep = mode === 'keepHeld';
  await db.schema
    .createTable('billing_allocations_next')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('device_id', 'integer', (c) =>
      keep
        ? c.references('devices.id').onDelete('set null')
        : c.notNull().references('devices.id').onDelete('cascade'),
    )
    .$call((t) => (keep ? t.addColumn('sn', 'varchar(64)', (c) => c.notNull()) : t))
    .addColumn('tag_count', 'integer', (c) => c.notNull())
    .addColumn('frequency_min', 'integer', (c) => c.notNull())
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addCheckConstraint('billing_allocations_tags', sql`tag_count > 0`)
    .execute();
  const columns = sql.raw(
    'a.id, a.team_id, a.device_id, a.tag_count, a.frequency_min, a.starts_at, a.ends_at, a.created_by',
  );
  await (
    keep
      ? sql`insert into billing_allocations_next
        (id, team_id, device_id, tag_count, frequency_min, starts_at, ends_at, created_by, sn)
        select ${columns}, d.sn from billing_allocations a join devices d on d.id = a.device_id`
      : sql`insert into billing_allocations_next
        (id, team_id, device_id, tag_count, frequency_min, starts_at, ends_at, created_by)
        select ${columns} from billing_allocations a where a.device_id is not null`
  ).execute(db);
  await db.schema.dropTable('billing_allocations').execute();
  await sql`alter table billing_allocations_next rename to billing_allocations`.execute(db);
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
}

export async function down(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') return rebuildOnSqlite(db, 'cascade');
  await db.schema.dropIndex('billing_allocations_sn').execute();
  await sql`delete from billing_allocations where device_id is null`.execute(db);
  await sql`alter table billing_allocations drop constraint billing_allocations_device_id_fkey`.execute(db);
  await sql`alter table billing_allocations add constraint billing_allocations_device_id_fkey
    foreign key (device_id) references devices (id) on delete cascade`.execute(db);
  await sql`alter table billing_allocations alter column device_id set not null`.execute(db);
  await sql`alter table billing_allocations drop column sn`.execute(db);
}
