import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TagDataType } from '@hmi/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databases } from '../../../test/databases';
import { historyOf } from '../../../test/history';
import { provisionFleet } from '../../../test/fleet';
import { migrate, openDatabase } from '../index';

const HOUR = 3_600_000;
const T0 = 1772352000000;

describe.each(databases)('migration 0010 (history in chunks) on $name', (database) => {
  it('moves every row of the old history into chunks, and back down', async () => {
    const target = await database.create();
    const dataDir = mkdtempSync(join(tmpdir(), 'hmi-m0010-'));
    const store = openDatabase({ databaseUrl: target.env.DATABASE_URL ?? null, dataDir });
    try {
      await migrate(store, '0009_history_layout');
      const fleet = await provisionFleet(store, {
        count: 2,
        prefix: 'MIG',
        tags: [{ name: 'temp', data_type: TagDataType.FLOAT, save_history: true }],
      });
      // Two devices, a float and a string TAG, three hours, two samples of one millisecond.
      const rows = fleet.devices.flatMap((d, k) =>
        Array.from({ length: 12 }, (_, i) => [
          {
            device_id: d.id,
            tag: 'temp',
            ts: T0 + i * 15 * 60_000 + k,
            seq: i,
            pos: 0,
            num: i + k / 10,
            value: String(i + k / 10),
          },
          {
            device_id: d.id,
            tag: 'label',
            ts: T0 + i * 15 * 60_000,
            seq: i,
            pos: 1,
            num: null,
            value: `ok ${i} ✓`,
          },
        ]).flat(),
      );
      const first = rows[0];
      if (!first) throw new Error('no rows');
      rows.push({ ...first, seq: 99, pos: 0, num: 7, value: '7' });
      for (const r of rows)
        await sql`insert into tag_history (device_id, tag, ts, seq, pos, num, value)
          values (${r.device_id}, ${r.tag}, ${r.ts}, ${r.seq}, ${r.pos}, ${r.num}, ${r.value})`.execute(
          store.db,
        );

      await migrate(store);
      const expected = (deviceId: number) =>
        rows
          .filter((r) => r.device_id === deviceId)
          .sort((a, b) => a.ts - b.ts || a.tag.localeCompare(b.tag) || a.seq - b.seq)
          .map(({ tag, ts, num, value }) => ({ tag, ts, num, value }));
      for (const d of fleet.devices) {
        const got = (await historyOf(store, d.id)).sort((a, b) => a.ts - b.ts || a.tag.localeCompare(b.tag));
        expect(got).toEqual(expected(d.id));
      }
      // One chunk per device, TAG and hour: 2 × 2 × 3.
      const chunks = await store.db.selectFrom('tag_history_chunks').select(['t0', 't1', 'n']).execute();
      expect(chunks).toHaveLength(12);
      expect(chunks.every((c) => Math.floor(Number(c.t0) / HOUR) === Math.floor(Number(c.t1) / HOUR))).toBe(
        true,
      );

      await migrate(store, '0009_history_layout');
      const back = await sql<{ n: number }>`select count(*) as n from tag_history`.execute(store.db);
      expect(Number(back.rows[0]?.n)).toBe(rows.length);
    } finally {
      await store.close();
      await target.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
