import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema';

/** A bad sample (DESIGN.md "Field side", quality): its TAG, reason and time; it carries no value. */
export interface BadSample {
  tag: string;
  reason: string;
  ts: number;
}

/** A tag_quality row: device_id, tag, reason, ts. */
export type QualityRow = [number, string, string, number];

/** The newest bad sample of each device's TAG among the accepted batches. */
export function qualityRows(
  batches: readonly { deviceId: number; bad?: readonly BadSample[] | undefined }[],
  accepted: readonly boolean[],
): QualityRow[] {
  const rows = new Map<string, QualityRow>();
  batches.forEach((b, i) => {
    if (!accepted[i]) return;
    for (const s of b.bad ?? []) {
      const key = `${b.deviceId}\u0000${s.tag}`;
      const prev = rows.get(key);
      if (!prev || s.ts >= prev[3]) rows.set(key, [b.deviceId, s.tag, s.reason, s.ts]);
    }
  });
  return [...rows.values()];
}

/** A tag_quality row is replaced only by a bad sample at least as new. */
const newerWins = sql`on conflict (device_id, tag) do update set reason = excluded.reason, ts = excluded.ts
  where excluded.ts >= tag_quality.ts`;

/**
 * PostgreSQL: `, quality as (…)`, the CTE upserting the quality rows of one write (`gate` as the
 * other CTEs of it); nothing without rows, so a batch of good values costs no more than before.
 */
export const pgQualityUpsert = (rows: readonly QualityRow[], gate = sql``) =>
  rows.length ? pgQualityCte(rows, gate) : sql``;

const pgQualityCte = (rows: readonly QualityRow[], gate: ReturnType<typeof sql>) => sql`, quality as (
    insert into tag_quality (device_id, tag, reason, ts)
    select * from unnest(${rows.map((r) => r[0])}::integer[], ${rows.map((r) => r[1])}::text[],
                         ${rows.map((r) => r[2])}::text[], ${rows.map((r) => r[3])}::bigint[]) ${gate}
    ${newerWins})`;

/** SQLite: the quality rows of one write as one JSON parameter. */
export async function sqliteQualityUpsert(
  trx: Transaction<Database> | Kysely<Database>,
  rows: readonly QualityRow[],
): Promise<void> {
  if (!rows.length) return;
  // "where true" keeps SQLite from reading ON CONFLICT as a join constraint of the SELECT.
  await sql`insert into tag_quality (device_id, tag, reason, ts)
    select r.value ->> 0, r.value ->> 1, r.value ->> 2, r.value ->> 3
    from json_each(${JSON.stringify(rows)}) as r where true ${newerWins}`.execute(trx);
}
