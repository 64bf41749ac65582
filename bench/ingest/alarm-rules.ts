import { AlarmCondition, AlarmType, alarmLevels, buildConditionContent } from '@hmi/contract';
import type { Db } from '@hmi/server/src/platform/db';

/** Adds to the bench template (id `templateId`) before the server starts. */
export type TemplateSeeder = (store: Db, templateId: number) => Promise<void>;

/**
 * `--alarm-rules N`: the same runs with N enabled alarm rules on the template, so ingest evaluates them
 * for every value. Limit rules spread over the template's TAGs, alternately high and low, with limits
 * the 0-100 sine waves cross (raises and recoveries happen during the run), a deadband of 2.
 */
export const alarmRuleSeeder =
  (rulesPerTemplate: number): TemplateSeeder =>
  async (store, templateId) => {
    const template = await store.db
      .selectFrom('templates')
      .select('team_id')
      .where('id', '=', templateId)
      .executeTakeFirstOrThrow();
    const tags = await store.db
      .selectFrom('template_tags')
      .select('id')
      .where('template_id', '=', templateId)
      .orderBy('id')
      .execute();
    const now = Math.floor(Date.now() / 1000);
    const rows = Array.from({ length: rulesPerTemplate }, (_, i) => {
      const tag = tags[i % tags.length];
      if (!tag) throw new Error('the bench template has no TAGs');
      const high = i % 2 === 0;
      const rule = {
        type: AlarmType.LIMIT,
        condition: high ? AlarmCondition.HIGH : AlarmCondition.LOW,
        tag_id: tag.id,
        alarm_value: String(high ? 60 + (i % 35) : 40 - (i % 35)),
        target: '',
        deviation: '',
      };
      return {
        ...rule,
        team_id: template.team_id,
        template_id: templateId,
        group_id: null,
        name: `bench${i + 1}`,
        level: alarmLevels[i % alarmLevels.length] ?? 1,
        condition_content: buildConditionContent(rule),
        content: '',
        enabled: 1,
        deadband: '2',
        on_delay_s: 0,
        created_at: now,
        updated_at: now,
      };
    });
    for (let i = 0; i < rows.length; i += 100)
      await store.db
        .insertInto('alarm_rules')
        .values(rows.slice(i, i + 100))
        .execute();
  };
