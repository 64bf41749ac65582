import { deviceHistoryExport, HISTORY_EXPORT_PAGE, Permission, type HistoryExportRow } from '@hmi/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount, createSubAccount, type TestAccount } from '../../test/accounts';
import { databases } from '../../test/databases';
import { api } from '../../test/harness';
import { useHarness } from '../../test/suite';
import { importHistory } from '../../test/history';
import { boundDevice } from '../../test/mqtt';
import { ChunkBuilder } from './history-chunks';
import { WritePath } from './repo/write-path';

const HOUR = 3_600_000;
const FROM = Date.UTC(2026, 0, 1);

describe.each(databases)('TAG history export pages on $name', (database) => {
  let main: TestAccount;
  let n = 0;
  const tag = () => `hx${database.name}${(n += 1)}`;

  const h = useHarness(database, { env: { BILLING: 'off' } });
  beforeAll(async () => {
    main = await createMainAccount(h, 50);
  });

  const page = (as: TestAccount, id: number, query: Record<string, unknown>) =>
    api(h.app, deviceHistoryExport, { params: { id }, query: query as never, token: as.token });

  /** Every page from `from` to `to`, as the browser walks them. */
  async function walk(as: TestAccount, id: number, tagId: number, from: number, to: number) {
    const pages: HistoryExportRow[][] = [];
    let cursor: string | undefined;
    do {
      const r = await page(as, id, { tag: tagId, from, to, ...(cursor ? { cursor } : {}) });
      expect(r.body.code).toBe(0);
      const data = r.body.data as { rows: HistoryExportRow[]; next: string | null };
      pages.push(data.rows);
      cursor = data.next ?? undefined;
    } while (cursor);
    return pages;
  }

  it('walks every stored point once, oldest first, in pages of at most 5,000, filed and staged', async () => {
    const d = await boundDevice(h, main, tag());
    // Three hours at 1 s, filed in three goes (three chunks an hour, each spanning the hour), and 12
    // points of one time across the first page's end: each is sent once, in the same order.
    const rows = Array.from({ length: 3 * 3600 }, (_, i) => ({
      device_id: d.deviceId,
      tag: 'temp',
      ts: FROM + i * 1000,
      num: i,
      value: String(i),
    }));
    const tie = FROM + 4990 * 1000;
    const ties = Array.from({ length: 12 }, (_, k) => ({
      device_id: d.deviceId,
      tag: 'temp',
      ts: tie,
      num: -k,
      value: `-${k}`,
    }));
    for (let k = 0; k < 3; k += 1)
      await importHistory(
        h,
        rows.filter((_, i) => i % 3 === k),
      );
    await importHistory(h, ties);
    // Not yet filed: a staged sample after them.
    const staged = FROM + 3 * HOUR + 500;
    await new WritePath(h.app.database.db, h.app.database.dialect).storeBatches(
      [
        {
          sn: d.sn,
          seq: 1,
          deviceId: d.deviceId,
          samples: [{ tag: 'temp', value: '7.5', num: 7.5, ts: staged, history: true }],
        },
      ],
      staged,
    );

    const pages = await walk(main, d.deviceId, d.tagId('temp'), FROM, FROM + 4 * HOUR);
    const all = pages.flat();
    expect(pages.map((p) => p.length)).toEqual([5000, 5000, 3600 * 3 + 12 + 1 - 10_000]);
    expect(pages.every((p) => p.length <= HISTORY_EXPORT_PAGE)).toBe(true);
    expect(all.map((r) => r.t)).toEqual([...all.map((r) => r.t)].sort((a, b) => a - b));
    const expected = [...rows, ...ties].map((r) => `${r.ts}/${r.value}`);
    expected.push(`${staged}/7.5`);
    expect(all.map((r) => `${r.t}/${r.value}`).sort()).toEqual(expected.sort());
    // Raw samples carry no aggregates.
    expect(all[0]).toEqual({ t: FROM, value: '0', min: null, max: null, avg: null, count: null });

    // The range cuts both ends: [from, to).
    const cut = (await walk(main, d.deviceId, d.tagId('temp'), FROM + 1000, FROM + 4000)).flat();
    expect(cut.map((r) => r.value)).toEqual(['1', '2', '3']);
    expect(await walk(main, d.deviceId, d.tagId('temp'), FROM - HOUR, FROM)).toEqual([[]]);
  });

  it('exports the interval points of an allocation with their min, max, average and count', async () => {
    const d = await boundDevice(h, main, tag());
    const chunks = new ChunkBuilder(() => 60_000);
    // Two minutes of four samples each: 1..4 and 10, 20, 30, 40.
    for (const [i, num] of [1, 2, 3, 4, 10, 20, 30, 40].entries())
      chunks.add(d.deviceId, {
        tag: 'temp',
        ts: FROM + Math.floor(i / 4) * 60_000 + (i % 4) * 1000,
        num,
        value: String(num),
      });
    await h.app.database.db.insertInto('tag_history_chunks').values(chunks.rows()).execute();
    const [rows] = await walk(main, d.deviceId, d.tagId('temp'), FROM, FROM + HOUR);
    expect(rows).toEqual([
      { t: FROM, value: '4', min: 1, max: 4, avg: 2.5, count: 4 },
      { t: FROM + 60_000, value: '40', min: 10, max: 40, avg: 25, count: 4 },
    ]);
  });

  it('string TAGs export their text as stored (the file escapes formulas)', async () => {
    const d = await boundDevice(h, main, tag());
    await importHistory(h, [
      { device_id: d.deviceId, tag: 'label', ts: FROM, num: null, value: '=HYPERLINK("x")' },
      { device_id: d.deviceId, tag: 'label', ts: FROM + 1, num: null, value: 'ok' },
    ]);
    const [rows] = await walk(main, d.deviceId, d.tagId('label'), FROM, FROM + HOUR);
    expect(rows?.map((r) => r.value)).toEqual(['=HYPERLINK("x")', 'ok']);
  });

  it('refuses another team (1003), no device view (1002), no data permission (1003) and bad input (1006)', async () => {
    const d = await boundDevice(h, main, tag());
    await importHistory(h, [{ device_id: d.deviceId, tag: 'temp', ts: FROM, num: 1, value: '1' }]);
    const q = { tag: d.tagId('temp'), from: FROM, to: FROM + HOUR };
    const other = await createMainAccount(h, 1);
    expect((await page(other, d.deviceId, q)).body).toMatchObject({ code: 1003 });
    const noView = await createSubAccount(h, main.teamId, [Permission.DASHBOARD_VIEW]);
    expect((await page(noView, d.deviceId, q)).body).toMatchObject({ code: 1002 });
    // Device view but no group or template granted: the device is not in its scope.
    const notGranted = await createSubAccount(h, main.teamId, [Permission.DEVICE_VIEW]);
    expect((await page(notGranted, d.deviceId, q)).body).toMatchObject({ code: 1003 });

    const refused = async (query: Record<string, unknown>, field: string) =>
      expect((await page(main, d.deviceId, query)).body).toMatchObject({ code: 1006, data: { field } });
    await refused({ ...q, from: q.to, to: q.from }, 'to');
    await refused({ ...q, to: q.from + 401 * 24 * HOUR }, 'to');
    await refused({ ...q, cursor: 'abc' }, 'cursor');
    await refused({ ...q, cursor: `${q.to}:0` }, 'cursor');
    await refused({ ...q, cursor: `${q.from - 1}:0` }, 'cursor');
    await refused({ ...q, cursor: `${q.from}:9999999` }, 'cursor');
    await refused({ ...q, tag: 999_999 }, 'tag');
    expect((await page(main, d.deviceId, q)).body.data).toMatchObject({ rows: [{ t: FROM }], next: null });
  });
});
