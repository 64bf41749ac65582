import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../index';

/**
 * How many alarm records each device has in each team, kept by triggers on `alarm_records` in the
 * statement that changes them: every insert (the engine, imports), every delete (a device unbound
 * or a team removed cascade into the records; any retention) and the unlikely move of a record to
 * another device or team. The records page's total, unfiltered or by device or by a sub-account's
 * groups, sums these rows (one per device) instead of counting the records: 100,000 records of a
 * team took 1.7 ms to count on SQLite for every page (issue 16's API bench). Filters on the
 * records' own columns (time, level, state, rule, keyword) still count the records.
 *
 * Triggers rather than code in the repos: deletes come through foreign-key cascades that no code
 * sees. SQLite has only row triggers; PostgreSQL's statement triggers with transition tables add a
 * multi-row insert's rows per device once, taking the counter rows in one order.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  let table = db.schema
    .createTable('alarm_record_counts')
    .addColumn('team_id', 'integer', (c) => c.notNull())
    // The device's row goes with it; so does its count (its records go by their own cascade).
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('n', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('alarm_record_counts_pk', ['team_id', 'device_id']);
  // The team's rows side by side, read by the sum without a second lookup.
  if (dialect === 'sqlite') table = table.modifyEnd(sql`without rowid`);
  await table.execute();
  // For the cascade from a deleted device.
  await db.schema
    .createIndex('alarm_record_counts_device')
    .on('alarm_record_counts')
    .column('device_id')
    .execute();

  if (dialect === 'sqlite') await sqliteTriggers(db);
  else await postgresTriggers(db);

  await sql`
    insert into alarm_record_counts (team_id, device_id, n)
    select team_id, device_id, count(*) from alarm_records group by team_id, device_id
  `.execute(db);
}

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const add = `insert into alarm_record_counts (team_id, device_id, n) values (new.team_id, new.device_id, 1)
    on conflict (team_id, device_id) do update set n = n + 1;`;
  const remove = `update alarm_record_counts set n = n - 1
    where team_id = old.team_id and device_id = old.device_id;`;
  await sql
    .raw(`create trigger alarm_record_counts_insert after insert on alarm_records begin ${add} end`)
    .execute(db);
  await sql
    .raw(`create trigger alarm_record_counts_delete after delete on alarm_records begin ${remove} end`)
    .execute(db);
  await sql
    .raw(
      `create trigger alarm_record_counts_move after update of team_id, device_id on alarm_records
      when old.team_id <> new.team_id or old.device_id <> new.device_id begin ${remove} ${add} end`,
    )
    .execute(db);
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function alarm_record_counts_added() returns trigger language plpgsql as $$
    begin
      insert into alarm_record_counts (team_id, device_id, n)
      select team_id, device_id, count(*) from alarm_records_added
      group by team_id, device_id order by team_id, device_id
      on conflict (team_id, device_id) do update set n = alarm_record_counts.n + excluded.n;
      return null;
    end $$`.execute(db);
  await sql`
    create function alarm_record_counts_removed() returns trigger language plpgsql as $$
    begin
      update alarm_record_counts c set n = c.n - r.n
      from (
        select team_id, device_id, count(*) as n from alarm_records_removed
        group by team_id, device_id order by team_id, device_id
      ) r
      where c.team_id = r.team_id and c.device_id = r.device_id;
      return null;
    end $$`.execute(db);
  await sql`
    create function alarm_record_counts_moved() returns trigger language plpgsql as $$
    begin
      update alarm_record_counts set n = n - 1 where team_id = old.team_id and device_id = old.device_id;
      insert into alarm_record_counts (team_id, device_id, n) values (new.team_id, new.device_id, 1)
      on conflict (team_id, device_id) do update set n = alarm_record_counts.n + 1;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger alarm_record_counts_insert after insert on alarm_records
    referencing new table as alarm_records_added
    for each statement execute function alarm_record_counts_added()`.execute(db);
  await sql`
    create trigger alarm_record_counts_delete after delete on alarm_records
    referencing old table as alarm_records_removed
    for each statement execute function alarm_record_counts_removed()`.execute(db);
  await sql`
    create trigger alarm_record_counts_move after update of team_id, device_id on alarm_records
    for each row when (old.team_id <> new.team_id or old.device_id <> new.device_id)
    execute function alarm_record_counts_moved()`.execute(db);
}

export async function down(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  for (const t of ['insert', 'delete', 'move'])
    await sql`drop trigger if exists ${sql.raw(`alarm_record_counts_${t}`)}${sql.raw(
      dialect === 'postgres' ? ' on alarm_records' : '',
    )}`.execute(db);
  if (dialect === 'postgres')
    for (const f of ['added', 'removed', 'moved'])
      await sql`drop function if exists ${sql.raw(`alarm_record_counts_${f}`)}()`.execute(db);
  await db.schema.dropTable('alarm_record_counts').ifExists().execute();
}
