import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount, type TestAccount } from '../../test/accounts';
import { databases, type TestDatabase } from '../../test/databases';
import type { Harness } from '../../test/harness';
import { useHarness } from '../../test/suite';
import { boundDevice } from '../../test/mqtt';
import { HistoryStore } from './repo/history-store';
import { WritePath, type PendingBatch } from './repo/write-path';

const T0 = 1772352000000;
const HOUR = 3_600_000;

/** `count` batches of the device from `firstSeq`, `step` ms apart, each with a temp and a label sample. */
function batches(
  d: { sn: string; deviceId: number },
  firstSeq: number,
  count: number,
  step = 1,
): PendingBatch[] {
  return Array.from({ length: count }, (_, i) => {
    const seq = firstSeq + i;
    const ts = T0 + seq * step;
    return {
      sn: d.sn,
      seq,
      deviceId: d.deviceId,
      samples: [
        { tag: 'temp', value: String(seq / 2), num: seq / 2, ts, history: true },
        { tag: 'label', value: `s${seq}`, num: null, ts, history: true },
        { tag: 'running', value: '1', num: 1, ts, history: false },
      ],
    };
  });
}

interface Stores {
  h: Harness;
  main: TestAccount;
  writes: WritePath;
  history: HistoryStore;
}

/** Opens a harness, a main account and the history write path and store for a suite (`use` takes them). */
function withStores(database: TestDatabase, use: (s: Stores) => void): void {
  const h = useHarness(database);
  beforeAll(async () => {
    const { db, dialect } = h.app.database;
    use({
      h,
      main: await createMainAccount(h, 50),
      writes: new WritePath(db, dialect),
      history: new HistoryStore(db, dialect),
    });
  });
}

describe.each(databases)('TAG history staging, filing and reading on $name', (database) => {
  let h: Harness;
  let main: TestAccount;
  let writes: WritePath;
  let history: HistoryStore;
  let n = 0;
  const tag = () => `hs${database.name}${(n += 1)}`;

  withStores(database, (s) => ({ h, main, writes, history } = s));

  const count = async (table: 'tag_history_staging' | 'tag_history_chunks', deviceId: number) =>
    Number(
      (
        await h.app.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('device_id', '=', deviceId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('stages a row per device and transaction, readable at once, and files each sample exactly once', async () => {
    // What earlier tests of this app staged is filed first: the counts below are this test's.
    await h.app.connectivity.ingest.fileHistory(Infinity);
    const a = await boundDevice(h, main, tag());
    const b = await boundDevice(h, main, tag());
    await writes.storeBatches([...batches(a, 1, 3), ...batches(b, 1, 2)], T0);
    await writes.storeBatches(batches(a, 4, 2), T0);

    expect([
      await count('tag_history_staging', a.deviceId),
      await count('tag_history_staging', b.deviceId),
    ]).toEqual([2, 1]);
    expect(await count('tag_history_chunks', a.deviceId)).toBe(0);
    const staged = await history.historyOf(a.deviceId);
    // TAGs with save history only, every sample as it came.
    expect(staged.filter((s) => s.tag === 'temp').map((s) => [s.ts, s.num, s.value])).toEqual(
      [1, 2, 3, 4, 5].map((seq) => [T0 + seq, seq / 2, String(seq / 2)]),
    );
    expect(staged.filter((s) => s.tag === 'label').map((s) => [s.num, s.value])).toEqual(
      [1, 2, 3, 4, 5].map((seq) => [null, `s${seq}`]),
    );
    const bucketsBefore = await history.buckets(a.deviceId, 'temp', T0, T0 + 10, 2);
    const samplesBefore = await history.samples(a.deviceId, 'label', T0, T0 + 10, 100);
    expect(bucketsBefore.reduce((s, x) => s + x.count, 0)).toBe(5);
    expect(samplesBefore.map((s) => s.value)).toEqual(['s1', 's2', 's3', 's4', 's5']);

    // Oldest staged row first: the first transaction's row of a or of b.
    const first = await history.fileStaged(1);
    expect([6, 4]).toContain(first);
    expect(await history.fileStaged(500)).toBe(14 - first);
    expect(await history.fileStaged(500)).toBe(0);

    expect([
      await count('tag_history_staging', a.deviceId),
      await count('tag_history_staging', b.deviceId),
    ]).toEqual([0, 0]);
    // One chunk per TAG and filing: temp and label of the two filings, or of the one.
    expect(await count('tag_history_chunks', a.deviceId)).toBeGreaterThanOrEqual(2);
    expect(await history.historyOf(a.deviceId)).toEqual(staged);
    expect(await history.historyOf(b.deviceId)).toHaveLength(4);
    expect(await history.buckets(a.deviceId, 'temp', T0, T0 + 10, 2)).toEqual(bucketsBefore);
    expect(await history.samples(a.deviceId, 'label', T0, T0 + 10, 100)).toEqual(samplesBefore);
  });

  it('a redelivered batch is staged once; removing a device removes its staged and filed samples', async () => {
    await h.app.connectivity.ingest.fileHistory(Infinity);
    const d = await boundDevice(h, main, tag());
    expect(await writes.storeBatches(batches(d, 1, 2), T0)).toEqual([true, true]);
    await history.fileStaged(500);
    expect(await writes.storeBatches(batches(d, 2, 2), T0)).toEqual([false, true]);
    expect(await history.historyOf(d.deviceId)).toHaveLength(6);
    await h.app.database.db.deleteFrom('devices').where('id', '=', d.deviceId).execute();
    expect([
      await count('tag_history_staging', d.deviceId),
      await count('tag_history_chunks', d.deviceId),
    ]).toEqual([0, 0]);
    expect(await history.fileStaged(500)).toBe(0);
  });

  it('housekeeping (run at start) files the samples a stopped process left staged', async () => {
    const d = await boundDevice(h, main, tag());
    await writes.storeBatches(batches(d, 1, 4), T0);
    await h.app.connectivity.ingest.housekeeping();
    expect(await count('tag_history_staging', d.deviceId)).toBe(0);
    expect(await history.historyOf(d.deviceId)).toHaveLength(8);
  });

  it('filing serves the event loop between its transactions (SQLite runs each within one task)', async () => {
    const d = await boundDevice(h, main, tag());
    // 250 staging rows: one per transaction stored, three filing transactions of 100.
    for (let i = 0; i < 250; i += 1) await writes.storeBatches(batches(d, 1 + i, 1), T0);
    let done = false;
    const filing = h.app.connectivity.ingest.fileHistory(Infinity).then(() => (done = true));
    // A task queued now (as a request's I/O would be) runs before the filing has finished.
    const doneWhenServed = await new Promise<boolean>((resolve) => setImmediate(() => resolve(done)));
    await filing;
    expect(doneWhenServed).toBe(false);
    expect(await count('tag_history_staging', d.deviceId)).toBe(0);
    expect(await history.historyOf(d.deviceId)).toHaveLength(500);
  });

  it('chart buckets and samples agree with a sample-by-sample count, whole chunks and split ones', async () => {
    const d = await boundDevice(h, main, tag());
    // Three days, a sample every 7 minutes: filed hour chunks, plus the last hours still staged.
    const step = 7 * 60_000;
    const all = batches(d, 1, (3 * 24 * 60) / 7, step);
    await writes.storeBatches(all.slice(0, 500), T0);
    await history.fileStaged(500);
    await writes.storeBatches(all.slice(500), T0);
    const temps = all.flatMap((b) => b.samples.filter((s) => s.tag === 'temp'));
    const labels = all.flatMap((b) => b.samples.filter((s) => s.tag === 'label'));
    for (const [from, to, buckets, wholeHours] of [
      [T0, T0 + 3 * 24 * HOUR + step, 10, 0], // buckets of 7.2 h: most chunks whole
      [T0 + 1234567, T0 + 2 * 24 * HOUR + 7654321, 50, 0], // unaligned, buckets under an hour
      [T0 + 3 * HOUR, T0 + 3 * HOUR + 1, 1, 0],
      // Whole hours (chartBuckets' long ranges): stored hours, then the last hour's chunk and staged.
      [T0, T0 + 3 * 24 * HOUR + step, 0, 6],
      [T0, T0 + 30 * HOUR + 1234567, 0, 2],
    ] as const) {
      const bucketMs = wholeHours ? wholeHours * HOUR : Math.ceil((to - from) / buckets);
      const expected = new Map<number, { min: number; max: number; sum: number; count: number }>();
      for (const s of temps) {
        if (s.ts < from || s.ts >= to || s.num === null) continue;
        const b = Math.floor((s.ts - from) / bucketMs);
        const x = expected.get(b) ?? { min: Infinity, max: -Infinity, sum: 0, count: 0 };
        expected.set(b, {
          min: Math.min(x.min, s.num),
          max: Math.max(x.max, s.num),
          sum: x.sum + s.num,
          count: x.count + 1,
        });
      }
      const got = await history.buckets(d.deviceId, 'temp', from, to, bucketMs);
      expect(got.map((p) => [p.t, p.min, p.max, p.count])).toEqual(
        [...expected].sort(([x], [y]) => x - y).map(([b, x]) => [from + b * bucketMs, x.min, x.max, x.count]),
      );
      got.forEach((p, i) => {
        const x = [...expected].sort(([a], [b]) => a - b)[i]?.[1];
        expect(p.avg).toBeCloseTo((x?.sum ?? 0) / (x?.count ?? 1), 9);
      });
      const want = labels.filter((s) => s.ts >= from && s.ts < to).slice(-40);
      expect(await history.samples(d.deviceId, 'label', from, to, 40)).toEqual(
        want.map((s) => ({ t: s.ts, value: s.value })),
      );
    }
  });
});

// Several instances share one PostgreSQL database and file its staged rows at the same time.
describe.each(databases.filter((d) => d.name === 'postgres'))(
  'history filing by several instances on $name',
  (database) => {
    let h: Harness;
    let main: TestAccount;
    let writes: WritePath;
    let history: HistoryStore;
    let n = 0;

    withStores(database, (s) => ({ h, main, writes, history } = s));

    it('moves every staged row once', async () => {
      await h.app.connectivity.ingest.fileHistory(Infinity);
      const devices = await Promise.all([1, 2, 3].map(() => boundDevice(h, main, `sc${(n += 1)}`)));
      for (let seq = 1; seq <= 40; seq += 2)
        await writes.storeBatches(
          devices.flatMap((d) => batches(d, seq, 2)),
          T0,
        );
      const total = 3 * 40 * 2;
      const filer = async () => {
        let filed = 0;
        for (let got = await history.fileStaged(3); got; got = await history.fileStaged(3)) filed += got;
        return filed;
      };
      const filed = await Promise.all([filer(), filer(), filer(), filer()]);
      expect(filed.reduce((s, x) => s + x, 0)).toBe(total);
      expect(filed.filter((x) => x > 0).length).toBeGreaterThan(1);
      const stored = await Promise.all(devices.map((d) => history.historyOf(d.deviceId)));
      expect(stored.map((s) => s.length)).toEqual([80, 80, 80]);
      const left = await sql<{ n: number }>`select count(*) as n from tag_history_staging`.execute(
        h.app.database.db,
      );
      expect(Number(left.rows[0]?.n)).toBe(0);
    });

    it('an instance whose remembered cursor is stale stores under locks and still drops a redelivery', async () => {
      const d = await boundDevice(h, main, `sc${(n += 1)}`);
      // Two instances: each remembers the cursors of its own writes.
      const a = writes;
      const b = new WritePath(h.app.database.db, h.app.database.dialect);
      const one = (seq: number) => batches(d, seq, 1);
      expect(await a.storeBatches([...one(1), ...one(2)], T0)).toEqual([true, true]);
      // Instance b takes the next batch; a remembers the window as of seq 2.
      expect(await b.storeBatches(one(3), T0)).toEqual([true]);
      // The broker hands the same batch to a again (a redelivery): a's one-statement write expects the
      // cursor at seq 2, finds it moved, and the locked path sees seq 3 stored already.
      expect(await a.storeBatches(one(3), T0)).toEqual([false]);
      expect(await a.storeBatches(one(4), T0)).toEqual([true]);
      expect(await b.storeBatches(one(4), T0)).toEqual([false]);
      const temps = (await history.historyOf(d.deviceId, 'temp')).map((s) => s.num);
      expect(temps).toEqual([0.5, 1, 1.5, 2]);
    });

    it('two writes at once for the same device store each batch once, whichever wins', async () => {
      const d = await boundDevice(h, main, `sc${(n += 1)}`);
      const one = (seq: number) => batches(d, seq, 1);
      expect(await writes.storeBatches(one(1), T0)).toEqual([true]);
      // Both expect the window as of seq 1: one moves it, the other finds it moved and stores under the
      // row lock after the first commit, where its copy of seq 3 is a redelivery.
      const [x, y] = await Promise.all([
        writes.storeBatches([...one(2), ...one(3)], T0),
        writes.storeBatches([...one(3), ...one(4)], T0),
      ]);
      expect([x[0], y[1]]).toEqual([true, true]);
      expect([x[1], y[0]].filter(Boolean)).toHaveLength(1);
      expect(
        (await history.historyOf(d.deviceId, 'temp')).map((s) => Number(s.num)).sort((p, q) => p - q),
      ).toEqual([0.5, 1, 1.5, 2]);
      const cursor = await h.app.database.db
        .selectFrom('ingest_cursor')
        .select('high_seq')
        .where('sn', '=', d.sn)
        .executeTakeFirstOrThrow();
      expect(Number(cursor.high_seq)).toBe(4);
    });
  },
);
