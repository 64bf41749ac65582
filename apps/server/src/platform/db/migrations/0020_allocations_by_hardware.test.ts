import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TagDataType } from '@hmi/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databases } from '../../../test/databases';
import { provisionFleet } from '../../../test/fleet';
import { migrate, openDatabase } from '../index';

describe.each(databases)('migration 0020 (allocations by hardware) on $name', (database) => {
  it('gives existing allocations their SN, keeps them past an unbind, and back down', async () => {
    const target = await database.create();
    const dataDir = mkdtempSync(join(tmpdir(), 'hmi-m0020-'));
    const store = openDatabase({ databaseUrl: target.env.DATABASE_URL ?? null, dataDir });
    try {
      await migrate(store, '0017_alarm_record_counts');
      const fleet = await provisionFleet(store, {
        count: 2,
        prefix: 'M18',
        tags: [{ name: 'temp', data_type: TagDataType.FLOAT, save_history: true }],
      });
      const [kept, unbound] = fleet.devices;
      if (!kept || !unbound) throw new Error('no devices');
      for (const d of fleet.devices)
        await sql`insert into billing_allocations
          (team_id, device_id, tag_count, frequency_min, starts_at, ends_at, created_by)
          values (${fleet.teamId}, ${d.id}, 4, 1, 0, 100, 1)`.execute(store.db);

      await migrate(store);
      const rows = () =>
        store.db.selectFrom('billing_allocations').select(['device_id', 'sn']).orderBy('id').execute();
      expect(await rows()).toEqual([
        { device_id: kept.id, sn: kept.sn },
        { device_id: unbound.id, sn: unbound.sn },
      ]);
      await store.db.deleteFrom('devices').where('id', '=', unbound.id).execute();
      expect(await rows()).toEqual([
        { device_id: kept.id, sn: kept.sn },
        { device_id: null, sn: unbound.sn },
      ]);

      await migrate(store, '0017_alarm_record_counts');
      const back = await sql<{ device_id: number }>`select device_id from billing_allocations`.execute(
        store.db,
      );
      expect(back.rows.map((r) => Number(r.device_id))).toEqual([kept.id]);
    } finally {
      await store.close();
      await target.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
