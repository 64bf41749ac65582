/**
 * The alarm rule form's model: which value fields a rule type uses, the form values of a rule, and
 * the request body (fields the type does not use are sent empty so the server stores nothing stale).
 */
import {
  AlarmCondition,
  AlarmLevel,
  alarmConditionsByType,
  AlarmType,
  validateAlarmRule,
  type AlarmRule,
  type AlarmTypeValue,
  type Tag,
} from '@hmi/contract';
import type { AlarmRuleBody } from '../../../api/alarms';

export interface RuleFormValues {
  name: string;
  group_id: number | null;
  level: number;
  type: AlarmTypeValue;
  condition: number;
  tag_id: number | null;
  alarm_value: string;
  target: string;
  deviation: string;
  content: string;
  enabled: boolean;
  deadband: string;
  on_delay_s: number;
}

export type ValueField = 'alarm_value' | 'target' | 'deviation' | 'deadband';

/** The value fields each type shows; the deadband only where a value can hover at a threshold. */
export const valueFieldsByType: Record<AlarmTypeValue, readonly ValueField[]> = {
  limit: ['alarm_value', 'deadband'],
  deviation: ['target', 'deviation', 'deadband'],
  onoff: ['alarm_value'],
};

export const usesField = (type: AlarmTypeValue, field: ValueField): boolean =>
  valueFieldsByType[type].includes(field);

/** The only alarm value an on/off condition takes: on 1, off 0. */
export function onOffValue(condition: number): string | null {
  if (condition === AlarmCondition.ON) return '1';
  if (condition === AlarmCondition.OFF) return '0';
  return null;
}

/** Whether a rule type may watch a TAG of `dataType` (limit and deviation numbers, on/off bool). */
export function tagFitsType(type: AlarmTypeValue, dataType: number): boolean {
  const probe = { alarm_value: '', target: '', deviation: '', deadband: '' };
  const condition = alarmConditionsByType[type][0] ?? 0;
  return validateAlarmRule({ ...probe, type, condition }, { data_type: dataType })?.issue !== 'alarmTagType';
}

export function emptyRuleForm(): RuleFormValues {
  return {
    name: '',
    group_id: null,
    level: AlarmLevel.MINOR,
    type: AlarmType.LIMIT,
    condition: AlarmCondition.HIGH,
    tag_id: null,
    alarm_value: '',
    target: '',
    deviation: '',
    content: '',
    enabled: true,
    deadband: '',
    on_delay_s: 0,
  };
}

export function ruleToForm(rule: AlarmRule): RuleFormValues {
  return {
    name: rule.name,
    group_id: rule.group_id,
    level: rule.level,
    type: rule.type,
    condition: rule.condition,
    tag_id: rule.tag_id,
    alarm_value: rule.alarm_value,
    target: rule.target,
    deviation: rule.deviation,
    content: rule.content,
    enabled: rule.enabled,
    deadband: rule.deadband,
    on_delay_s: rule.on_delay_s,
  };
}

/** Values after a type change: its first condition, and the on/off value filled in. */
export function withType(values: RuleFormValues, type: AlarmTypeValue): Partial<RuleFormValues> {
  const condition = alarmConditionsByType[type][0] ?? values.condition;
  return withCondition({ ...values, type }, condition);
}

export function withCondition(values: RuleFormValues, condition: number): Partial<RuleFormValues> {
  const fixed = values.type === AlarmType.ON_OFF ? onOffValue(condition) : null;
  return { type: values.type, condition, ...(fixed === null ? {} : { alarm_value: fixed }) };
}

const trimmed = (value: string | undefined | null) => (value ?? '').trim();

export function formToBody(values: RuleFormValues): AlarmRuleBody {
  const shown = (field: ValueField) => (usesField(values.type, field) ? trimmed(values[field]) : '');
  return {
    name: trimmed(values.name),
    group_id: values.group_id ?? null,
    level: values.level,
    type: values.type,
    condition: values.condition,
    tag_id: values.tag_id ?? 0,
    alarm_value: shown('alarm_value'),
    target: shown('target'),
    deviation: shown('deviation'),
    content: trimmed(values.content),
    enabled: values.enabled,
    deadband: shown('deadband'),
    on_delay_s: values.on_delay_s ?? 0,
  };
}

export type TagOption = Pick<Tag, 'id' | 'name' | 'data_type'>;
