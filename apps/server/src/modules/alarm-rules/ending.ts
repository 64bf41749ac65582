import type { RulesEnded } from '../../platform/bus';
import type { AlarmRuleRow } from '../../platform/db/schema';
import type { RuleFields } from './repo';

type Evaluated = Pick<AlarmRuleRow, 'enabled' | 'tag_id' | 'condition_content' | 'deadband'>;

/**
 * Why a rule's active alarm records end when its row changes from `before` to `after`, or null when
 * they stay: disabled, or changed in what decides the alarm (TAG, type, condition, threshold,
 * deadband). A new name, level, group, content or on-delay leaves an active alarm as it is.
 */
export function endingReason(
  before: Evaluated,
  after: Pick<RuleFields, keyof Evaluated>,
): RulesEnded['reason'] | null {
  if (before.enabled && !after.enabled) return 'ruleDisabled';
  const changed =
    before.tag_id !== after.tag_id ||
    before.condition_content !== after.condition_content ||
    before.deadband !== after.deadband;
  return changed ? 'ruleChanged' : null;
}

/** The rules whose records end, by reason (for the `alarmRulesChanged` event). */
export function endedByReason(
  rules: readonly { id: number; reason: RulesEnded['reason'] | null }[],
): RulesEnded[] {
  const out = new Map<RulesEnded['reason'], number[]>();
  for (const r of rules) if (r.reason) out.set(r.reason, [...(out.get(r.reason) ?? []), r.id]);
  return [...out].map(([reason, ruleIds]) => ({ reason, ruleIds }));
}
