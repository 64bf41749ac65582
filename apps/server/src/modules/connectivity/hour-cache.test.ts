import { deviceHistory } from '@hmi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount, type TestAccount } from '../../test/accounts';
import { databases } from '../../test/databases';
import { startHarness, type Harness } from '../../test/harness';
import { importHistory } from '../../test/history';
import { boundDevice } from '../../test/mqtt';
import { ok } from '../../test/registry';
import { encodeStaged } from './history-codec';
import { HourCache } from './repo/hour-cache';
import { HistoryStore } from './repo/history-store';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const FROM = Date.UTC(2026, 1, 1);

describe('the hour cache (pure)', () => {
  const hours = (from: number, to: number) => ({
    from,
    to,
    hour: new Float64Array([from]),
    n: new Float64Array([1]),
    min: new Float64Array([1]),
    max: new Float64Array([1]),
    sum: new Float64Array([1]),
  });

  it('keeps no read made before a change committed, and drops pairs whose hours changed', () => {
    const cache = new HourCache();
    const readAt = cache.now;
    cache.changed([{ device_id: 1, tag: 't', hour: FROM + 5 * HOUR }]);
    cache.keep(1, 't', hours(FROM, FROM + DAY), readAt);
    expect(cache.covering(1, 't', FROM, FROM + DAY)).toBeUndefined();

    cache.keep(1, 't', hours(FROM, FROM + DAY), cache.now);
    expect(cache.covering(1, 't', FROM + HOUR, FROM + DAY)).toBeDefined();
    // A wider range than kept is read again.
    expect(cache.covering(1, 't', FROM, FROM + DAY + HOUR)).toBeUndefined();
    // The hour going on (from `to`) and other pairs leave it.
    cache.changed([
      { device_id: 1, tag: 't', hour: FROM + DAY },
      { device_id: 2, tag: 't', hour: FROM },
      { device_id: 1, tag: 'u', hour: FROM },
    ]);
    expect(cache.covering(1, 't', FROM, FROM + DAY)).toBeDefined();
    cache.changed([{ device_id: 1, tag: 't', hour: FROM + DAY - HOUR }]);
    expect(cache.covering(1, 't', FROM, FROM + DAY)).toBeUndefined();
  });

  it('holds at most its hours, dropping the pairs used least lately', () => {
    const cache = new HourCache(3);
    const two = (from: number) => ({
      ...hours(from, from + 2 * HOUR),
      hour: new Float64Array([from, from + HOUR]),
    });
    cache.keep(1, 't', two(FROM), cache.now);
    cache.keep(2, 't', two(FROM), cache.now);
    expect(cache.covering(1, 't', FROM, FROM + 2 * HOUR)).toBeUndefined();
    expect(cache.covering(2, 't', FROM, FROM + 2 * HOUR)).toBeDefined();
    // More hours than it may hold at all: not kept, and nothing else dropped for it.
    cache.keep(3, 't', { ...two(FROM), hour: new Float64Array(4) }, cache.now);
    expect(cache.covering(3, 't', FROM, FROM + 2 * HOUR)).toBeUndefined();
    expect(cache.covering(2, 't', FROM, FROM + 2 * HOUR)).toBeDefined();
  });
});

describe.each(databases)('a month’s chart after its hours change, on $name', (database) => {
  let h: Harness;
  let main: TestAccount;

  beforeAll(async () => {
    h = await startHarness(database, { BILLING: 'off' });
    main = await createMainAccount(h, 50);
  });
  afterAll(async () => {
    await h.close();
  });

  it('shows late samples filed into closed hours, and no pruned hour', async () => {
    const d = await boundDevice(h, main, `hourcache${database.name}`);
    const month = Array.from({ length: 30 * 24 }, (_, i) => ({
      device_id: d.deviceId,
      tag: 'temp',
      ts: FROM + i * HOUR + 60_000,
      num: 10,
      value: '10',
    }));
    await importHistory(h, month);
    const chart = () =>
      ok(h, main, deviceHistory, {
        params: { id: d.deviceId },
        query: { tag: d.tagId('temp'), from: FROM, to: FROM + 30 * DAY, buckets: 500 },
      });
    const first = await chart();
    expect(first.points).toHaveLength(360);
    expect(first.points[3]).toMatchObject({ min: 10, max: 10, count: 2 });

    // Late data, imported: the seventh hour (bucket 3) gets a sample.
    await importHistory(h, [
      { device_id: d.deviceId, tag: 'temp', ts: FROM + 6 * HOUR + 5, num: 40, value: '40' },
    ]);
    expect((await chart()).points[3]).toMatchObject({ min: 10, max: 40, count: 3 });

    // Late data, staged by ingest and filed: the eighth hour (bucket 3 too).
    const { db, dialect } = h.app.database;
    const late = [{ tag: 'temp', ts: FROM + 7 * HOUR + 9, num: 1, value: '1' }];
    await db
      .insertInto('tag_history_staging')
      .values({ device_id: d.deviceId, n: 1, samples: encodeStaged(late) })
      .execute();
    await new HistoryStore(db, dialect).fileStaged(100);
    expect((await chart()).points[3]).toMatchObject({ min: 1, max: 40, count: 4 });

    // Retention: the first day goes.
    await new HistoryStore(db, dialect).pruneHistory(FROM + DAY);
    const pruned = await chart();
    expect(pruned.points).toHaveLength(348);
    expect(pruned.points[0]?.t).toBe(FROM + DAY);
  });
});
