import { z } from 'zod';
import { defineCall } from '../call';
import { Permission } from '../permissions';
import {
  AlarmCondition,
  alarmConditionsByType,
  AlarmLevel,
  alarmLevels,
  AlarmType,
  type AlarmTypeValue,
} from '../tables';
import { bodyId, idParams, pageOf, pageQuery, queryId, requiredText, text, typeError } from '../zod-helpers';

export const ALARM_RULE_NAME_MAX = 50;
export const ALARM_GROUP_NAME_MAX = 32;
export const ALARM_CONTENT_MAX = 200;
/** Longest on-delay: one hour. */
export const ALARM_ON_DELAY_MAX_S = 3600;
/** Largest accepted rule import file, in bytes. */
export const ALARM_IMPORT_MAX_BYTES = 2 * 1024 * 1024;

const alarmTypes = [AlarmType.LIMIT, AlarmType.DEVIATION, AlarmType.ON_OFF] as const;

export const alarmGroup = z.object({
  id: z.number().int(),
  template_id: z.number().int(),
  name: z.string(),
  rule_count: z.number().int(),
  created_at: z.number().int(),
});
export type AlarmGroup = z.infer<typeof alarmGroup>;
/** What adding or renaming a group sends: its name. */
const groupBody = z.object({ name: requiredText(ALARM_GROUP_NAME_MAX) });

/**
 * One alarm rule as entered. Values are text so 64-bit integers stay exact: `alarm_value` for limit
 * and on/off rules, `target` and `deviation` (integers) for deviation rules; the TAG-type checks of
 * spec section 5 run in `validateAlarmRule` (server and form alike). `deadband` (numeric, ≥ 0, limit
 * and deviation only) is the hysteresis a value must move back past before the alarm recovers;
 * `on_delay_s` how long the condition must hold before the alarm is raised.
 */
export const alarmRuleInput = z
  .object({
    name: requiredText(ALARM_RULE_NAME_MAX),
    group_id: bodyId.nullable().default(null),
    level: z
      .number(typeError)
      .int('integer')
      .refine((v) => (alarmLevels as readonly number[]).includes(v), 'enum'),
    type: z.enum(alarmTypes, typeError),
    condition: z.number(typeError).int('integer'),
    tag_id: bodyId,
    alarm_value: z.string(typeError).trim().max(64, 'tooLong').default(''),
    target: z.string(typeError).trim().max(32, 'tooLong').default(''),
    deviation: z.string(typeError).trim().max(32, 'tooLong').default(''),
    content: text(ALARM_CONTENT_MAX).default(''),
    enabled: z.boolean(typeError).default(true),
    deadband: z.string(typeError).trim().max(32, 'tooLong').default(''),
    on_delay_s: z
      .number(typeError)
      .int('integer')
      .min(0, 'range')
      .max(ALARM_ON_DELAY_MAX_S, 'range')
      .default(0),
  })
  .superRefine((r, ctx) => {
    if (!alarmConditionsByType[r.type as AlarmTypeValue].includes(r.condition)) {
      ctx.addIssue({ code: 'custom', path: ['condition'], message: 'enum' });
    }
  });
export type AlarmRuleInput = z.infer<typeof alarmRuleInput>;

export const alarmRule = z.object({
  id: z.number().int(),
  template_id: z.number().int(),
  group_id: z.number().int().nullable(),
  group_name: z.string().nullable(),
  name: z.string(),
  level: z.number().int(),
  type: z.enum(alarmTypes),
  condition: z.number().int(),
  tag_id: z.number().int(),
  tag_name: z.string(),
  alarm_value: z.string(),
  target: z.string(),
  deviation: z.string(),
  /** The stored condition form with the TAG id as placeholder, e.g. `{12} > 80` (see alarms/condition). */
  condition_content: z.string(),
  content: z.string(),
  enabled: z.boolean(),
  deadband: z.string(),
  on_delay_s: z.number().int(),
  /** Out of service until this time (epoch seconds; null or past: in service), for this reason. */
  oos_until: z.number().int().nullable(),
  oos_reason: z.string().nullable(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type AlarmRule = z.infer<typeof alarmRule>;

export const listAlarmGroups = defineCall({
  auth: 'session',
  permission: Permission.TEMPLATE_VIEW,
  id: 'listAlarmGroups',
  method: 'GET',
  path: '/templates/:id/alarm-groups',
  summary: "The template's alarm groups with their rule counts (1029 template not visible)",
  params: idParams,
  response: z.object({ list: z.array(alarmGroup), total: z.number().int() }),
});

export const createAlarmGroup = defineCall({
  auth: 'session',
  permission: Permission.TEMPLATE_EDIT,
  id: 'createAlarmGroup',
  method: 'POST',
  path: '/templates/:id/alarm-groups',
  summary: 'Add an alarm group to the template (1085 when the name exists in the template)',
  params: idParams,
  body: groupBody,
  response: alarmGroup,
});

export const updateAlarmGroup = defineCall({
  auth: 'session',
  permission: Permission.TEMPLATE_EDIT,
  id: 'updateAlarmGroup',
  method: 'PUT',
  path: '/alarm-groups/:id',
  summary: 'Rename an alarm group (1085 when the name exists in the template)',
  params: idParams,
  body: groupBody,
  response: alarmGroup,
});

export const deleteAlarmGroup = defineCall({
  auth: 'session',
  permission: Permission.TEMPLATE_EDIT,
  id: 'deleteAlarmGroup',
  method: 'DELETE',
  path: '/alarm-groups/:id',
  summary: 'Delete an alarm group; its rules stay, without a group',
  params: idParams,
  response: z.null(),
});

export const listAlarmRules = defineCall({
  auth: 'session',
  permission: Permission.TEMPLATE_VIEW,
  id: 'listAlarmRules',
  method: 'GET',
  path: '/templates/:id/alarm-rules',
  summary: "The template's alarm rules, filtered by group, level, type, state and keyword (name or content)",
  params: idParams,
  query: pageQuery.extend({
    group_id: queryId.optional(),
    level: queryId.optional(),
    type: z.enum(alarmTypes).optional(),
    enabled: z.enum(['0', '1']).optional(),
    keyword: text(64).optional(),
  }),
  response: pageOf(alarmRule),
});

export const createAlarmRule = defineCall({
  auth: 'session',
  permission: Permission.TEMPLATE_EDIT,
  id: 'createAlarmRule',
  method: 'POST',
  path: '/templates/:id/alarm-rules',
  summary:
    'Add an alarm rule (1088 name exists in the template, 1090 at 300 rules, 1006 with the section 5 reason per field)',
  params: idParams,
  body: alarmRuleInput,
  response: alarmRule,
});

export const updateAlarmRule = defineCall({
  auth: 'session',
  permission: Permission.TEMPLATE_EDIT,
  id: 'updateAlarmRule',
  method: 'PUT',
  path: '/alarm-rules/:id',
  summary: 'Change an alarm rule (same checks as adding); raised alarms of the rule keep their records',
  params: idParams,
  body: alarmRuleInput,
  response: alarmRule,
});

export const setAlarmRulesEnabled = defineCall({
  auth: 'session',
  permission: Permission.TEMPLATE_EDIT,
  id: 'setAlarmRulesEnabled',
  method: 'POST',
  path: '/templates/:id/alarm-rules/enabled',
  summary: 'Enable or disable rules of the template in one step (unknown ids: 1003, nothing changed)',
  params: idParams,
  body: z.object({
    ids: z.array(bodyId, typeError).min(1, 'required').max(300, 'range'),
    enabled: z.boolean(typeError),
  }),
  response: z.object({ changed: z.number().int() }),
});

export const deleteAlarmRule = defineCall({
  auth: 'session',
  permission: Permission.TEMPLATE_EDIT,
  id: 'deleteAlarmRule',
  method: 'DELETE',
  path: '/alarm-rules/:id',
  summary: 'Delete an alarm rule; its records stay in the history',
  params: idParams,
  response: z.null(),
});

/** Level names of the rule sheet (value table AlarmLevel); a sheet may also give the number. */
export const alarmLevelNames: Readonly<Record<number, string>> = {
  [AlarmLevel.MINOR]: 'minor',
  [AlarmLevel.MILD]: 'mild',
  [AlarmLevel.MODERATE]: 'moderate',
  [AlarmLevel.SEVERE]: 'severe',
  [AlarmLevel.CRITICAL]: 'critical',
};

/** Condition names of the rule sheet (value table AlarmCondition); a sheet may also give the flag. */
export const alarmConditionNames: Readonly<Record<number, string>> = {
  [AlarmCondition.HIGH_HIGH]: 'high_high',
  [AlarmCondition.HIGH]: 'high',
  [AlarmCondition.LOW_LOW]: 'low_low',
  [AlarmCondition.LOW]: 'low',
  [AlarmCondition.LARGE_DEVIATION]: 'large_deviation',
  [AlarmCondition.SMALL_DEVIATION]: 'small_deviation',
  [AlarmCondition.ON]: 'on',
  [AlarmCondition.OFF]: 'off',
};

/**
 * The columns of the rule sheet (import and export), in order; row 1 holds these names
 * (case-insensitive on import, unknown columns ignored). Values:
 * - `name`, `content`: text; `group`: an alarm group's name (created on import when missing), empty
 *   for none; `tag`: the TAG's name in the template;
 * - `level`: a name of alarmLevelNames (minor … critical) or its number (1, 2, 4, 8, 16);
 * - `type`: limit, deviation or onoff; `condition`: a name of alarmConditionNames (high_high … off) or
 *   its flag (1 … 256);
 * - `alarm_value`, `target`, `deviation`, `deadband`: text as in the form (written as text cells so
 *   64-bit values stay exact); `enabled`: 1/0 (also true/false, yes/no; empty = 1);
 *   `on_delay_s`: whole seconds (empty = 0).
 * Export writes names for level and condition.
 */
export const alarmSheetColumns = [
  'name',
  'group',
  'level',
  'type',
  'condition',
  'tag',
  'alarm_value',
  'target',
  'deviation',
  'content',
  'enabled',
  'deadband',
  'on_delay_s',
] as const;

export const alarmImportRow = z.object({
  /** 1-based sheet row. */
  row: z.number().int(),
  name: z.string(),
});
export const alarmImportRefusal = alarmImportRow.extend({ field: z.string(), issue: z.string() });

export const importAlarmRules = defineCall({
  auth: 'session',
  permission: Permission.TEMPLATE_EDIT,
  id: 'importAlarmRules',
  method: 'POST',
  path: '/templates/:id/alarm-rules/import',
  summary:
    'Import rules from an .xlsx file (base64 in JSON; at most 2 MB, 300 rows; .xls refused with 1006 issue fileFormat): existing names are updated, new ones created, bad rows refused with their reason; the valid rows are written in one transaction (1090 when the template would exceed 300 rules, nothing written)',
  bodyLimit: Math.ceil((ALARM_IMPORT_MAX_BYTES * 4) / 3) + 64 * 1024,
  params: idParams,
  body: z.object({
    filename: text(255).default(''),
    content_base64: z.string(typeError).min(1, 'required'),
  }),
  response: z.object({
    created: z.array(alarmImportRow),
    updated: z.array(alarmImportRow),
    refused: z.array(alarmImportRefusal),
  }),
});

export const exportAlarmRules = defineCall({
  auth: 'session',
  permission: Permission.TEMPLATE_VIEW,
  id: 'exportAlarmRules',
  method: 'GET',
  path: '/templates/:id/alarm-rules/export',
  summary:
    "The template's rules as an .xlsx file, base64 in JSON (columns of alarmSheetColumns; text cells starting with = + - @ are written so they cannot run as formulas)",
  params: idParams,
  response: z.object({ filename: z.string(), content_base64: z.string(), total: z.number().int() }),
});

export const alarmRuleCalls = [
  listAlarmGroups,
  createAlarmGroup,
  updateAlarmGroup,
  deleteAlarmGroup,
  listAlarmRules,
  createAlarmRule,
  updateAlarmRule,
  setAlarmRulesEnabled,
  deleteAlarmRule,
  importAlarmRules,
  exportAlarmRules,
] as const;
