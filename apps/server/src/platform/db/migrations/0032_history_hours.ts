import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../index';

/**
 * Issue 31, point 4: per device, TAG and hour, the count, minimum, maximum and sum of the numbers
 * filed into tag_history_chunks. Filing writes a chunk per device, TAG and hour for every few seconds
 * of ingest (each filing its own rows), so an hour of a live TAG is hundreds of chunks; a month's
 * chart reads these rows instead, one per hour however the hour was filed. Kept in the transaction
 * that writes the chunks (connectivity/repo/history-store.ts); filled here from the chunks stored.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const real = dialect === 'postgres' ? sql`double precision` : sql`real`;
  // SQLite: rows stored in key order, so a TAG's month is one range of the table, not 720 look-ups
  // from the key's index into the table.
  await sql`create table tag_history_hours (
      device_id integer not null references devices (id) on delete cascade,
      tag varchar(64) not null,
      hour bigint not null,
      num_n integer not null,
      num_min ${real} not null,
      num_max ${real} not null,
      num_sum ${real} not null,
      primary key (device_id, tag, hour)
    )${dialect === 'sqlite' ? sql` without rowid` : sql``}`.execute(db);
  // Integer division on both engines (bigint / integer literal).
  await sql`insert into tag_history_hours (device_id, tag, hour, num_n, num_min, num_max, num_sum)
    select device_id, tag, (t0 / 3600000) * 3600000, sum(num_n), min(num_min), max(num_max), sum(num_sum)
    from tag_history_chunks where num_n > 0
    group by device_id, tag, (t0 / 3600000) * 3600000`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table tag_history_hours`.execute(db);
}
