import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema';
import { encodeStaged, type TaggedSample } from '../history-codec';
import { acceptSeq, copySeen, highestSeen, parseSeen, seenText, type SeqRange } from '../seen-seqs';
import { partsOf } from './parts';
import {
  pgQualityUpsert,
  qualityRows,
  sqliteQualityUpsert,
  type BadSample,
  type QualityRow,
} from './quality-write';

/** One sample to store. */
export interface Sample {
  tag: string;
  value: string;
  num: number | null;
  ts: number;
  history: boolean;
}

/** One tags batch waiting for its transaction. */
export interface PendingBatch {
  sn: string;
  seq: number;
  deviceId: number;
  samples: Sample[];
  /** Bad samples (a quality reason, no value): they update the TAG's quality, not its value. */
  bad?: BadSample[] | undefined;
  /** Replayed from a gateway's outbox (judged by the same seen numbers as a live one). */
  late?: boolean;
}

/** A tag_latest row: device_id, tag, value, ts. */
type LatestRow = [number, string, string, number];
/** An ingest_cursor row: sn, high_seq, window, updated_at. */
type CursorRow = [string, number, string, number];
/** A tag_history_staging row: device_id, n, samples. */
type StagingRow = [number, number, Buffer];

interface WritePlan {
  accepted: boolean[];
  cursors: CursorRow[];
  staged: StagingRow[];
  latest: LatestRow[];
  quality: QualityRow[];
}

/** What storing these batches writes, given each SN's seen numbers before (updated in place). */
function planWrites(
  batches: readonly PendingBatch[],
  sns: readonly string[],
  windows: Map<string, SeqRange[]>,
  nowMs: number,
): WritePlan {
  const accepted = batches.map((b) => {
    let w = windows.get(b.sn);
    if (!w) windows.set(b.sn, (w = []));
    return acceptSeq(w, b.seq);
  });
  const cursors = sns.map((sn): CursorRow => {
    const w = windows.get(sn) ?? [];
    return [sn, highestSeen(w), seenText(w), nowMs];
  });
  const history = new Map<number, TaggedSample[]>();
  const latest = new Map<string, LatestRow>();
  batches.forEach((b, i) => {
    if (!accepted[i]) return;
    for (const s of b.samples) {
      if (s.history) {
        let staged = history.get(b.deviceId);
        if (!staged) history.set(b.deviceId, (staged = []));
        staged.push(s);
      }
      const key = `${b.deviceId}\u0000${s.tag}`;
      const prev = latest.get(key);
      if (!prev || s.ts >= prev[3]) latest.set(key, [b.deviceId, s.tag, s.value, s.ts]);
    }
  });
  const staged = [...history].map(([deviceId, samples]): StagingRow => [
    deviceId,
    samples.length,
    encodeStaged(samples),
  ]);
  return { accepted, cursors, staged, latest: [...latest.values()], quality: qualityRows(batches, accepted) };
}

/** One column of rows, as a PostgreSQL array parameter (for unnest). */
const pgColumn = <R extends readonly unknown[], K extends number>(rows: readonly R[], k: K) =>
  rows.map((r) => r[k]);

/** A tag_latest row is replaced only by a sample at least as new. */
const newerWins = sql`on conflict (device_id, tag) do update set value = excluded.value, ts = excluded.ts
  where excluded.ts >= tag_latest.ts`;

/** PostgreSQL CTEs of the staging rows and latest values of one write. */
const stagingInsert = (staged: readonly StagingRow[], gate = sql``) => sql`staged as (
    insert into tag_history_staging (device_id, n, samples)
    select * from unnest(${pgColumn(staged, 0)}::integer[], ${pgColumn(staged, 1)}::integer[],
                         ${pgColumn(staged, 2)}::bytea[]) ${gate})`;
const latestUpsert = (latest: readonly LatestRow[], gate = sql``) => sql`latest as (
    insert into tag_latest (device_id, tag, value, ts)
    select * from unnest(${pgColumn(latest, 0)}::integer[], ${pgColumn(latest, 1)}::text[],
                         ${pgColumn(latest, 2)}::text[], ${pgColumn(latest, 3)}::bigint[]) ${gate}
    ${newerWins})`;

/**
 * The write path of ingest: tags batches through the seen numbers of their SN into latest values
 * and history staging, in as few statements as each engine allows.
 */
export class WritePath {
  /**
   * PostgreSQL: the seen numbers of each SN as this instance last committed them; the SN's cursor
   * row exists. Another instance (or a concurrent call) may have moved it since: storeExpecting finds out.
   */
  private readonly known = new Map<string, SeqRange[]>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: 'sqlite' | 'postgres',
  ) {}

  /**
   * Stores tags batches in one transaction: each batch whose number its SN has not stored before
   * (seen-seqs.ts) is stored, any other dropped whole; accepted samples update the latest values (newer sample wins) and, for TAGs
   * with save history, are staged. Returns, per batch, whether it was stored.
   */
  async storeBatches(batches: readonly PendingBatch[], nowMs: number): Promise<boolean[]> {
    // Sorted: transactions of several instances lock cursor rows in the same order (no deadlock).
    const sns = [...new Set(batches.map((b) => b.sn))].sort();
    if (this.dialect === 'postgres' && sns.every((sn) => this.known.has(sn))) {
      const stored = await this.storeExpecting(batches, sns, nowMs);
      if (stored) return stored;
    }
    const windows = new Map<string, SeqRange[]>();
    const plan = await this.db.transaction().execute(async (trx) => {
      // PostgreSQL: every cursor row must exist to be locked below (instances share the stream); rows
      // are never deleted, so those seen once need no insert again. SQLite has one writer; the upsert
      // after the seen-number check creates missing rows.
      const missing = this.dialect === 'postgres' ? sns.filter((sn) => !this.known.has(sn)) : [];
      for (const part of partsOf(missing))
        await trx
          .insertInto('ingest_cursor')
          .values(part.map((sn) => ({ sn, high_seq: -1, window: '', updated_at: nowMs })))
          .onConflict((oc) => oc.column('sn').doNothing())
          .execute();
      for (const part of partsOf(sns)) {
        let q = trx.selectFrom('ingest_cursor').selectAll().where('sn', 'in', part);
        if (this.dialect === 'postgres') q = q.orderBy('sn').forUpdate();
        for (const r of await q.execute()) windows.set(r.sn, parseSeen(r.window));
      }
      const plan = planWrites(batches, sns, windows, nowMs);
      await this.writeBatches(trx, plan);
      return plan;
    });
    if (this.dialect === 'postgres') for (const sn of sns) this.remember(sn, windows.get(sn));
    return plan.accepted;
  }

  private remember(sn: string, w: SeqRange[] | undefined): void {
    if (w) this.known.set(sn, copySeen(w));
    else this.known.delete(sn);
  }

  /**
   * PostgreSQL, when this instance knows every SN's seen numbers from its own last write (a device's
   * batches mostly reach the same instance): one statement without a transaction around it, which
   * moves each cursor only from the numbers expected, and fails whole (division by zero, so nothing
   * of it stays) when any cursor moved otherwise. Null then: the caller stores under row locks.
   */
  private async storeExpecting(batches: readonly PendingBatch[], sns: string[], nowMs: number) {
    const expected = sns.map((sn) => this.known.get(sn) ?? []);
    const windows = new Map(sns.map((sn, i) => [sn, copySeen(expected[i] ?? [])]));
    const plan = planWrites(batches, sns, windows, nowMs);
    const col = pgColumn;
    const { cursors, staged, latest, quality } = plan;
    const n = sns.length;
    try {
      // Cursor rows are locked first and in SN order, the other writes only once every cursor moved.
      await sql`with locked as (
          select sn from ingest_cursor where sn = any(${sns}::text[]) order by sn for update
        ), moved as (
          update ingest_cursor c set high_seq = v.high, "window" = v.win, updated_at = v.at
          from unnest(${sns}::text[], ${expected.map(highestSeen)}::bigint[],
                      ${expected.map(seenText)}::text[], ${col(cursors, 1)}::bigint[],
                      ${col(cursors, 2)}::text[], ${col(cursors, 3)}::bigint[])
            as v(sn, was_high, was_win, high, win, at)
          where (select count(*) from locked) = ${n}
            and c.sn = v.sn and c.high_seq = v.was_high and c."window" = v.was_win
          returning 1
        ), ok as (select count(*) = ${n} as ok from moved),
        ${stagingInsert(staged, sql`where (select ok from ok)`)},
        ${latestUpsert(latest, sql`where (select ok from ok)`)}
        ${pgQualityUpsert(quality, sql`where (select ok from ok)`)}
        select 1 / (case when (select ok from ok) then 1 else 0 end) as ok`.execute(this.db);
    } catch (err) {
      for (const sn of sns) this.known.delete(sn);
      if ((err as { code?: unknown }).code !== '22012') throw err;
      return null;
    }
    for (const sn of sns) this.remember(sn, windows.get(sn));
    return plan.accepted;
  }

  /**
   * The writes of storeBatches: cursors, one staging row per device with its history samples of this
   * transaction (history-codec.ts), latest values. PostgreSQL gets them as one statement (one round
   * trip instead of three, each column an array); SQLite as three (a fourth for bad samples' quality), the latest values as one JSON
   * parameter (json_each).
   */
  private async writeBatches(
    trx: Transaction<Database>,
    { cursors, staged, latest, quality }: WritePlan,
  ): Promise<void> {
    if (this.dialect === 'postgres') {
      const col = pgColumn;
      await sql`with cursors as (
          insert into ingest_cursor (sn, high_seq, "window", updated_at)
          select * from unnest(${col(cursors, 0)}::text[], ${col(cursors, 1)}::bigint[],
                               ${col(cursors, 2)}::text[], ${col(cursors, 3)}::bigint[])
          on conflict (sn) do update set high_seq = excluded.high_seq, "window" = excluded."window",
            updated_at = excluded.updated_at
        ), ${stagingInsert(staged)}, ${latestUpsert(latest)} ${pgQualityUpsert(quality)}
        select 1`.execute(trx);
      return;
    }
    for (const part of partsOf(cursors))
      await trx
        .insertInto('ingest_cursor')
        .values(part.map(([sn, high_seq, window, updated_at]) => ({ sn, high_seq, window, updated_at })))
        .onConflict((oc) =>
          oc.column('sn').doUpdateSet((eb) => ({
            high_seq: eb.ref('excluded.high_seq'),
            window: eb.ref('excluded.window'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    if (staged.length)
      await trx
        .insertInto('tag_history_staging')
        .values(staged.map(([device_id, n, samples]) => ({ device_id, n, samples })))
        .execute();
    if (latest.length)
      // "where true" keeps SQLite from reading ON CONFLICT as a join constraint of the SELECT.
      await sql`insert into tag_latest (device_id, tag, value, ts)
        select r.value ->> 0, r.value ->> 1, r.value ->> 2, r.value ->> 3
        from json_each(${JSON.stringify(latest)}) as r where true ${newerWins}`.execute(trx);
    await sqliteQualityUpsert(trx, quality);
  }
}
