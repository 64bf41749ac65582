/**
 * The alarm-rule checks of spec section 5, shared by the rule form and the server (each failure names
 * its field and its own ValidationKey):
 *
 * - the TAG must exist in the template (`alarmTagNotFound`);
 * - limit and deviation rules refuse string and bool TAGs, on/off rules need a bool TAG (`alarmTagType`);
 * - limit: the alarm value is required and must fit the TAG's type exactly (`alarmValueMismatch`);
 * - on/off: the value is 0 or 1 (`alarmValueMismatch`), on takes 1 only and off 0 only (`alarmOnOffValue`);
 * - deviation: target and deviation are required integers (`alarmTargetInteger`), the deviation not
 *   negative (`alarmDeviationInteger`);
 * - deadband: empty or a number ≥ 0 for limit and deviation; on/off has none, so only empty or 0
 *   (`alarmDeadband`).
 *
 * Fields a type does not use (target and deviation of a limit rule, say) are not checked.
 */
import type { AlarmRuleInput } from '../calls/alarm-rules';
import { AlarmCondition, AlarmType, alarmConditionsByType, TagDataType } from '../tables';
import { checkTagValue, type ValidationKey } from '../validators';
import { isDeadband } from './condition';

export interface AlarmRuleProblem {
  field: string;
  issue: ValidationKey;
}

export type AlarmRuleFields = Pick<
  AlarmRuleInput,
  'type' | 'condition' | 'alarm_value' | 'target' | 'deviation' | 'deadband'
>;

const INTEGER = /^[+-]?\d+$/;
const NON_NEGATIVE_INTEGER = /^\+?\d+$/;

function problem(field: string, issue: ValidationKey): AlarmRuleProblem {
  return { field, issue };
}

function checkLimit(rule: AlarmRuleFields, dataType: number): AlarmRuleProblem | null {
  if (rule.alarm_value === '') return problem('alarm_value', 'required');
  return checkTagValue(dataType, rule.alarm_value) ? problem('alarm_value', 'alarmValueMismatch') : null;
}

function checkOnOff(rule: AlarmRuleFields): AlarmRuleProblem | null {
  const v = rule.alarm_value;
  if (v === '') return problem('alarm_value', 'required');
  if (v !== '0' && v !== '1') return problem('alarm_value', 'alarmValueMismatch');
  const wanted = rule.condition === AlarmCondition.ON ? '1' : '0';
  return v === wanted ? null : problem('alarm_value', 'alarmOnOffValue');
}

function checkDeviation(rule: AlarmRuleFields): AlarmRuleProblem | null {
  if (rule.target === '') return problem('target', 'required');
  if (!INTEGER.test(rule.target)) return problem('target', 'alarmTargetInteger');
  if (rule.deviation === '') return problem('deviation', 'required');
  if (!NON_NEGATIVE_INTEGER.test(rule.deviation)) return problem('deviation', 'alarmDeviationInteger');
  return null;
}

function checkDeadband(rule: AlarmRuleFields): AlarmRuleProblem | null {
  const d = rule.deadband;
  if (rule.type === AlarmType.ON_OFF)
    return d === '' || (isDeadband(d) && Number(d) === 0) ? null : problem('deadband', 'alarmDeadband');
  return isDeadband(d) ? null : problem('deadband', 'alarmDeadband');
}

/** Null when the rule is valid for `tag` (undefined: the TAG is not in the template). */
export function validateAlarmRule(
  rule: AlarmRuleFields,
  tag: { data_type: number } | undefined,
): AlarmRuleProblem | null {
  if (!alarmConditionsByType[rule.type].includes(rule.condition)) return problem('condition', 'enum');
  if (!tag) return problem('tag_id', 'alarmTagNotFound');
  const dt = tag.data_type;
  const onOff = rule.type === AlarmType.ON_OFF;
  const typeFits = onOff ? dt === TagDataType.BOOL : dt !== TagDataType.BOOL && dt !== TagDataType.STRING;
  if (!typeFits) return problem('tag_id', 'alarmTagType');
  const valueProblem =
    rule.type === AlarmType.LIMIT ? checkLimit(rule, dt) : onOff ? checkOnOff(rule) : checkDeviation(rule);
  return valueProblem ?? checkDeadband(rule);
}
