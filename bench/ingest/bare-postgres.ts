import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { TagDataType } from '@hmi/contract';
import { encodeStaged } from '@hmi/server/src/modules/connectivity/history-codec';
import { migrate, openDatabase } from '@hmi/server/src/platform/db';
import type { TestDatabase } from '@hmi/server/src/test/databases';
import { provisionFleet } from '@hmi/server/src/test/fleet';
import pg from 'pg';
import { benchTags } from './fleet';
import type { ThroughputOptions } from './options';

/**
 * One transaction's writes as the server's ingest makes them on PostgreSQL (write-path.ts): each
 * device's cursor, one staging row per device with its samples, the newest value of each TAG; each
 * table one multi-row insert from arrays, in one statement.
 */
const WRITE = `with cursors as (
    insert into ingest_cursor (sn, high_seq, "window", updated_at)
    select * from unnest($1::text[], $2::bigint[], $3::text[], $4::bigint[])
    on conflict (sn) do update set high_seq = excluded.high_seq, "window" = excluded."window",
      updated_at = excluded.updated_at
  ), staged as (
    insert into tag_history_staging (device_id, n, samples)
    select * from unnest($5::integer[], $6::integer[], $7::bytea[])
  )
  insert into tag_latest (device_id, tag, value, ts)
  select * from unnest($8::integer[], $9::text[], $10::text[], $11::bigint[])
  on conflict (device_id, tag) do update set value = excluded.value, ts = excluded.ts
    where excluded.ts >= tag_latest.ts`;

/**
 * The ceiling of PostgreSQL ingest on this machine (issue 31): the rows a throughput phase stores,
 * written by a plain client (pg, one connection, one statement a transaction as above) into a fresh
 * schema migrated like the server's, for the same seconds. A transaction holds what the server's holds
 * at saturation: `inFlight` batches of `tags` values from each device. Filing staged samples into
 * chunks is not done here (the server does it too), so the line is, if anything, high.
 */
export async function measureBarePostgres(
  target: TestDatabase,
  o: ThroughputOptions,
): Promise<{ rate: number; values: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hmi-bench-bare-pg-'));
  const database = await target.create();
  const store = openDatabase({ databaseUrl: database.env.DATABASE_URL ?? null, dataDir });
  const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
  try {
    await migrate(store);
    const tags = benchTags(o.tags).map((t) => t.name);
    const fleet = await provisionFleet(store, {
      count: o.devices,
      prefix: 'BAREPG',
      tags: tags.map((name) => ({ name, data_type: TagDataType.FLOAT, save_history: true })),
    });
    await client.connect();
    let seq = 0;
    let values = 0;
    const started = performance.now();
    const deadline = started + o.seconds * 1000;
    while (performance.now() < deadline) {
      const now = Date.now();
      const batches = Array.from({ length: o.inFlight }, () => (seq += 1));
      const devices = fleet.devices;
      const samples = devices.map(() =>
        batches.flatMap((s) => tags.map((tag, i) => ({ tag, ts: now, num: s + i, value: String(s + i) }))),
      );
      const latest = devices.flatMap((d) => tags.map((tag, i) => [d.id, tag, String(seq + i), now] as const));
      await client.query('begin');
      await client.query(WRITE, [
        devices.map((d) => d.sn),
        devices.map(() => seq),
        devices.map(() => 'ff'),
        devices.map(() => now),
        devices.map((d) => d.id),
        samples.map((s) => s.length),
        samples.map((s) => encodeStaged(s)),
        latest.map((r) => r[0]),
        latest.map((r) => r[1]),
        latest.map((r) => r[2]),
        latest.map((r) => r[3]),
      ]);
      await client.query('commit');
      values += samples.reduce((n, s) => n + s.length, 0);
    }
    return { values, rate: values / ((performance.now() - started) / 1000) };
  } finally {
    await client.end().catch(() => undefined);
    await store.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
