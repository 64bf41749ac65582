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
  // The form leaves untouched values out; the server reads them as empty text.
  const { type, condition, alarm_value = '', target = '', deviation = '', deadband = '' } = body;
  return validateAlarmRule({ type, condition, alarm_value, target, deviation, deadband }, tag ?? undefined);
}
