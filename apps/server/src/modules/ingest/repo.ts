import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { acceptSeq, parseWindow, windowHex } from './window';

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

/** A tag_history row: device_id, tag, ts, seq, pos, num, value. */
type HistoryRow = [number, string, number, number, number, number | null, string];
/** A tag_latest row: device_id, tag, value, ts. */
type LatestRow = [number, string, string, number];

const CHUNK = 400;

function chunks<T>(rows: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** SQL of connectivity: latest values, history, ingest cursors, commands, online and sync state. */
export class IngestRepo {
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
   * with save history, add history rows. Returns, per batch, whether it was stored.
   */
  async storeBatches(batches: readonly PendingBatch[], nowMs: number): Promise<boolean[]> {
    return this.db.transaction().execute(async (trx) => {
      const sns = [...new Set(batches.map((b) => b.sn))];
      // PostgreSQL: every cursor row must exist to be locked below (instances share the stream).
      // SQLite has one writer; the upsert after the window check creates missing rows.
      if (this.dialect === 'postgres')
        for (const part of chunks(sns))
          await trx
            .insertInto('ingest_cursor')
            .values(part.map((sn) => ({ sn, high_seq: -1, window: '0', updated_at: nowMs })))
            .onConflict((oc) => oc.column('sn').doNothing())
            .execute();
      const windows = new Map<string, ReturnType<typeof parseWindow>>();
      for (const part of chunks(sns)) {
        let q = trx.selectFrom('ingest_cursor').selectAll().where('sn', 'in', part);
        if (this.dialect === 'postgres') q = q.forUpdate();
        for (const r of await q.execute()) windows.set(r.sn, parseWindow(Number(r.high_seq), r.window));
      }
      const accepted = batches.map((b) => {
        let w = windows.get(b.sn);
        if (!w) windows.set(b.sn, (w = parseWindow(-1, '0')));
        return acceptSeq(w, b.seq);
      });
      for (const part of chunks(sns))
        await trx
          .insertInto('ingest_cursor')
          .values(
            part.map((sn) => {
              const w = windows.get(sn) ?? { high: -1, bits: 0n };
              return { sn, high_seq: w.high, window: windowHex(w), updated_at: nowMs };
            }),
          )
          .onConflict((oc) =>
            oc.column('sn').doUpdateSet((eb) => ({
              high_seq: eb.ref('excluded.high_seq'),
              window: eb.ref('excluded.window'),
              updated_at: eb.ref('excluded.updated_at'),
            })),
          )
          .execute();

      const history: HistoryRow[] = [];
      const latest = new Map<string, LatestRow>();
      batches.forEach((b, i) => {
        if (!accepted[i]) return;
        b.samples.forEach((s, pos) => {
          if (s.history) history.push([b.deviceId, s.tag, s.ts, b.seq, pos, s.num, s.value]);
          const key = `${b.deviceId}\u0000${s.tag}`;
          const prev = latest.get(key);
          if (!prev || s.ts >= prev[3]) latest.set(key, [b.deviceId, s.tag, s.value, s.ts]);
        });
      });
      await this.appendHistory(trx, history);
      await this.upsertLatest(trx, [...latest.values()]);
      return accepted;
    });
  }

  /*
   * The two statements below take any number of rows with a constant SQL text: the rows travel as
   * one JSON parameter (SQLite json_each) or as one array per column (PostgreSQL unnest). Building
   * and preparing a multi-row VALUES list per batch cost more than storing the rows.
   */

  private async appendHistory(trx: Transaction<Database>, rows: readonly HistoryRow[]): Promise<void> {
    if (!rows.length) return;
    if (this.dialect === 'sqlite') {
      await sql`insert into tag_history (device_id, tag, ts, seq, pos, num, value)
        select r.value ->> 0, r.value ->> 1, r.value ->> 2, r.value ->> 3, r.value ->> 4,
               r.value ->> 5, r.value ->> 6
        from json_each(${JSON.stringify(rows)}) as r`.execute(trx);
      return;
    }
    const col = <K extends 0 | 1 | 2 | 3 | 4 | 5 | 6>(k: K) => rows.map((r) => r[k]);
    await sql`insert into tag_history (device_id, tag, ts, seq, pos, num, value)
      select * from unnest(${col(0)}::integer[], ${col(1)}::text[], ${col(2)}::bigint[],
                           ${col(3)}::bigint[], ${col(4)}::integer[],
                           ${col(5)}::double precision[], ${col(6)}::text[])`.execute(trx);
  }

  /** Rows are unique by (device, TAG); a stored sample newer than the row's stays. */
  private async upsertLatest(trx: Transaction<Database>, rows: readonly LatestRow[]): Promise<void> {
    if (!rows.length) return;
    const newer = sql`on conflict (device_id, tag) do update set value = excluded.value, ts = excluded.ts
      where excluded.ts >= tag_latest.ts`;
    if (this.dialect === 'sqlite') {
      // "where true" keeps SQLite from reading ON CONFLICT as a join constraint of the SELECT.
      await sql`insert into tag_latest (device_id, tag, value, ts)
        select r.value ->> 0, r.value ->> 1, r.value ->> 2, r.value ->> 3
        from json_each(${JSON.stringify(rows)}) as r where true ${newer}`.execute(trx);
      return;
    }
    const col = <K extends 0 | 1 | 2 | 3>(k: K) => rows.map((r) => r[k]);
    await sql`insert into tag_latest (device_id, tag, value, ts)
      select * from unnest(${col(0)}::integer[], ${col(1)}::text[], ${col(2)}::text[], ${col(3)}::bigint[])
      ${newer}`.execute(trx);
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

  async buckets(deviceId: number, tag: string, from: number, to: number, bucketMs: number) {
    const r = await sql<{ b: number; min: number; max: number; avg: number; count: number }>`
      select cast((ts - ${from}) / ${bucketMs} as integer) as b, min(num) as min, max(num) as max,
             cast(avg(num) as double precision) as avg, count(*) as count
      from tag_history
      where device_id = ${deviceId} and tag = ${tag} and ts >= ${from} and ts < ${to} and num is not null
      group by 1
      order by 1`.execute(this.db);
    return r.rows.map((x) => ({
      t: from + Number(x.b) * bucketMs,
      min: Number(x.min),
      max: Number(x.max),
      avg: Number(x.avg),
      count: Number(x.count),
    }));
  }

  async samples(deviceId: number, tag: string, from: number, to: number, limit: number) {
    const rows = await this.db
      .selectFrom('tag_history')
      .select(['ts', 'value'])
      .where('device_id', '=', deviceId)
      .where('tag', '=', tag)
      .where('ts', '>=', from)
      .where('ts', '<', to)
      .orderBy('ts', 'desc')
      .limit(limit)
      .execute();
    return rows.reverse().map((r) => ({ t: Number(r.ts), value: r.value }));
  }

  /**
   * Deletes history older than `before`. SQLite's table is clustered on (device_id, tag, ts, …)
   * with no index on ts: the (device, TAG) pairs are found by seeking from one to the next along
   * the key, and each pair's old rows are one range of it, deleted by a statement of its own so
   * that no single write holds the database for long.
   */
  async pruneHistory(before: number): Promise<number> {
    if (this.dialect === 'postgres') {
      const r = await this.db.deleteFrom('tag_history').where('ts', '<', before).executeTakeFirst();
      return Number(r.numDeletedRows);
    }
    let deleted = 0;
    let pair = await this.db
      .selectFrom('tag_history')
      .select(['device_id', 'tag'])
      .orderBy('device_id')
      .orderBy('tag')
      .limit(1)
      .executeTakeFirst();
    while (pair) {
      const r = await this.db
        .deleteFrom('tag_history')
        .where('device_id', '=', pair.device_id)
        .where('tag', '=', pair.tag)
        .where('ts', '<', before)
        .executeTakeFirst();
      deleted += Number(r.numDeletedRows);
      const { device_id, tag } = pair;
      pair = await this.db
        .selectFrom('tag_history')
        .select(['device_id', 'tag'])
        .where((eb) => eb(eb.refTuple('device_id', 'tag'), '>', eb.tuple(device_id, tag)))
        .orderBy('device_id')
        .orderBy('tag')
        .limit(1)
        .executeTakeFirst();
    }
    return deleted;
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
