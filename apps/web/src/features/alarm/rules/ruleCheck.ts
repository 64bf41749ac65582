import { validateAlarmRule, type ValidationKey } from '@hmi/contract';
import type { AlarmRuleBody } from '../../../api/alarms';
import type { TagOption } from './ruleForm';

/**
 * The section 5 problem of a rule against its chosen TAG, as the server would name it: the field and
 * its validation key; null when the rule passes (or while no TAG is chosen, which `required` reports).
 */
export function ruleProblem(
  body: AlarmRuleBody,
  tag: TagOption | null,
): { field: string; issue: ValidationKey } | null {
  if (!body.tag_id) return null;
  return validateAlarmRule(
    {
      type: body.type,
      condition: body.condition,
      alarm_value: body.alarm_value ?? '',
      target: body.target ?? '',
      deviation: body.deviation ?? '',
      deadband: body.deadband ?? '',
    },
    tag ?? undefined,
  );
}
