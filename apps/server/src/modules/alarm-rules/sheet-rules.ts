import {
  alarmConditionNames,
  alarmLevelNames,
  alarmRuleInput,
  alarmSheetColumns,
  alarmConditionsByType,
  alarmLevels,
  ALARM_GROUP_NAME_MAX,
  validateAlarmRule,
  type AlarmRuleInput,
  type ValidationKey,
} from '@hmi/contract';
import type { AlarmSheetColumn, AlarmSheetRow } from './xlsx';

export interface SheetRule {
  row: number;
  /** group_id is resolved from `groupName` when the rules are written. */
  input: AlarmRuleInput;
  groupName: string;
}

export interface SheetRefusal {
  row: number;
  name: string;
  /** A column of alarmSheetColumns. */
  field: string;
  issue: string;
}

interface Tag {
  id: number;
  name: string;
  data_type: number;
}

class RowProblem {
  constructor(
    readonly field: AlarmSheetColumn,
    readonly issue: ValidationKey,
  ) {}
}

const levelByName = new Map(Object.entries(alarmLevelNames).map(([v, n]) => [n, Number(v)]));
const conditionByName = new Map(Object.entries(alarmConditionNames).map(([v, n]) => [n, Number(v)]));
const allConditions = new Set(Object.values(alarmConditionsByType).flat());
const types = new Set(Object.keys(alarmConditionsByType));

/** A value-table entry written as its name or its number. */
function tableValue(
  text: string,
  byName: ReadonlyMap<string, number>,
  valid: (n: number) => boolean,
  field: AlarmSheetColumn,
): number {
  if (text === '') throw new RowProblem(field, 'required');
  const n = byName.get(text.toLowerCase()) ?? (/^\d{1,4}$/.test(text) ? Number(text) : NaN);
  if (!valid(n)) throw new RowProblem(field, 'enum');
  return n;
}

function enabledValue(text: string): boolean {
  const t = text.toLowerCase();
  if (['', '1', 'true', 'yes', 'y'].includes(t)) return true;
  if (['0', 'false', 'no', 'n'].includes(t)) return false;
  throw new RowProblem('enabled', 'type');
}

function onDelayValue(text: string): number {
  if (text === '') return 0;
  if (!/^\d{1,9}$/.test(text)) throw new RowProblem('on_delay_s', 'integer');
  return Number(text);
}

/** Zod paths of alarmRuleInput as sheet columns. */
function column(path: PropertyKey | undefined): AlarmSheetColumn {
  if (path === 'tag_id') return 'tag';
  if (path === 'group_id') return 'group';
  return alarmSheetColumns.find((c) => c === path) ?? 'name';
}

function toRule(cells: ReadonlyMap<AlarmSheetColumn, string>, tagsByName: ReadonlyMap<string, Tag>) {
  const text = (c: AlarmSheetColumn) => cells.get(c) ?? '';
  const type = text('type').toLowerCase();
  if (type === '') throw new RowProblem('type', 'required');
  if (!types.has(type)) throw new RowProblem('type', 'enum');
  const tagName = text('tag');
  if (tagName === '') throw new RowProblem('tag', 'required');
  const tag = tagsByName.get(tagName);
  if (!tag) throw new RowProblem('tag', 'alarmTagNotFound');
  const groupName = text('group');
  if (groupName.length > ALARM_GROUP_NAME_MAX) throw new RowProblem('group', 'tooLong');
  const parsed = alarmRuleInput.safeParse({
    name: text('name'),
    level: tableValue(
      text('level'),
      levelByName,
      (n) => (alarmLevels as readonly number[]).includes(n),
      'level',
    ),
    type,
    condition: tableValue(text('condition'), conditionByName, (n) => allConditions.has(n), 'condition'),
    tag_id: tag.id,
    alarm_value: text('alarm_value'),
    target: text('target'),
    deviation: text('deviation'),
    content: text('content'),
    enabled: enabledValue(text('enabled')),
    deadband: text('deadband'),
    on_delay_s: onDelayValue(text('on_delay_s')),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new RowProblem(column(issue?.path[0]), (issue?.message ?? 'type') as ValidationKey);
  }
  const problem = validateAlarmRule(parsed.data, tag);
  if (problem) throw new RowProblem(column(problem.field), problem.issue);
  return { input: parsed.data, groupName };
}

/**
 * Turns sheet rows into rule input for the template's TAGs (named in the `tag` column): each row is
 * either a rule or one refusal with its reason. A name seen on an earlier row is refused
 * (`alarmNameDuplicate`), so the first occurrence wins.
 */
export function sheetRules(
  rows: readonly AlarmSheetRow[],
  tags: readonly Tag[],
): { rules: SheetRule[]; refused: SheetRefusal[] } {
  const tagsByName = new Map(tags.map((t) => [t.name, t]));
  const seen = new Set<string>();
  const rules: SheetRule[] = [];
  const refused: SheetRefusal[] = [];
  for (const { row, cells } of rows) {
    const name = cells.get('name') ?? '';
    try {
      if (name !== '' && seen.has(name)) throw new RowProblem('name', 'alarmNameDuplicate');
      if (name !== '') seen.add(name);
      const { input, groupName } = toRule(cells, tagsByName);
      rules.push({ row, input, groupName });
    } catch (err) {
      if (!(err instanceof RowProblem)) throw err;
      refused.push({ row, name, field: err.field, issue: err.issue });
    }
  }
  return { rules, refused };
}
