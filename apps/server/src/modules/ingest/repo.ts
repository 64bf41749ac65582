import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { ChunkBuilder, type ChunkRow } from './history-chunks';
import {
  decodeChunk,
  decodeStaged,
  encodeStaged,
  type HistorySample,
  type TaggedSample,
} from './history-codec';
import { acceptSeq, parseWindow, windowHex, type SeqWindow } from './window';

type Q = Kysely<Database> | Transaction<Database>;

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
}

export interface DeviceBySn {
  id: number;
  team_id: number;
  sn: string;
  group_id: number | null;
  template_id: number | null;
  template_version: number | null;
  online: number;
  hmi_version: number | null;
}

export interface TagDef {
  id: number;
  name: string;
  data_type: number;
  access: number;
  save_history: number;
  address_type: string;
  address: string;
  scan_time_ms: number;
  default_value: string;
  description: string;
}

/** A tag_latest row: device_id, tag, value, ts. */
type LatestRow = [number, string, string, number];
/** An ingest_cursor row: sn, high_seq, window, updated_at. */
type CursorRow = [string, number, string, number];
/** A tag_history_staging row: device_id, n, samples. */
type StagingRow = [number, number, Buffer];

const PART = 400;

function partsOf<T>(rows: readonly T[], size = PART): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

interface WritePlan {
  accepted: boolean[];
  cursors: CursorRow[];
  staged: StagingRow[];
  latest: LatestRow[];
}

/** What storing these batches writes, given each SN's window before (updated in place). */
function planWrites(
  batches: readonly PendingBatch[],
  sns: readonly string[],
  windows: Map<string, SeqWindow>,
  nowMs: number,
): WritePlan {
  const accepted = batches.map((b) => {
    let w = windows.get(b.sn);
    if (!w) windows.set(b.sn, (w = parseWindow(-1, '0')));
    return acceptSeq(w, b.seq);
  });
  const cursors = sns.map((sn): CursorRow => {
    const w = windows.get(sn) ?? { high: -1, bits: 0n };
    return [sn, w.high, windowHex(w), nowMs];
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
  return { accepted, cursors, staged, latest: [...latest.values()] };
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

/** SQL of connectivity: latest values, history, ingest cursors, commands, online and sync state. */
export class IngestRepo {
  /**
   * PostgreSQL: the window of each SN as this instance last committed it; the SN's cursor row
   * exists. Another instance (or a concurrent call) may have moved it since: storeExpecting finds out.
   */
  private readonly known = new Map<string, SeqWindow>();

  constructor(
    readonly db: Kysely<Database>,
    private readonly dialect: 'sqlite' | 'postgres',
  ) {}

  deviceBySn(sn: string): Promise<DeviceBySn | undefined> {
    return this.db
      .selectFrom('devices')
      .leftJoin('templates', 'templates.id', 'devices.template_id')
      .select([
        'devices.id',
        'devices.team_id',
        'devices.sn',
        'devices.group_id',
        'devices.template_id',
        'templates.version as template_version',
        'devices.online',
        'devices.hmi_version',
      ])
      .where('devices.sn', '=', sn)
      .executeTakeFirst();
  }

  templateTags(templateId: number): Promise<TagDef[]> {
    return this.db
      .selectFrom('template_tags')
      .select([
        'id',
        'name',
        'data_type',
        'access',
        'save_history',
        'address_type',
        'address',
        'scan_time_ms',
        'default_value',
        'description',
      ])
      .where('template_id', '=', templateId)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  /**
   * Stores tags batches in one transaction: each batch passes the anti-replay window of its SN or
   * is dropped whole; accepted samples update the latest values (newer sample wins) and, for TAGs
   * with save history, are staged. Returns, per batch, whether it was stored.
   */
  async storeBatches(batches: readonly PendingBatch[], nowMs: number): Promise<boolean[]> {
    // Sorted: transactions of several instances lock cursor rows in the same order (no deadlock).
    const sns = [...new Set(batches.map((b) => b.sn))].sort();
    if (this.dialect === 'postgres' && sns.every((sn) => this.known.has(sn))) {
      const stored = await this.storeExpecting(batches, sns, nowMs);
      if (stored) return stored;
    }
    const windows = new Map<string, SeqWindow>();
    const plan = await this.db.transaction().execute(async (trx) => {
      // PostgreSQL: every cursor row must exist to be locked below (instances share the stream); rows
      // are never deleted, so those seen once need no insert again. SQLite has one writer; the upsert
      // after the window check creates missing rows.
      const missing = this.dialect === 'postgres' ? sns.filter((sn) => !this.known.has(sn)) : [];
      for (const part of partsOf(missing))
        await trx
          .insertInto('ingest_cursor')
          .values(part.map((sn) => ({ sn, high_seq: -1, window: '0', updated_at: nowMs })))
          .onConflict((oc) => oc.column('sn').doNothing())
          .execute();
      for (const part of partsOf(sns)) {
        let q = trx.selectFrom('ingest_cursor').selectAll().where('sn', 'in', part);
        if (this.dialect === 'postgres') q = q.orderBy('sn').forUpdate();
        for (const r of await q.execute()) windows.set(r.sn, parseWindow(Number(r.high_seq), r.window));
      }
      const plan = planWrites(batches, sns, windows, nowMs);
      await this.writeBatches(trx, plan);
      return plan;
    });
    if (this.dialect === 'postgres') for (const sn of sns) this.remember(sn, windows.get(sn));
    return plan.accepted;
  }

  private remember(sn: string, w: SeqWindow | undefined): void {
    if (w) this.known.set(sn, { high: w.high, bits: w.bits });
    else this.known.delete(sn);
  }

  /**
   * PostgreSQL, when this instance knows every SN's window from its own last write (a device's
   * batches mostly reach the same instance): one statement without a transaction around it, which
   * moves each cursor only from the window expected, and fails whole (division by zero, so nothing
   * of it stays) when any cursor moved otherwise. Null then: the caller stores under row locks.
   */
  private async storeExpecting(batches: readonly PendingBatch[], sns: string[], nowMs: number) {
    const expected = sns.map((sn) => this.known.get(sn) ?? { high: -1, bits: 0n });
    const windows = new Map(sns.map((sn, i) => [sn, { ...(expected[i] ?? { high: -1, bits: 0n }) }]));
    const plan = planWrites(batches, sns, windows, nowMs);
    const col = pgColumn;
    const { cursors, staged, latest } = plan;
    const n = sns.length;
    try {
      // Cursor rows are locked first and in SN order, the other writes only once every cursor moved.
      await sql`with locked as (
          select sn from ingest_cursor where sn = any(${sns}::text[]) order by sn for update
        ), moved as (
          update ingest_cursor c set high_seq = v.high, "window" = v.win, updated_at = v.at
          from unnest(${sns}::text[], ${expected.map((w) => w.high)}::bigint[],
                      ${expected.map((w) => windowHex(w))}::text[], ${col(cursors, 1)}::bigint[],
                      ${col(cursors, 2)}::text[], ${col(cursors, 3)}::bigint[])
            as v(sn, was_high, was_win, high, win, at)
          where (select count(*) from locked) = ${n}
            and c.sn = v.sn and c.high_seq = v.was_high and c."window" = v.was_win
          returning 1
        ), ok as (select count(*) = ${n} as ok from moved),
        ${stagingInsert(staged, sql`where (select ok from ok)`)},
        ${latestUpsert(latest, sql`where (select ok from ok)`)}
        select 1 / (case when (select ok from ok) then 1 else 0 end) as ok`.execute(this.db);
    } catch (err) {
      for (const sn of sns) this.known.delete(sn);
      if ((err as { code?: unknown }).code !== '22012') throw err;
      return null;
    }
    for (const sn of sns) this.remember(sn, windows.get(sn));
    return plan.accepted;
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
    return this.db.transaction().execute(async (trx) => {
      let q = trx
        .selectFrom('tag_history_staging')
        .select(['id', 'device_id', 'samples'])
        .orderBy('id')
        .limit(maxRows);
      if (this.dialect === 'postgres') q = q.forUpdate().skipLocked();
      const rows = await q.execute();
      if (!rows.length) return 0;
      const chunks = new ChunkBuilder();
      for (const r of rows) for (const s of decodeStaged(r.samples)) chunks.add(r.device_id, s);
      await this.insertChunks(trx, chunks.rows());
      for (const part of partsOf(rows.map((r) => r.id)))
        await trx.deleteFrom('tag_history_staging').where('id', 'in', part).execute();
      return chunks.count;
    });
  }

  /** Writes chunks of samples directly (imports and tests; ingest stages first). */
  async importHistory(
    rows: readonly { device_id: number; tag: string; ts: number; num: number | null; value: string }[],
  ) {
    const chunks = new ChunkBuilder();
    for (const r of rows) chunks.add(r.device_id, r);
    await this.db.transaction().execute((trx) => this.insertChunks(trx, chunks.rows()));
  }

  private async insertChunks(trx: Transaction<Database>, rows: readonly ChunkRow[]): Promise<void> {
    // 10 parameters a row: 100 rows stay well below either engine's limit.
    for (const part of partsOf(rows, 100)) await trx.insertInto('tag_history_chunks').values(part).execute();
  }

  /**
   * The writes of storeBatches: cursors, one staging row per device with its history samples of this
   * transaction (history-codec.ts), latest values. PostgreSQL gets them as one statement (one round
   * trip instead of three, each column an array); SQLite as three, the latest values as one JSON
   * parameter (json_each).
   */
  private async writeBatches(
    trx: Transaction<Database>,
    { cursors, staged, latest }: WritePlan,
  ): Promise<void> {
    if (this.dialect === 'postgres') {
      const col = pgColumn;
      await sql`with cursors as (
          insert into ingest_cursor (sn, high_seq, "window", updated_at)
          select * from unnest(${col(cursors, 0)}::text[], ${col(cursors, 1)}::bigint[],
                               ${col(cursors, 2)}::text[], ${col(cursors, 3)}::bigint[])
          on conflict (sn) do update set high_seq = excluded.high_seq, "window" = excluded."window",
            updated_at = excluded.updated_at
        ), ${stagingInsert(staged)}, ${latestUpsert(latest)}
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
  }

  latest(deviceId: number) {
    return this.db
      .selectFrom('tag_latest')
      .select(['tag', 'value', 'ts'])
      .where('device_id', '=', deviceId)
      .execute();
  }

  /** Online and sync state of devices (websocket snapshots). */
  deviceStates(deviceIds: readonly number[]) {
    return this.db
      .selectFrom('devices')
      .leftJoin('templates', 'templates.id', 'devices.template_id')
      .select([
        'devices.id',
        'devices.online',
        'devices.last_online_change',
        'devices.created_at',
        'devices.template_id',
        'templates.version as template_version',
        'devices.hmi_version',
      ])
      .where('devices.id', 'in', [...deviceIds])
      .execute();
  }

  /** Sets online when it differs; true when this call changed it. */
  async setOnline(deviceId: number, online: 0 | 1, at: number): Promise<boolean> {
    const r = await this.db
      .updateTable('devices')
      .set({ online, last_online_change: at })
      .where('id', '=', deviceId)
      .where('online', '!=', online)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async setHmiVersion(deviceId: number, version: number): Promise<boolean> {
    const r = await this.db
      .updateTable('devices')
      .set({ hmi_version: version })
      .where('id', '=', deviceId)
      .where((eb) => eb.or([eb('hmi_version', 'is', null), eb('hmi_version', '!=', version)]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** The staged samples of one device and TAG within [from, to). */
  private async stagedOf(deviceId: number, tag: string, from: number, to: number): Promise<HistorySample[]> {
    const rows = await this.db
      .selectFrom('tag_history_staging')
      .select('samples')
      .where('device_id', '=', deviceId)
      .orderBy('id')
      .execute();
    const out: HistorySample[] = [];
    for (const r of rows)
      for (const s of decodeStaged(r.samples)) if (s.tag === tag && s.ts >= from && s.ts < to) out.push(s);
    return out;
  }

  private chunksOf(deviceId: number, tag: string, from: number, to: number) {
    return this.db
      .selectFrom('tag_history_chunks')
      .where('device_id', '=', deviceId)
      .where('tag', '=', tag)
      .where('t0', '<', to)
      .where('t1', '>=', from);
  }

  /**
   * Min, max, average and count of the numeric samples per bucket of `bucketMs` from `from`. A chunk
   * wholly inside one bucket counts by its aggregates; the samples of the others, and the staged
   * ones, are read one by one.
   */
  async buckets(deviceId: number, tag: string, from: number, to: number, bucketMs: number) {
    const acc = new Map<number, { min: number; max: number; sum: number; count: number }>();
    const bucketOf = (ts: number) => Math.floor((ts - from) / bucketMs);
    const add = (b: number, min: number, max: number, sum: number, count: number) => {
      const x = acc.get(b);
      if (!x) acc.set(b, { min, max, sum, count });
      else {
        x.min = Math.min(x.min, min);
        x.max = Math.max(x.max, max);
        x.sum += sum;
        x.count += count;
      }
    };
    const addSample = (s: HistorySample) => {
      if (s.num !== null && s.ts >= from && s.ts < to) add(bucketOf(s.ts), s.num, s.num, s.num, 1);
    };
    const chunks = await this.chunksOf(deviceId, tag, from, to)
      .select(['id', 't0', 't1', 'num_n', 'num_min', 'num_max', 'num_sum'])
      .where('num_n', '>', 0)
      .execute();
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
      for (const r of rows) for (const s of decodeChunk(r.samples)) addSample(s);
    }
    for (const s of await this.stagedOf(deviceId, tag, from, to)) addSample(s);
    return [...acc]
      .sort(([a], [b]) => a - b)
      .map(([b, x]) => ({
        t: from + b * bucketMs,
        min: x.min,
        max: x.max,
        avg: x.sum / x.count,
        count: x.count,
      }));
  }

  /** The newest `limit` samples within [from, to), oldest first. */
  async samples(deviceId: number, tag: string, from: number, to: number, limit: number) {
    const found = await this.stagedOf(deviceId, tag, from, to);
    const chunks = await this.chunksOf(deviceId, tag, from, to)
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

  /** Deletes the chunks whose newest sample is older than `before`; returns the samples deleted. */
  async pruneHistory(before: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const r = await trx
        .selectFrom('tag_history_chunks')
        .select((eb) => eb.fn.sum<number | null>('n').as('n'))
        .where('t1', '<', before)
        .executeTakeFirstOrThrow();
      await trx.deleteFrom('tag_history_chunks').where('t1', '<', before).execute();
      return Number(r.n ?? 0);
    });
  }

  insertCommand(row: Database['device_commands'], q: Q = this.db) {
    return q.insertInto('device_commands').values(row).execute();
  }

  command(deviceId: number, id: string) {
    return this.db
      .selectFrom('device_commands')
      .selectAll()
      .where('device_id', '=', deviceId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Finishes a pending command of the device with this SN; the row when this call finished it. */
  async finishCommand(sn: string, id: string, status: 'done' | 'failed', error: string | null, at: number) {
    const cmd = await this.db
      .selectFrom('device_commands')
      .innerJoin('devices', 'devices.id', 'device_commands.device_id')
      .selectAll('device_commands')
      .select(['devices.team_id', 'devices.sn'])
      .where('device_commands.id', '=', id)
      .executeTakeFirst();
    if (!cmd || cmd.sn !== sn || cmd.status !== 'pending') return null;
    const r = await this.db
      .updateTable('device_commands')
      .set({ status, error, updated_at: at })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0 ? { ...cmd, status, error, updated_at: at } : null;
  }

  /** Pending commands created before `before` (ms), to be failed with `timeout`. */
  async expireCommands(before: number) {
    const rows = await this.db
      .selectFrom('device_commands')
      .innerJoin('devices', 'devices.id', 'device_commands.device_id')
      .select(['device_commands.id', 'devices.sn'])
      .where('device_commands.status', '=', 'pending')
      .where('device_commands.created_at', '<', before)
      .execute();
    return rows;
  }

  pruneCommands(before: number) {
    return this.db.deleteFrom('device_commands').where('created_at', '<', before).execute();
  }

  async isRevoked(sns: readonly string[]): Promise<string[]> {
    if (!sns.length) return [];
    const rows = await this.db
      .selectFrom('hardware')
      .select('sn')
      .where('sn', 'in', [...sns])
      .where('revoked_at', 'is not', null)
      .execute();
    return rows.map((r) => r.sn);
  }
}
