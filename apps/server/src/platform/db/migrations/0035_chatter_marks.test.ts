import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databases } from '../../../test/databases';
import { alarmRecordRow, atMigration } from '../../../test/migration-store';
import { migrate } from '../index';

describe.each(databases)('migration 0035 (chatter marks) on $name', (database) => {
  it("drops 0027's trigger and column keeping the engine's marks, and back down", async () => {
    await atMigration(database, '0033_subscription_time_zone', 1, async (store, fleet) => {
      const deviceId = fleet.devices[0]?.id ?? 0;
      const rule = await store.db
        .insertInto('alarm_rules')
        .values({
          team_id: fleet.teamId,
          template_id: fleet.templateId,
          group_id: null,
          name: 'hot',
          level: 8,
          type: 'limit',
          condition: 2,
          tag_id: 1,
          condition_content: '{1} > 80',
          created_at: 0,
          updated_at: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const record = (at: number, chattering: number) => ({
        ...alarmRecordRow(fleet, deviceId, at),
        rule_id: rule.id,
        rule_name: 'hot',
        // Recovered: a pair has one active record at most (alarm_records_active).
        state: 4,
        recovery_at: at + 30,
        chattering,
      });
      const T = 1_800_000_000;
      await store.db
        .insertInto('alarm_records')
        .values([record(T, 0), record(T + 60, 0), record(T + 120, 1)])
        .execute();
      await migrate(store);
      // The column is gone, and with it the trigger that wrote it (an insert would fail otherwise).
      await expect(sql`select second_prior_at from alarm_records`.execute(store.db)).rejects.toThrow();
      await store.db
        .insertInto('alarm_records')
        .values(record(T + 180, 1))
        .execute();
      const marks = await store.db
        .selectFrom('alarm_records')
        .select(['alarm_at', 'chattering'])
        .orderBy('alarm_at')
        .execute();
      expect(marks.map((r) => [Number(r.alarm_at), r.chattering])).toEqual([
        [T, 0],
        [T + 60, 0],
        [T + 120, 1],
        [T + 180, 1],
      ]);

      await migrate(store, '0033_subscription_time_zone');
      const priors = await sql<{ alarm_at: number; second_prior_at: number | null }>`
        select alarm_at, second_prior_at from alarm_records order by alarm_at`.execute(store.db);
      expect(
        priors.rows.map((r) => [Number(r.alarm_at), r.second_prior_at && Number(r.second_prior_at)]),
      ).toEqual([
        [T, null],
        [T + 60, null],
        [T + 120, T],
        [T + 180, T + 60],
      ]);
    });
  });
});
