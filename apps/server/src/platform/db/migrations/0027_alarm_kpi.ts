import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../index';

/**
 * What the alarm performance page (issue 26) reads, so that a year of 1,000,000 records answers in
 * well under a second on SQLite and PostgreSQL:
 *
 * - `second_prior_at`: the alarm time of the raise two before this one of the same rule on the same
 *   device (null for the first two, and for records of deleted rules). A record is chattering when
 *   it is within M minutes of it (three raises in M minutes). Kept by a trigger at insert, because
 *   finding it at read time is a window function over every record ordered by rule and device
 *   (3 s for 1 M records on SQLite, the page's whole budget three times over). A late record
 *   inserted before later ones leaves theirs as they were.
 * - `alarm_records_kpi`: every column the per-rule-and-device figures read, in the order they group
 *   by, so they are one pass over an index without a sort.
 * - `alarm_records_kpi_windows`: the ten-minute window of the alarm time, so the flood and the
 *   series count windows in index order without a sort.
 * - `alarm_records_kpi_active`: the few records still active, so the oldest (stale) are found without
 *   reading the recovered ones.
 */
// Ordered by the alarm time alone, so that it reads two entries of alarm_records_kpi backwards: with
// the id as well, a rule raised 100,000 times on a device sorted all of them at every insert.
// Raises of the same second tie, and any of them gives the same time.
const PRIOR = `select p.alarm_at from alarm_records p
  where p.team_id = n.team_id and p.device_id = n.device_id and p.rule_id = n.rule_id
    and p.template_id = n.template_id and p.id <> n.id and p.alarm_at <= n.alarm_at
  order by p.alarm_at desc limit 1 offset 1`;

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema.alterTable('alarm_records').addColumn('second_prior_at', 'bigint').execute();
  await sql`create index alarm_records_kpi on alarm_records
    (team_id, device_id, rule_id, template_id, alarm_at, level, raised_at, response_at, recovery_at, second_prior_at)`.execute(
    db,
  );
  await sql`create index alarm_records_kpi_windows on alarm_records
    (team_id, (alarm_at / 600), alarm_at, device_id, template_id)`.execute(db);
  await sql`create index alarm_records_kpi_active on alarm_records (team_id, alarm_at)
    where recovery_at is null`.execute(db);
  // Records already there, each against the ones before it.
  await sql
    .raw(
      `update alarm_records set second_prior_at = (${PRIOR.replaceAll('n.', 'alarm_records.')})
      where rule_id is not null`,
    )
    .execute(db);
  if (dialect === 'sqlite')
    await sql
      .raw(
        `create trigger alarm_records_second_prior after insert on alarm_records
        when new.rule_id is not null begin
          update alarm_records set second_prior_at = (${PRIOR.replaceAll('n.', 'new.')}) where id = new.id;
        end`,
      )
      .execute(db);
  else {
    // Before the row is written: the raises of earlier rows of the same statement are visible.
    await sql
      .raw(
        `create function alarm_records_second_prior() returns trigger language plpgsql as $$
        begin
          if new.rule_id is not null then
            new.second_prior_at := (${PRIOR.replaceAll('n.', 'new.')});
          end if;
          return new;
        end $$`,
      )
      .execute(db);
    await sql`create trigger alarm_records_second_prior before insert on alarm_records
      for each row execute function alarm_records_second_prior()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`drop trigger if exists alarm_records_second_prior on alarm_records`.execute(db);
    await sql`drop function if exists alarm_records_second_prior()`.execute(db);
  } else await sql`drop trigger if exists alarm_records_second_prior`.execute(db);
  await sql`drop index if exists alarm_records_kpi_active`.execute(db);
  await sql`drop index if exists alarm_records_kpi_windows`.execute(db);
  await sql`drop index if exists alarm_records_kpi`.execute(db);
  await db.schema.alterTable('alarm_records').dropColumn('second_prior_at').execute();
}
