import type { TFunction } from 'i18next';
import { AlarmType, type AlarmRule } from '@hmi/contract';

/** The threshold a rule compares with, as shown beside its condition. */
export function ruleThreshold(
  rule: Pick<AlarmRule, 'type' | 'alarm_value' | 'target' | 'deviation'>,
  t: TFunction,
): string {
  if (rule.type === AlarmType.DEVIATION)
    return t('alarm:rules.deviationText', { target: rule.target, deviation: rule.deviation });
  if (rule.type === AlarmType.LIMIT) return rule.alarm_value;
  return '';
}
