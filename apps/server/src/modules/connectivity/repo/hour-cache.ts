import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema';

/** Closed hours of one device and TAG as read from tag_history_hours: one entry per hour, in order. */
export interface HourRows {
  /** The range read, [from, to): `to` is the start of the hour that was still going. */
  from: number;
  to: number;
  hour: Float64Array;
  n: Float64Array;
  min: Float64Array;
  max: Float64Array;
  sum: Float64Array;
}

/**
 * Hours kept, over every pair: 40 bytes each, so ~7 MB, 256 months of one TAG. Counted in hours, not
 * pairs: a chart may span 400 days (9,600 hours).
 */
const MAX_HOURS = 256 * 720;

const keyOf = (deviceId: number, tag: string) => `${deviceId}\u0000${tag}`;

/**
 * The closed hours of the (device, TAG) pairs charted lately, SQLite only. Handing 720 rows of
 * tag_history_hours from SQLite to JavaScript cost ~460 µs of the ~1,550 µs of CPU a month's chart
 * took; an hour that ended changes only when filing adds to it (its staged tail, late or replayed
 * samples) or retention deletes it, both through HistoryStore, which calls `changed`/`cleared` once
 * its transaction committed. SQLite has one server process, so no other writer can change a row
 * behind this cache; PostgreSQL (instances side by side) reads the table every time.
 *
 * A read's result is kept only if nothing changed between its statement and `keep` (the generation
 * did not move): otherwise a read that ran just before a filing committed could be kept after it.
 */
export class HourCache {
  private readonly pairs = new Map<string, HourRows>();
  /** Hours held over every pair (bounded by `maxHours`). */
  private held = 0;
  private generation = 0;

  constructor(private readonly maxHours = MAX_HOURS) {}

  /** The generation to pass to `keep` with what is read now. */
  get now(): number {
    return this.generation;
  }

  /** The kept hours of the pair when they cover [from, to). */
  covering(deviceId: number, tag: string, from: number, to: number): HourRows | undefined {
    const key = keyOf(deviceId, tag);
    const rows = this.pairs.get(key);
    if (!rows || rows.from > from || rows.to < to) return undefined;
    // Most recently used last: the first pair in the map's order is the one to drop.
    this.pairs.delete(key);
    this.pairs.set(key, rows);
    return rows;
  }

  keep(deviceId: number, tag: string, rows: HourRows, readAt: number): void {
    if (readAt !== this.generation || rows.hour.length > this.maxHours) return;
    const key = keyOf(deviceId, tag);
    this.drop(key);
    this.pairs.set(key, rows);
    this.held += rows.hour.length;
    // Least recently used first in the map's order.
    for (const stalest of this.pairs.keys()) {
      if (this.held <= this.maxHours) break;
      this.drop(stalest);
    }
  }

  private drop(key: string): void {
    const rows = this.pairs.get(key);
    if (!rows) return;
    this.held -= rows.hour.length;
    this.pairs.delete(key);
  }

  /** These hours were written (and committed): pairs holding any of them are read again. */
  changed(hours: readonly { device_id: number; tag: string; hour: number }[]): void {
    this.generation += 1;
    for (const h of hours) {
      const key = keyOf(h.device_id, h.tag);
      const rows = this.pairs.get(key);
      if (rows && h.hour >= rows.from && h.hour < rows.to) this.drop(key);
    }
  }

  cleared(): void {
    this.generation += 1;
    this.pairs.clear();
    this.held = 0;
  }
}

/** One cache per database handle: every HistoryStore on it (the service's, imports') shares it. */
const caches = new WeakMap<Kysely<Database>, HourCache>();

export function hourCacheOf(db: Kysely<Database>): HourCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new HourCache()));
  return cache;
}

async function selectHours(
  db: Kysely<Database>,
  deviceId: number,
  tag: string,
  from: number,
  to: number,
): Promise<HourRows> {
  const rows = await db
    .selectFrom('tag_history_hours')
    .select(['hour', 'num_n', 'num_min', 'num_max', 'num_sum'])
    .where('device_id', '=', deviceId)
    .where('tag', '=', tag)
    .where('hour', '>=', from)
    .where('hour', '<', to)
    .orderBy('hour')
    .execute();
  const out: HourRows = {
    from,
    to,
    hour: new Float64Array(rows.length),
    n: new Float64Array(rows.length),
    min: new Float64Array(rows.length),
    max: new Float64Array(rows.length),
    sum: new Float64Array(rows.length),
  };
  rows.forEach((r, i) => {
    out.hour[i] = Number(r.hour);
    out.n[i] = Number(r.num_n);
    out.min[i] = Number(r.num_min);
    out.max[i] = Number(r.num_max);
    out.sum[i] = Number(r.num_sum);
  });
  return out;
}

/**
 * The aggregates of the hours of a device's TAG starting in [from, to), which must have ended (`to`
 * at most the start of the hour going on): from the cache on SQLite (a range it holds may be wider:
 * the caller skips hours outside its own), else read and, on SQLite, kept.
 */
export async function closedHours(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  deviceId: number,
  tag: string,
  from: number,
  to: number,
): Promise<HourRows> {
  if (dialect === 'postgres') return selectHours(db, deviceId, tag, from, to);
  const cache = hourCacheOf(db);
  const kept = cache.covering(deviceId, tag, from, to);
  if (kept) return kept;
  const readAt = cache.now;
  const rows = await selectHours(db, deviceId, tag, from, to);
  cache.keep(deviceId, tag, rows, readAt);
  return rows;
}
