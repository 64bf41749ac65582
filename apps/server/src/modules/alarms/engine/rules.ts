import { compileCondition } from '@hmi/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema';
import type { RuleCheck } from './core';

/** An enabled rule, compiled, with what its records and messages copy. */
export interface EngineRule extends RuleCheck {
  id: number;
  name: string;
  level: number;
  type: string;
  condition: number;
  content: string;
  tagName: string;
  /** Out of service until (epoch seconds): no evaluation before then. */
  oosUntil: number | null;
}

/** A template's enabled rules by TAG name: a sample only meets the rules of its own TAG. */
export type RulesByTag = ReadonlyMap<string, readonly EngineRule[]>;

/**
 * Loads and compiles the enabled rules of a template. A rule whose TAG is gone (the TAG table was
 * edited) or whose stored condition does not compile for the TAG's type is left out and reported.
 */
export async function loadTemplateRules(
  db: Kysely<Database>,
  templateId: number,
  skipped: (ruleId: number, reason: string) => void,
): Promise<RulesByTag> {
  const rows = await db
    .selectFrom('alarm_rules')
    .leftJoin('template_tags', (j) =>
      j.onRef('template_tags.id', '=', 'alarm_rules.tag_id').on('template_tags.template_id', '=', templateId),
    )
    .select([
      'alarm_rules.id',
      'alarm_rules.name',
      'alarm_rules.level',
      'alarm_rules.type',
      'alarm_rules.condition',
      'alarm_rules.condition_content',
      'alarm_rules.content',
      'alarm_rules.deadband',
      'alarm_rules.on_delay_s',
      'alarm_rules.oos_until',
      'template_tags.name as tag_name',
      'template_tags.data_type',
    ])
    .where('alarm_rules.template_id', '=', templateId)
    .where('alarm_rules.enabled', '=', 1)
    .orderBy('alarm_rules.id')
    .execute();
  const byTag = new Map<string, EngineRule[]>();
  for (const r of rows) {
    if (r.tag_name === null || r.data_type === null) {
      skipped(r.id, 'tag not found');
      continue;
    }
    let check;
    try {
      check = compileCondition(r.condition_content, r.data_type, r.deadband);
    } catch (err) {
      skipped(r.id, err instanceof Error ? err.message : String(err));
      continue;
    }
    const rule: EngineRule = {
      id: r.id,
      name: r.name,
      level: r.level,
      type: r.type,
      condition: r.condition,
      content: r.content,
      tagName: r.tag_name,
      onDelayMs: r.on_delay_s * 1000,
      oosUntil: r.oos_until === null ? null : Number(r.oos_until),
      active: check.active,
      cleared: check.cleared,
    };
    const list = byTag.get(rule.tagName);
    if (list) list.push(rule);
    else byTag.set(rule.tagName, [rule]);
  }
  return byTag;
}
