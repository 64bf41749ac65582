import type { Kysely } from 'kysely';
import type { HistoryExportRow } from '@hmi/contract';
import type { Database } from '../../../platform/db/schema';
import { CHUNK_SPAN_MS, summarise } from '../history-chunks';
import { decodeChunk, decodeStaged, type HistorySample } from '../history-codec';

/** Where a page starts: at time `ts`, after the first `skip` points of that very time. */
export interface ExportCursor {
  ts: number;
  skip: number;
}

/** Chunks read per query: their blobs come with them, so a query holds a few hours of samples at most. */
const CHUNK_BATCH = 32;
/** Sorts after every chunk id: staged samples of the same time come after filed ones. */
const STAGED_SOURCE = 2 ** 52;

/** A point with what orders it among points of the same time, the same way on every page. */
interface Ranked {
  s: HistorySample;
  source: number;
  at: number;
}

const byTime = (a: Ranked, b: Ranked) => a.s.ts - b.s.ts || a.source - b.source || a.at - b.at;

function rowOf(s: HistorySample): HistoryExportRow {
  const agg = s.agg;
  return {
    t: s.ts,
    value: s.value,
    min: agg?.n ? agg.min : null,
    max: agg?.n ? agg.max : null,
    avg: agg?.n ? agg.sum / agg.n : null,
    count: agg ? agg.n : null,
  };
}

/**
 * One page of the stored points of a device's TAG within [from, to), oldest first, from `after` on.
 *
 * Chunks hold one hour at most but several may cover the same hour (each filing writes its own, late
 * data lands in older hours), so they are read in order of their first time: every point of a chunk
 * not yet read is at or after its t0, so the points before it are final. Reading stops once enough
 * final points are held; a request reads one page plus at most one batch of chunks, however long the
 * range. Staged (not yet filed) points are read whole, as the chart does; with an allocation they are
 * summarised per interval as filing will store them.
 */
export async function exportPage(
  db: Kysely<Database>,
  q: { deviceId: number; tag: string; from: number; to: number; periodMs: number | null },
  after: ExportCursor,
  limit: number,
): Promise<{ rows: HistoryExportRow[]; next: ExportCursor | null }> {
  const start = Math.max(q.from, after.ts);
  const held: Ranked[] = [];
  const keep = (s: HistorySample) => s.ts >= start && s.ts < q.to;

  const staging = await db
    .selectFrom('tag_history_staging')
    .select('samples')
    .where('device_id', '=', q.deviceId)
    .orderBy('id')
    .execute();
  const staged: HistorySample[] = [];
  for (const r of staging) for (const s of decodeStaged(r.samples)) if (s.tag === q.tag) staged.push(s);
  const points = q.periodMs
    ? summarise(
        [...staged].sort((a, b) => a.ts - b.ts),
        q.periodMs,
      )
    : staged;
  points.forEach((s, at) => {
    if (keep(s)) held.push({ s, source: STAGED_SOURCE, at });
  });

  // Enough when the points before `bound` (final) cover the skipped ones, the page and one more.
  const needed = after.skip + limit + 1;
  const enoughBefore = (bound: number) =>
    held.length >= needed && held.reduce((n, r) => n + (r.s.ts < bound ? 1 : 0), 0) >= needed;
  let last = { t0: -Infinity, id: 0 };
  for (let done = false; !done;) {
    const { t0: lastT0, id: lastId } = last;
    let query = db
      .selectFrom('tag_history_chunks')
      .select(['id', 't0', 'samples'])
      .where('device_id', '=', q.deviceId)
      .where('tag', '=', q.tag)
      .where('t0', '<', q.to)
      .where('t1', '>=', start)
      // A chunk lies within one hour: lets the (device, TAG, t0) index skip older chunks.
      .where('t0', '>', start - CHUNK_SPAN_MS);
    if (Number.isFinite(lastT0))
      query = query.where((eb) =>
        eb.or([eb('t0', '>', lastT0), eb.and([eb('t0', '=', lastT0), eb('id', '>', lastId)])]),
      );
    const batch = await query.orderBy('t0').orderBy('id').limit(CHUNK_BATCH).execute();
    if (batch.length < CHUNK_BATCH) done = true;
    for (const c of batch) {
      const t0 = Number(c.t0);
      if (enoughBefore(t0)) {
        done = true;
        break;
      }
      decodeChunk(c.samples).forEach((s, at) => {
        if (keep(s)) held.push({ s, source: c.id, at });
      });
      last = { t0, id: c.id };
    }
  }

  held.sort(byTime);
  // The points of the cursor's time already sent come first among those of that time.
  let skip = 0;
  while (skip < after.skip && held[skip]?.s.ts === after.ts) skip += 1;
  const page = held.slice(skip, skip + limit);
  const lastRow = page[page.length - 1];
  if (!lastRow || held.length <= skip + limit) return { rows: page.map((r) => rowOf(r.s)), next: null };
  const ts = lastRow.s.ts;
  const sameTime = page.reduce((n, r) => n + (r.s.ts === ts ? 1 : 0), 0);
  return {
    rows: page.map((r) => rowOf(r.s)),
    next: { ts, skip: sameTime + (ts === after.ts ? skip : 0) },
  };
}
