import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../index';

/**
 * Issue 24, a replay of hours stored exactly once: `ingest_cursor.window` holds the ranges of batch
 * numbers a device's stored batches carried (connectivity/seen-seqs.ts: `lo-hi` or `n`, comma-separated,
 * at most 256 ranges) instead of the anti-replay bitmaps (`<64-bit hex>[/<late high>/<1,024-bit hex>]`),
 * which counted every number below their reach as seen. Each row is converted to the ranges its bitmaps
 * meant, so a drain under way goes on where it was: below the live bitmap, a number was seen when the
 * late bitmap said so (or, without one, always); above the late bitmap's reach it was not.
 * PostgreSQL's column becomes `text` (256 ranges of two 16-digit numbers exceed varchar(320)).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres')
    await sql`alter table ingest_cursor alter column "window" type text`.execute(db);
  const rows = await sql<{ sn: string; high_seq: string | number; window: string }>`
    select sn, high_seq, "window" from ingest_cursor`.execute(db);
  for (const r of rows.rows) {
    const text = rangesText(legacyRanges(Number(r.high_seq), r.window));
    await sql`update ingest_cursor set "window" = ${text} where sn = ${r.sn}`.execute(db);
  }
}

/** Back to a live bitmap of the 64 numbers below the highest (the late numbers are forgotten). */
export async function down(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const rows = await sql<{ sn: string; high_seq: string | number; window: string }>`
    select sn, high_seq, "window" from ingest_cursor`.execute(db);
  for (const r of rows.rows) {
    const high = Number(r.high_seq);
    let bits = 0n;
    for (const part of r.window ? r.window.split(',') : []) {
      const [lo = '', hi = lo] = part.split('-');
      for (let s = Math.max(Number(lo), high - 64); s <= Math.min(Number(hi), high - 1); s += 1)
        bits |= 1n << BigInt(high - 1 - s);
    }
    const hex = bits.toString(16).padStart(16, '0');
    await sql`update ingest_cursor set "window" = ${hex} where sn = ${r.sn}`.execute(db);
  }
  if (dialect === 'postgres')
    await sql`alter table ingest_cursor alter column "window" type varchar(320)`.execute(db);
}

const LIVE_BITS = 64;
const LATE_BITS = 1024;
const RANGES_MAX = 256;

/** The numbers the bitmaps of migration 0024 counted as seen, as ascending ranges. */
function legacyRanges(high: number, text: string): [number, number][] {
  if (high < 0) return [];
  const [liveHex = '0', lateHigh, lateHex] = text.split('/');
  const seen: [number, number][] = [];
  const liveFloor = high - LIVE_BITS;
  if (lateHigh === undefined || lateHex === undefined) {
    if (liveFloor > 0) seen.push([0, liveFloor - 1]);
  } else {
    const lh = Number(lateHigh);
    const lateFloor = Math.min(lh - LATE_BITS, liveFloor);
    if (lateFloor > 0) seen.push([0, lateFloor - 1]);
    const late = BigInt(`0x${lateHex || '0'}`);
    for (let d = LATE_BITS; d >= 1; d -= 1)
      if ((late >> BigInt(d - 1)) & 1n && lh - d >= Math.max(0, lateFloor) && lh - d < liveFloor)
        seen.push([lh - d, lh - d]);
    if (lh >= 0 && lh < liveFloor) seen.push([lh, lh]);
  }
  const live = BigInt(`0x${liveHex || '0'}`);
  for (let d = LIVE_BITS; d >= 1; d -= 1)
    if ((live >> BigInt(d - 1)) & 1n && high - d >= 0) seen.push([high - d, high - d]);
  seen.push([high, high]);
  const merged: [number, number][] = [];
  for (const r of seen) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1] + 1) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  // The lowest gaps go first, as the live code bounds its ranges.
  while (merged.length > RANGES_MAX) {
    const [a, b] = merged;
    if (a && b) merged.splice(0, 2, [a[0], b[1]]);
  }
  return merged;
}

function rangesText(ranges: readonly [number, number][]): string {
  return ranges.map(([lo, hi]) => (lo === hi ? String(lo) : `${lo}-${hi}`)).join(',');
}
