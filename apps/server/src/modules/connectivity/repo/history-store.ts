import { sql, type Kysely, type Transaction } from 'kysely';
import { CompiledQueries } from '../../../platform/db/compiled-queries';
import type { Database } from '../../../platform/db/schema';
import { CHUNK_SPAN_MS, ChunkBuilder, hoursOf, type ChunkRow } from '../history-chunks';
import {
  decodeChunk,
  decodeStaged,
  eachNumber,
  visitSample,
  type HistorySample,
  type TaggedSample,
} from '../history-codec';
import { exportPage, type ExportCursor } from './history-export';
import { closedHours, hourCacheOf } from './hour-cache';
import { partsOf } from './parts';

/**
 * SQL of TAG history: staged samples filed into chunks, chart buckets and samples read from both,
 * retention.
 */
export class HistoryStore {
  /** The reads of every chart request, compiled once. */
  private readonly compiled = new CompiledQueries();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: 'sqlite' | 'postgres',
    /** A device's collection interval (its allocation's), or null: every sample is stored. */
    readonly periodOf: (deviceId: number) => Promise<number | null> = () => Promise.resolve(null),
  ) {}

  /** The intervals of the devices with staged samples (asked before a filing's transaction). */
  private async stagedPeriods(): Promise<Map<number, number | null>> {
    const rows = await this.db.selectFrom('tag_history_staging').select('device_id').distinct().execute();
    const periods = new Map<number, number | null>();
    for (const r of rows) periods.set(r.device_id, await this.periodOf(r.device_id));
    return periods;
  }

  async hasStaged(): Promise<boolean> {
    const row = await this.db.selectFrom('tag_history_staging').select('id').limit(1).executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Files the oldest staged rows (at most `maxRows`) into chunks, in one transaction: the chunks are
   * written and the staged rows deleted together, so each sample is filed exactly once. Returns the
   * samples filed. On PostgreSQL several instances may file at once: each takes rows no other has locked.
   */
  async fileStaged(maxRows: number): Promise<number> {
    const periods = await this.stagedPeriods();
    let written: ChunkRow[] = [];
    const filed = await this.db.transaction().execute(async (trx) => {
      let q = trx
        .selectFrom('tag_history_staging')
        .select(['id', 'device_id', 'samples'])
        .orderBy('id')
        .limit(maxRows);
      if (this.dialect === 'postgres') q = q.forUpdate().skipLocked();
      const rows = await q.execute();
      if (!rows.length) return 0;
      // A device staged since the periods were read (another instance) is filed as it arrived.
      const chunks = new ChunkBuilder((deviceId) => periods.get(deviceId) ?? null);
      for (const r of rows) for (const s of decodeStaged(r.samples)) chunks.add(r.device_id, s);
      written = chunks.rows();
      await this.insertChunks(trx, written);
      for (const part of partsOf(rows.map((r) => r.id)))
        await trx.deleteFrom('tag_history_staging').where('id', 'in', part).execute();
      return chunks.count;
    });
    hourCacheOf(this.db).changed(hoursOf(written));
    return filed;
  }

  /** Writes chunks of samples directly (imports and tests; ingest stages first). */
  async importHistory(
    rows: readonly { device_id: number; tag: string; ts: number; num: number | null; value: string }[],
  ) {
    const chunks = new ChunkBuilder();
    for (const r of rows) chunks.add(r.device_id, r);
    const written = chunks.rows();
    await this.db.transaction().execute((trx) => this.insertChunks(trx, written));
    hourCacheOf(this.db).changed(hoursOf(written));
  }

  private async insertChunks(trx: Transaction<Database>, rows: readonly ChunkRow[]): Promise<void> {
    // 10 parameters a row: 100 rows stay well below either engine's limit.
    for (const part of partsOf(rows, 100)) await trx.insertInto('tag_history_chunks').values(part).execute();
    const least = this.dialect === 'postgres' ? 'least' : 'min';
    const greatest = this.dialect === 'postgres' ? 'greatest' : 'max';
    for (const part of partsOf(hoursOf(rows), 100))
      await trx
        .insertInto('tag_history_hours')
        .values(part)
        .onConflict((oc) =>
          oc.columns(['device_id', 'tag', 'hour']).doUpdateSet((eb) => ({
            num_n: sql`tag_history_hours.num_n + ${eb.ref('excluded.num_n')}`,
            num_min: eb.fn(least, ['tag_history_hours.num_min', eb.ref('excluded.num_min')]),
            num_max: eb.fn(greatest, ['tag_history_hours.num_max', eb.ref('excluded.num_max')]),
            num_sum: sql`tag_history_hours.num_sum + ${eb.ref('excluded.num_sum')}`,
          })),
        )
        .execute();
  }

  /** The staged samples of one device and TAG within [from, to). */
  private async stagedOf(deviceId: number, tag: string, from: number, to: number): Promise<HistorySample[]> {
    const rows = await this.compiled.rows(this.db, 'staged', { deviceId }, (i) =>
      this.db
        .selectFrom('tag_history_staging')
        .select('samples')
        .where('device_id', '=', i.deviceId)
        .orderBy('id'),
    );
    const out: HistorySample[] = [];
    for (const r of rows)
      for (const s of decodeStaged(r.samples)) if (s.tag === tag && s.ts >= from && s.ts < to) out.push(s);
    return out;
  }

  /**
   * The chunks of a TAG that may hold samples of [from, to). A chunk lies within one hour, so `floor`
   * (an hour before `from`) lets the (device, TAG, t0) index skip the chunks before `from` instead of
   * reading every older chunk's row for its t1 (a month: 720 rows).
   */
  private chunksOf(i: { deviceId: number; tag: string; from: number; to: number; floor: number }) {
    return this.db
      .selectFrom('tag_history_chunks')
      .where('device_id', '=', i.deviceId)
      .where('tag', '=', i.tag)
      .where('t0', '<', i.to)
      .where('t1', '>=', i.from)
      .where('t0', '>', i.floor);
  }

  /** chunksOf's input for [from, to). */
  private static range(deviceId: number, tag: string, from: number, to: number) {
    return { deviceId, tag, from, to, floor: from - CHUNK_SPAN_MS };
  }

  /**
   * Min, max, average and count of what arrived (samples, or the intervals of an allocation's points)
   * per bucket of `bucketMs` from `from` (the caller keeps the buckets of a range to a chart's few
   * thousand). A chunk wholly inside one bucket counts by its aggregates; the numbers of the others,
   * and the staged samples, are read one by one. A bucket nothing arrived in has no point.
   */
  async buckets(deviceId: number, tag: string, from: number, to: number, bucketMs: number) {
    const size = Math.max(0, Math.ceil((to - from) / bucketMs));
    const [min, max, sum, count] = [
      new Float64Array(size).fill(Infinity),
      new Float64Array(size).fill(-Infinity),
      new Float64Array(size),
      new Float64Array(size),
    ];
    const bucketOf = (ts: number) => Math.floor((ts - from) / bucketMs);
    const add = (b: number, lo: number, hi: number, total: number, n: number) => {
      if (lo < (min[b] as number)) min[b] = lo;
      if (hi > (max[b] as number)) max[b] = hi;
      sum[b] = (sum[b] as number) + total;
      count[b] = (count[b] as number) + n;
    };
    const addNumber = (ts: number, lo: number, hi: number, total: number, n: number) => {
      if (ts >= from && ts < to) add(bucketOf(ts), lo, hi, total, n);
    };
    // Buckets of whole hours from an hour's start (chartBuckets) take the hours that ended before `to`
    // from tag_history_hours; the chunks of the hour still going, and staged samples, are read below.
    const wholeHours = from % CHUNK_SPAN_MS === 0 && bucketMs % CHUNK_SPAN_MS === 0;
    const chunksFrom = wholeHours ? Math.max(from, Math.floor(to / CHUNK_SPAN_MS) * CHUNK_SPAN_MS) : from;
    if (wholeHours && chunksFrom > from) {
      const hours = await closedHours(this.db, this.dialect, deviceId, tag, from, chunksFrom);
      for (let i = 0; i < hours.hour.length; i += 1) {
        const hour = hours.hour[i] as number;
        if (hour >= from && hour < chunksFrom)
          add(
            bucketOf(hour),
            hours.min[i] as number,
            hours.max[i] as number,
            hours.sum[i] as number,
            hours.n[i] as number,
          );
      }
    }
    const range = HistoryStore.range(deviceId, tag, chunksFrom, to);
    const chunks = await this.compiled.rows(this.db, 'bucketChunks', range, (i) =>
      this.chunksOf(i)
        .select(['id', 't0', 't1', 'num_n', 'num_min', 'num_max', 'num_sum'])
        .where('num_n', '>', 0),
    );
    const split: number[] = [];
    for (const c of chunks) {
      const [t0, t1] = [Number(c.t0), Number(c.t1)];
      if (t0 >= from && t1 < to && bucketOf(t0) === bucketOf(t1))
        add(bucketOf(t0), Number(c.num_min), Number(c.num_max), Number(c.num_sum), Number(c.num_n));
      else split.push(c.id);
    }
    for (const part of partsOf(split)) {
      const rows = await this.db
        .selectFrom('tag_history_chunks')
        .select('samples')
        .where('id', 'in', part)
        .execute();
      for (const r of rows) eachNumber(r.samples, addNumber);
    }
    for (const s of await this.stagedOf(deviceId, tag, from, to)) visitSample(s, addNumber);
    const points: { t: number; min: number; max: number; avg: number; count: number }[] = [];
    for (let b = 0; b < size; b += 1) {
      const n = count[b] as number;
      if (n > 0)
        points.push({
          t: from + b * bucketMs,
          min: min[b] as number,
          max: max[b] as number,
          avg: (sum[b] as number) / n,
          count: n,
        });
    }
    return points;
  }

  /** The newest `limit` samples within [from, to), oldest first. */
  async samples(deviceId: number, tag: string, from: number, to: number, limit: number) {
    const found = await this.stagedOf(deviceId, tag, from, to);
    const chunks = await this.chunksOf(HistoryStore.range(deviceId, tag, from, to))
      .select(['id', 't1'])
      .orderBy('t1', 'desc')
      .execute();
    const newest = () => found.map((s) => s.ts).sort((a, b) => b - a)[limit - 1] ?? -Infinity;
    for (const c of chunks) {
      // Chunks come newest last sample first: once `limit` samples are newer than all of this one, stop.
      if (found.length >= limit && Number(c.t1) < newest()) break;
      const row = await this.db
        .selectFrom('tag_history_chunks')
        .select('samples')
        .where('id', '=', c.id)
        .executeTakeFirst();
      if (row) for (const s of decodeChunk(row.samples)) if (s.ts >= from && s.ts < to) found.push(s);
    }
    return found
      .sort((a, b) => a.ts - b.ts)
      .slice(-limit)
      .map((s) => ({ t: s.ts, value: s.value }));
  }

  /** One page of a TAG's stored points, oldest first (history-export.ts). */
  exportPage(q: Parameters<typeof exportPage>[1], after: ExportCursor, limit: number) {
    return exportPage(this.db, q, after, limit);
  }

  /** Every stored sample of a device (filed and staged), optionally of one TAG, in time order. */
  async historyOf(deviceId: number, tag?: string): Promise<TaggedSample[]> {
    let q = this.db
      .selectFrom('tag_history_chunks')
      .select(['tag', 'samples'])
      .where('device_id', '=', deviceId);
    if (tag !== undefined) q = q.where('tag', '=', tag);
    const out: TaggedSample[] = [];
    for (const c of await q.orderBy('id').execute())
      for (const s of decodeChunk(c.samples)) out.push({ tag: c.tag, ...s });
    const staged = await this.db
      .selectFrom('tag_history_staging')
      .select('samples')
      .where('device_id', '=', deviceId)
      .orderBy('id')
      .execute();
    for (const r of staged)
      for (const s of decodeStaged(r.samples)) if (tag === undefined || s.tag === tag) out.push(s);
    return out.sort((a, b) => a.ts - b.ts);
  }

  /** Stored samples of every device, filed and staged. */
  async historyCount(): Promise<number> {
    const count = async (table: 'tag_history_chunks' | 'tag_history_staging') => {
      const r = await this.db
        .selectFrom(table)
        .select((eb) => eb.fn.sum<number | null>('n').as('n'))
        .executeTakeFirstOrThrow();
      return Number(r.n ?? 0);
    };
    return (await count('tag_history_chunks')) + (await count('tag_history_staging'));
  }

  /**
   * Deletes the hours that ended by `before` (their chunks and their row of aggregates together, so
   * the two always agree); returns the samples deleted.
   */
  async pruneHistory(before: number): Promise<number> {
    const cut = Math.floor(before / CHUNK_SPAN_MS) * CHUNK_SPAN_MS;
    const pruned = await this.db.transaction().execute(async (trx) => {
      const r = await trx
        .selectFrom('tag_history_chunks')
        .select((eb) => eb.fn.sum<number | null>('n').as('n'))
        .where('t1', '<', cut)
        .executeTakeFirstOrThrow();
      await trx.deleteFrom('tag_history_chunks').where('t1', '<', cut).execute();
      await trx.deleteFrom('tag_history_hours').where('hour', '<', cut).execute();
      return Number(r.n ?? 0);
    });
    hourCacheOf(this.db).cleared();
    return pruned;
  }
}
