import { ErrorCode, buildConditionContent, validateAlarmRule, type AlarmTypeValue } from '@hmi/contract';
import type { Transaction } from 'kysely';
import type { Database, TemplateTagRow } from '../../platform/db/schema';
import { fail } from '../../platform/errors';
import type { TemplateHooks } from '../templates';
import type { AlarmRuleService } from './service';

/** A rule the new TAG table leaves without a fitting TAG. */
export interface OrphanedRule {
  id: number;
  name: string;
  tag: string;
}

/**
 * Keeps alarm rules on their TAGs when the template changes. Replacing the TAG table gives every TAG
 * a new id, so rules follow their TAG by name (tag_id and condition rewritten). A change that removes
 * a TAG used by a rule, or changes its type so the rule no longer fits (section 5), is refused with
 * 1006 `{ field: 'tags', issue: 'alarmTagInUse', rules }` and nothing changes: the user deletes or
 * edits those rules first, rather than having alarms vanish silently. A copied template gets copies
 * of the groups and rules. Deleting a template deletes its groups and rules (foreign keys).
 */
export class AlarmRuleTemplateHooks implements TemplateHooks {
  constructor(private readonly rules: AlarmRuleService) {}

  async tagsReplaced(
    trx: Transaction<Database>,
    templateId: number,
    before: readonly TemplateTagRow[],
    after: readonly TemplateTagRow[],
  ): Promise<void> {
    const repo = this.rules.repo;
    const rules = await repo.all(templateId, trx);
    if (!rules.length) return;
    const oldName = new Map(before.map((t) => [t.id, t.name]));
    const newTag = new Map(after.map((t) => [t.name, t]));
    const orphaned: OrphanedRule[] = [];
    for (const r of rules) {
      const name = oldName.get(r.tag_id) ?? '';
      const tag = newTag.get(name);
      const fields = { ...r, type: r.type as AlarmTypeValue };
      if (!tag || validateAlarmRule(fields, tag)) {
        orphaned.push({ id: r.id, name: r.name, tag: name });
        continue;
      }
      const content = buildConditionContent({ ...fields, tag_id: tag.id });
      await repo.update(r.id, { tag_id: tag.id, condition_content: content }, trx);
    }
    if (orphaned.length)
      fail(
        ErrorCode.INPUT_PARAMETER,
        { field: 'tags', issue: 'alarmTagInUse', rules: orphaned },
        { msg: `input parameter error: tags: used by alarm rules ${orphaned.map((o) => o.name).join(', ')}` },
      );
  }

  async copied(trx: Transaction<Database>, fromId: number, toId: number): Promise<void> {
    const repo = this.rules.repo;
    const tagId = new Map((await repo.tags(toId, trx)).map((t) => [t.name, t.id]));
    const oldTagName = new Map((await repo.tags(fromId, trx)).map((t) => [t.id, t.name]));
    const teamId = await repo.teamOf(toId, trx);
    const now = this.rules.now();
    const groupId = new Map<number, number>();
    for (const g of await repo.groups(fromId, trx))
      groupId.set(
        g.id,
        await repo.insertGroup({ team_id: teamId, template_id: toId, name: g.name, created_at: now }, trx),
      );
    for (const r of await repo.all(fromId, trx)) {
      const newTagId = tagId.get(oldTagName.get(r.tag_id) ?? '');
      // Rules follow their TAG by name, so this holds unless the rows were written around the API.
      if (newTagId === undefined) continue;
      const fields = { ...r, type: r.type as AlarmTypeValue, tag_id: newTagId };
      await repo.insert(
        {
          group_id: r.group_id === null ? null : (groupId.get(r.group_id) ?? null),
          name: r.name,
          level: r.level,
          type: r.type,
          condition: r.condition,
          tag_id: newTagId,
          alarm_value: r.alarm_value,
          target: r.target,
          deviation: r.deviation,
          condition_content: buildConditionContent(fields),
          content: r.content,
          enabled: r.enabled,
          deadband: r.deadband,
          on_delay_s: r.on_delay_s,
          team_id: teamId,
          template_id: toId,
          created_at: now,
        },
        trx,
      );
    }
  }

  changed(templateId: number, teamId: number): void {
    this.rules.changed(templateId, teamId);
  }
}
