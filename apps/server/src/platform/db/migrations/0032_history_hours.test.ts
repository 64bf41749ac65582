import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TagDataType } from '@hmi/contract';
import { describe, expect, it } from 'vitest';
import { databases } from '../../../test/databases';
import { provisionFleet } from '../../../test/fleet';
import { migrate, openDatabase } from '../index';

const HOUR = 3_600_000;

describe.each(databases)('migration 0032 (history hours) on $name', (database) => {
  it('sums the chunks stored before it per device, TAG and hour, and back down', async () => {
    const target = await database.create();
    const dataDir = mkdtempSync(join(tmpdir(), 'hmi-m0032-'));
    const store = openDatabase({ databaseUrl: target.env.DATABASE_URL ?? null, dataDir });
    try {
      await migrate(store, '0024_store_and_forward');
      const fleet = await provisionFleet(store, {
        count: 1,
        prefix: 'M32',
        tags: [{ name: 'temp', data_type: TagDataType.FLOAT, save_history: true }],
      });
      const deviceId = fleet.devices[0]?.id ?? 0;
      const t0 = 500_000 * HOUR;
      // Two filings of the same two hours (two chunks an hour), and a string TAG (no numbers). The
      // samples' bytes are not read by the migration.
      const chunk = (tag: string, t: number, nums: number[]) => ({
        device_id: deviceId,
        tag,
        t0: t,
        t1: t + 60_000,
        n: Math.max(1, nums.length),
        num_n: nums.length,
        num_min: nums.length ? Math.min(...nums) : null,
        num_max: nums.length ? Math.max(...nums) : null,
        num_sum: nums.length ? nums.reduce((a, b) => a + b, 0) : null,
        samples: Buffer.alloc(0),
      });
      await store.db
        .insertInto('tag_history_chunks')
        .values([
          chunk('temp', t0, [1, 5]),
          chunk('temp', t0 + HOUR, [1, 5]),
          chunk('temp', t0 + 2 * 60_000, [-2, 3]),
          chunk('temp', t0 + HOUR + 2 * 60_000, [-2, 3]),
          chunk('label', t0, []),
        ])
        .execute();
      await migrate(store);
      const hours = await store.db
        .selectFrom('tag_history_hours')
        .select(['tag', 'hour', 'num_n', 'num_min', 'num_max', 'num_sum'])
        .orderBy('hour')
        .execute();
      const hour = { tag: 'temp', num_n: 4, num_min: -2, num_max: 5, num_sum: 7 };
      expect(hours.map((r) => ({ ...r, hour: Number(r.hour), num_n: Number(r.num_n) }))).toEqual([
        { ...hour, hour: t0 },
        { ...hour, hour: t0 + HOUR },
      ]);
      await migrate(store, '0024_store_and_forward');
      await expect(store.db.selectFrom('tag_history_hours').selectAll().execute()).rejects.toThrow();
    } finally {
      await store.close();
      await target.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
