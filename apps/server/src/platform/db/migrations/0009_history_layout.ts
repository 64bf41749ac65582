import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../index';

/**
 * TAG history with fewer b-trees to update per stored value (ingest cost).
 *
 * A sample is now identified by (device_id, tag, ts, seq, pos): `seq` is the sequence number of the
 * device batch that carried it and `pos` its place in that batch, which keeps two samples of one TAG
 * with the same millisecond apart. Rows stored before this migration keep seq 0 and their old row
 * number as pos.
 *
 * SQLite: one WITHOUT ROWID table clustered on that key replaces the rowid table and its two indexes;
 * retention deletes per (device, TAG) range of the key instead of using an index on ts.
 * PostgreSQL: the heap with its (device_id, tag, ts) index stays; the btree on ts becomes a BRIN
 * index (rows arrive roughly in time order, so block ranges summarise ts well at a fraction of the
 * cost of a btree entry per row).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`alter table tag_history add column seq bigint not null default 0`.execute(db);
    await sql`alter table tag_history add column pos integer not null default 0`.execute(db);
    await sql`drop index tag_history_ts`.execute(db);
    await sql`create index tag_history_ts on tag_history using brin (ts)`.execute(db);
    return;
  }
  await sql`create table tag_history_clustered (
      device_id integer not null references devices (id) on delete cascade,
      tag varchar(64) not null,
      ts bigint not null,
      seq bigint not null default 0,
      pos integer not null default 0,
      num real,
      value text not null,
      primary key (device_id, tag, ts, seq, pos)
    ) without rowid`.execute(db);
  await sql`insert into tag_history_clustered (device_id, tag, ts, seq, pos, num, value)
    select device_id, tag, ts, 0, rowid, num, value from tag_history`.execute(db);
  await sql`drop table tag_history`.execute(db);
  await sql`alter table tag_history_clustered rename to tag_history`.execute(db);
}

export async function down(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`drop index tag_history_ts`.execute(db);
    await sql`create index tag_history_ts on tag_history (ts)`.execute(db);
    await sql`alter table tag_history drop column pos`.execute(db);
    await sql`alter table tag_history drop column seq`.execute(db);
    return;
  }
  await sql`create table tag_history_rowid (
      device_id integer not null references devices (id) on delete cascade,
      tag varchar(64) not null,
      ts bigint not null,
      num real,
      value text not null
    )`.execute(db);
  await sql`insert into tag_history_rowid (device_id, tag, ts, num, value)
    select device_id, tag, ts, num, value from tag_history`.execute(db);
  await sql`drop table tag_history`.execute(db);
  await sql`alter table tag_history_rowid rename to tag_history`.execute(db);
  await sql`create index tag_history_device_tag_ts on tag_history (device_id, tag, ts)`.execute(db);
  await sql`create index tag_history_ts on tag_history (ts)`.execute(db);
}
