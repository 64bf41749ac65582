import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databases } from '../../../test/databases';
import { alarmRecordRow, atMigration } from '../../../test/migration-store';
import { migrate } from '../index';

describe.each(databases)('migration 0036 (alarm KPI running sums) on $name', (database) => {
  it('sums the records already there, keeps the sums on writes, and goes back down', async () => {
    await atMigration(database, '0035_chatter_marks', 1, async (store, fleet) => {
      const deviceId = fleet.devices[0]?.id ?? 0;
      const T = 2_592_000 * 700;
      const record = (at: number, ack: number | null, rec: number | null) => ({
        ...alarmRecordRow(fleet, deviceId, at),
        state: rec === null ? 1 : 4,
        response_at: ack === null ? null : at + ack,
        recovery_at: rec === null ? null : at + rec,
      });
      // Two in the bucket before T (one recovered after more than a day), one in T's.
      await store.db
        .insertInto('alarm_records')
        .values([record(T - 700, 30, 90_000), record(T - 100, null, 20), record(T + 5, 10, 40)])
        .execute();
      await migrate(store);
      const pairs = () =>
        store.db
          .selectFrom('alarm_kpi_pairs')
          .select([
            'bucket',
            'rule_key',
            'level',
            'n',
            'ack_sum',
            'ack_n',
            'rec_sum',
            'rec_n',
            'stale',
            'chatter',
          ])
          .orderBy('bucket')
          .execute()
          .then((rows) => rows.map((r) => Object.values(r).map(Number)));
      expect(await pairs()).toEqual([
        [699, 0, 8, 2, 30, 1, 90_020, 2, 1, 0],
        [700, 0, 8, 1, 10, 1, 40, 1, 0, 0],
      ]);
      const windows = () =>
        store.db
          .selectFrom('alarm_kpi_windows')
          .select(['w', 'n'])
          .orderBy('w')
          .execute()
          .then((rows) => rows.map((r) => [Number(r.w), Number(r.n)]));
      expect(await windows()).toEqual([
        [T / 600 - 2, 1],
        [T / 600 - 1, 1],
        [T / 600, 1],
      ]);
      // From now on the triggers keep them: a raise, and the first record taken away.
      await store.db
        .insertInto('alarm_records')
        .values(record(T + 50, null, null))
        .execute();
      await store.db
        .deleteFrom('alarm_records')
        .where('alarm_at', '=', T - 700)
        .execute();
      expect(await pairs()).toEqual([
        [699, 0, 8, 1, 0, 0, 20, 1, 0, 0],
        [700, 0, 8, 2, 10, 1, 40, 1, 0, 0],
      ]);
      expect(await windows()).toEqual([
        [T / 600 - 2, 0],
        [T / 600 - 1, 1],
        [T / 600, 2],
      ]);

      await migrate(store, '0035_chatter_marks');
      await expect(sql`select n from alarm_kpi_pairs`.execute(store.db)).rejects.toThrow();
      // No trigger left behind to write into the dropped tables.
      await store.db
        .insertInto('alarm_records')
        .values(record(T + 900, null, 5))
        .execute();
    });
  });
});
