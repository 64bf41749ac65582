import { sql, type Kysely } from 'kysely';
import { ChunkBuilder, decodeChunk, decodeStaged, type ChunkRow } from './frozen/0010-history-codec';
import type { Dialect } from '../index';

/**
 * TAG history in chunks, staged first (ingest cost).
 *
 * A row per sample, clustered on (device, TAG, time), had every TAG of every device on a leaf page of
 * its own: a transaction storing one batch of each device rewrote about as many pages as it stored
 * values, and most of the ingest time went into copying those pages to the WAL at commit.
 *
 * Ingest now appends one tag_history_staging row per device and transaction, its samples in the
 * binary form of frozen/0010-history-codec.ts: the pages fill in order. Staged rows are filed
 * into tag_history_chunks, one row per device, TAG and hour with its samples and their aggregates,
 * many transactions at a time. Readers of history read both.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = dialect === 'postgres' ? sql`id bigserial primary key` : sql`id integer primary key`;
  const blob = dialect === 'postgres' ? sql`bytea` : sql`blob`;
  const real = dialect === 'postgres' ? sql`double precision` : sql`real`;
  await sql`create table tag_history_staging (
      ${id},
      device_id integer not null references devices (id) on delete cascade,
      n integer not null,
      samples ${blob} not null
    )`.execute(db);
  await sql`create index tag_history_staging_device on tag_history_staging (device_id)`.execute(db);
  await sql`create table tag_history_chunks (
      ${id},
      device_id integer not null references devices (id) on delete cascade,
      tag varchar(64) not null,
      t0 bigint not null,
      t1 bigint not null,
      n integer not null,
      num_n integer not null,
      num_min ${real},
      num_max ${real},
      num_sum ${real},
      samples ${blob} not null
    )`.execute(db);
  await sql`create index tag_history_chunks_tag on tag_history_chunks (device_id, tag, t0)`.execute(db);
  await sql`create index tag_history_chunks_t1 on tag_history_chunks (t1)`.execute(db);

  // Rows of the old table, a (device, TAG) at a time, a page at a time.
  const pairs = await sql<{ device_id: number; tag: string }>`
    select distinct device_id, tag from tag_history`.execute(db);
  const PAGE = 50_000;
  for (const { device_id, tag } of pairs.rows)
    for (let offset = 0; ; offset += PAGE) {
      const page = await sql<{ ts: number; num: number | null; value: string }>`
        select ts, num, value from tag_history where device_id = ${device_id} and tag = ${tag}
        order by ts, seq, pos limit ${PAGE} offset ${offset}`.execute(db);
      const chunks = new ChunkBuilder();
      for (const r of page.rows)
        chunks.add(Number(device_id), {
          tag,
          ts: Number(r.ts),
          num: r.num === null ? null : Number(r.num),
          value: r.value,
        });
      await insertChunks(db, chunks.rows());
      if (page.rows.length < PAGE) break;
    }
  await sql`drop table tag_history`.execute(db);
}

async function insertChunks(db: Kysely<unknown>, rows: readonly ChunkRow[]): Promise<void> {
  for (const r of rows)
    await sql`insert into tag_history_chunks
        (device_id, tag, t0, t1, n, num_n, num_min, num_max, num_sum, samples)
      values (${r.device_id}, ${r.tag}, ${r.t0}, ${r.t1}, ${r.n}, ${r.num_n}, ${r.num_min}, ${r.num_max},
              ${r.num_sum}, ${r.samples})`.execute(db);
}

export async function down(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`create table tag_history (
        device_id integer not null references devices (id) on delete cascade,
        tag varchar(64) not null,
        ts bigint not null,
        num double precision,
        value text not null,
        seq bigint not null default 0,
        pos integer not null default 0
      )`.execute(db);
    await sql`create index tag_history_device_tag_ts on tag_history (device_id, tag, ts)`.execute(db);
    await sql`create index tag_history_ts on tag_history using brin (ts)`.execute(db);
  } else
    await sql`create table tag_history (
        device_id integer not null references devices (id) on delete cascade,
        tag varchar(64) not null,
        ts bigint not null,
        seq bigint not null default 0,
        pos integer not null default 0,
        num real,
        value text not null,
        primary key (device_id, tag, ts, seq, pos)
      ) without rowid`.execute(db);
  const put = async (
    deviceId: number,
    tag: string,
    ts: number,
    pos: number,
    num: number | null,
    value: string,
  ) =>
    sql`insert into tag_history (device_id, tag, ts, seq, pos, num, value)
      values (${deviceId}, ${tag}, ${ts}, 0, ${pos}, ${num}, ${value})`.execute(db);
  // Samples of one millisecond keep apart by their place (pos) among the samples read.
  let pos = 0;
  const chunks = await sql<{ device_id: number; tag: string; samples: Uint8Array }>`
    select device_id, tag, samples from tag_history_chunks order by id`.execute(db);
  for (const c of chunks.rows)
    for (const s of decodeChunk(c.samples)) await put(c.device_id, c.tag, s.ts, (pos += 1), s.num, s.value);
  const staged = await sql<{ device_id: number; samples: Uint8Array }>`
    select device_id, samples from tag_history_staging order by id`.execute(db);
  for (const r of staged.rows)
    for (const s of decodeStaged(r.samples)) await put(r.device_id, s.tag, s.ts, (pos += 1), s.num, s.value);
  await sql`drop table tag_history_staging`.execute(db);
  await sql`drop table tag_history_chunks`.execute(db);
}
