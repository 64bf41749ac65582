import { deviceHistory } from '@hmi/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount, type TestAccount } from '../../test/accounts';
import { databases } from '../../test/databases';
import { useHarness } from '../../test/suite';
import { importHistory } from '../../test/history';
import { boundDevice } from '../../test/mqtt';
import { ok } from '../../test/registry';
import { chartBuckets } from './history-chunks';
import { HistoryStore } from './repo/history-store';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('chart buckets', () => {
  it('are whole hours from an hour’s start once a bucket is an hour or more', () => {
    const from = Date.UTC(2026, 0, 1, 5, 17);
    // A month in 500 buckets would be 1.44 h each: 2 h from 05:00.
    expect(chartBuckets(from, from + 30 * DAY, 500, null)).toEqual({
      from: Date.UTC(2026, 0, 1, 5),
      bucketMs: 2 * HOUR,
    });
    // A day in 500 buckets stays as asked (chunks it splits are read sample by sample).
    expect(chartBuckets(from, from + DAY, 500, null)).toEqual({ from, bucketMs: Math.ceil(DAY / 500) });
    // A one-minute allocation: interval starts, then hours.
    expect(chartBuckets(from + 30_000, from + DAY, 2000, 60_000)).toEqual({ from, bucketMs: 60_000 });
    expect(chartBuckets(from, from + 30 * DAY, 500, 60_000).bucketMs).toBe(2 * HOUR);
    // An interval that does not divide an hour keeps its alignment.
    expect(chartBuckets(60_000, 30 * DAY, 500, 7 * 60_000)).toEqual({ from: 0, bucketMs: (30 * DAY) / 500 });
  });
});

describe.each(databases)('a month of one TAG on $name', (database) => {
  let main: TestAccount;

  const h = useHarness(database, { env: { BILLING: 'off' } });
  beforeAll(async () => {
    main = await createMainAccount(h, 50);
  });

  it('is answered from the stored hourly aggregates alone, however many chunks an hour was filed as', async () => {
    const d = await boundDevice(h, main, `month${database.name}`);
    const from = Date.UTC(2026, 0, 1);
    const step = 5 * 60_000;
    const rows = Array.from({ length: (30 * DAY) / step }, (_, i) => ({
      device_id: d.deviceId,
      tag: 'temp',
      ts: from + i * step,
      num: (i * 7) % 50,
      value: String((i * 7) % 50),
    }));
    // Filed in three goes, as ingest files every few seconds: three chunks an hour.
    for (let k = 0; k < 3; k += 1)
      await importHistory(
        h,
        rows.filter((_, i) => i % 3 === k),
      );
    const db = h.app.database.db;
    const stored = (table: 'tag_history_chunks' | 'tag_history_hours') =>
      db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('device_id', '=', d.deviceId)
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    expect(await stored('tag_history_chunks')).toBe(3 * 720);
    expect(await stored('tag_history_hours')).toBe(720);
    // The chunks gone: only the hours' aggregates are left to read.
    await db.deleteFrom('tag_history_chunks').where('device_id', '=', d.deviceId).execute();
    const r = await ok(h, main, deviceHistory, {
      params: { id: d.deviceId },
      query: { tag: d.tagId('temp'), from: from + 1234, to: from + 30 * DAY, buckets: 500 },
    });
    expect(r.bucket_ms).toBe(2 * HOUR);
    expect(r.points).toHaveLength(360);
    r.points.forEach((p, b) => {
      const inBucket = rows.filter((x) => x.ts >= from + b * 2 * HOUR && x.ts < from + (b + 1) * 2 * HOUR);
      const nums = inBucket.map((x) => x.num);
      expect(p).toMatchObject({
        t: from + b * 2 * HOUR,
        min: Math.min(...nums),
        max: Math.max(...nums),
        count: nums.length,
      });
      expect(p.avg).toBeCloseTo(nums.reduce((s, x) => s + x, 0) / nums.length, 9);
    });
  });

  it('retention deletes whole hours: chunks and the hours’ aggregates together', async () => {
    const d = await boundDevice(h, main, `prune${database.name}`);
    const t0 = Date.UTC(2026, 0, 2);
    const rows = [0, 1, 2].flatMap((hour) =>
      [0, 30, 59].map((min) => ({
        device_id: d.deviceId,
        tag: 'temp',
        ts: t0 + hour * HOUR + min * 60_000,
        num: hour,
        value: String(hour),
      })),
    );
    await importHistory(h, rows);
    const { db, dialect } = h.app.database;
    // Halfway through the second hour: the first goes, the second stays whole.
    expect(await new HistoryStore(db, dialect).pruneHistory(t0 + HOUR + 40 * 60_000)).toBe(3);
    const left = (table: 'tag_history_chunks' | 'tag_history_hours') =>
      db.selectFrom(table).select('num_min').where('device_id', '=', d.deviceId).orderBy('num_min').execute();
    expect(await left('tag_history_chunks')).toEqual([{ num_min: 1 }, { num_min: 2 }]);
    expect(await left('tag_history_hours')).toEqual([{ num_min: 1 }, { num_min: 2 }]);
  });
});
