import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databases } from '../../../test/databases';
import { alarmRecordRow, atMigration } from '../../../test/migration-store';
import { migrate } from '../index';

describe.each(databases)('migration 0038 (alarm windows per device group) on $name', (database) => {
  it('counts the records already there under their devices’ groups, follows moves and deletions, and goes back down', async () => {
    await atMigration(database, '0037_seen_ranges', 3, async (store, fleet) => {
      const [a, b, c] = fleet.devices.map((d) => d.id);
      if (a === undefined || b === undefined || c === undefined) throw new Error('fleet without devices');
      const group = async (name: string) =>
        (
          await store.db
            .insertInto('device_groups')
            .values({ team_id: fleet.teamId, parent_id: null, name, created_at: 0 })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const [g1, g2] = [await group('one'), await group('two')];
      const setGroup = (id: number, group_id: number | null) =>
        store.db.updateTable('devices').set({ group_id }).where('id', '=', id).execute();
      await setGroup(a, g1);
      await setGroup(b, g1);
      const W = 4_000_000;
      const record = (device_id: number, w: number) => alarmRecordRow(fleet, device_id, w * 600 + 7);
      // a: two in window W, one in W+1; b: one in W; c (ungrouped): one in W.
      await store.db
        .insertInto('alarm_records')
        .values([record(a, W), record(a, W), record(a, W + 1), record(b, W), record(c, W)])
        .execute();
      await migrate(store);
      const rows = () =>
        store.db
          .selectFrom('alarm_kpi_group_windows')
          .select(['group_id', 'w', 'n'])
          .where('n', '<>', 0)
          .orderBy('group_id')
          .orderBy('w')
          .execute()
          .then((r) => r.map((x) => [Number(x.group_id), Number(x.w) - W, Number(x.n)]));
      expect(await rows()).toEqual([
        [g1, 0, 3],
        [g1, 1, 1],
      ]);

      // From now on the triggers: a raise, c into a group, a on to another, b deleted with its records.
      await store.db
        .insertInto('alarm_records')
        .values(record(b, W + 1))
        .execute();
      expect(await rows()).toEqual([
        [g1, 0, 3],
        [g1, 1, 2],
      ]);
      await setGroup(c, g2);
      await setGroup(a, g2);
      expect(await rows()).toEqual([
        [g1, 0, 1],
        [g1, 1, 1],
        [g2, 0, 3],
        [g2, 1, 1],
      ]);
      // A record moved to another window; the device of a record changed.
      await store.db
        .updateTable('alarm_records')
        .set({ alarm_at: (W + 2) * 600 })
        .where('device_id', '=', c)
        .execute();
      await store.db.deleteFrom('devices').where('id', '=', b).execute();
      expect(await rows()).toEqual([
        [g2, 0, 2],
        [g2, 1, 1],
        [g2, 2, 1],
      ]);
      // Back to no group: nothing counted.
      await setGroup(a, null);
      await setGroup(c, null);
      expect(await rows()).toEqual([]);

      await migrate(store, '0037_seen_ranges');
      await expect(sql`select n from alarm_kpi_group_windows`.execute(store.db)).rejects.toThrow();
      // No trigger left behind to write into the dropped table.
      await store.db.insertInto('alarm_records').values(record(a, W)).execute();
      await setGroup(a, g1);
      await store.db.deleteFrom('devices').where('id', '=', a).execute();
    });
  });
});
