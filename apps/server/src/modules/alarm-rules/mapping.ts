import {
  AlarmType,
  buildConditionContent,
  type AlarmGroup,
  type AlarmRule,
  type AlarmRuleInput,
  type AlarmTypeValue,
} from '@hmi/contract';
import type { AlarmGroupRow, AlarmRuleRow } from '../../platform/db/schema';
import type { RuleFields } from './repo';

export type RuleWithNames = AlarmRuleRow & { group_name: string | null; tag_name: string | null };

export function toAlarmRule(r: RuleWithNames): AlarmRule {
  return {
    id: r.id,
    template_id: r.template_id,
    group_id: r.group_id,
    group_name: r.group_name,
    name: r.name,
    level: r.level,
    type: r.type as AlarmTypeValue,
    condition: r.condition,
    tag_id: r.tag_id,
    tag_name: r.tag_name ?? '',
    alarm_value: r.alarm_value,
    target: r.target,
    deviation: r.deviation,
    condition_content: r.condition_content,
    content: r.content,
    enabled: r.enabled === 1,
    deadband: r.deadband,
    on_delay_s: r.on_delay_s,
    oos_until: r.oos_until === null ? null : Number(r.oos_until),
    oos_reason: r.oos_reason,
    created_at: Number(r.created_at),
    updated_at: Number(r.updated_at),
  };
}

export function toAlarmGroup(g: AlarmGroupRow & { rule_count?: number | string | null }): AlarmGroup {
  return {
    id: g.id,
    template_id: g.template_id,
    name: g.name,
    rule_count: Number(g.rule_count ?? 0),
    created_at: Number(g.created_at),
  };
}

/**
 * The columns of a checked rule: fields its type does not use are stored empty (so an export shows
 * only what matters), and the condition is stored in its evaluated form.
 */
export function ruleFields(input: AlarmRuleInput): RuleFields {
  const limit = input.type === AlarmType.LIMIT;
  const deviation = input.type === AlarmType.DEVIATION;
  const fields = {
    type: input.type,
    condition: input.condition,
    tag_id: input.tag_id,
    alarm_value: deviation ? '' : input.alarm_value,
    target: deviation ? input.target : '',
    deviation: deviation ? input.deviation : '',
  };
  return {
    ...fields,
    group_id: input.group_id,
    name: input.name,
    level: input.level,
    condition_content: buildConditionContent(fields),
    content: input.content,
    enabled: input.enabled ? 1 : 0,
    deadband: limit || deviation ? input.deadband : '',
    on_delay_s: input.on_delay_s,
  };
}
