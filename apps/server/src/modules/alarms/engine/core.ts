/**
 * The pure state machine of one rule on one device, driven by samples in time order (no I/O, so the
 * property test checks it against a reference evaluator).
 *
 * normal --active--> (on-delay > 0: pending since the sample's time) --held for on-delay--> alarm
 * pending --not active--> normal (the condition must hold continuously, judged by sample times)
 * alarm --cleared (condition false by the deadband)--> normal, the record recovers
 *
 * Acknowledgement does not change this machine: an acknowledged alarm still waits for `cleared`.
 */

/** What the engine needs of a rule to decide. */
export interface RuleCheck {
  onDelayMs: number;
  active(value: string): boolean;
  cleared(value: string): boolean;
}

/** State of a (rule, device) pair; normal pairs hold no state at all. */
export type PairState = { phase: 'pending'; since: number } | { phase: 'alarm' };

export type Decision = 'raise' | 'recover' | null;

export interface Step {
  /** undefined: normal. */
  state: PairState | undefined;
  decision: Decision;
}

// Shared results: a step runs for every rule of every sample, so the common outcomes allocate nothing.
const NORMAL: Step = { state: undefined, decision: null };
/** The one alarm state object (pairs reloaded at start use it too). */
export const ALARM: PairState = { phase: 'alarm' };
const STILL_ALARM: Step = { state: ALARM, decision: null };
const RAISE: Step = { state: ALARM, decision: 'raise' };
const RECOVER: Step = { state: undefined, decision: 'recover' };

/** Advances a pair by one sample of `value` taken at `ts` (epoch ms). */
export function step(rule: RuleCheck, state: PairState | undefined, value: string, ts: number): Step {
  if (state?.phase === 'alarm') return rule.cleared(value) ? RECOVER : STILL_ALARM;
  if (!rule.active(value)) return NORMAL;
  const since = state?.phase === 'pending' ? state.since : ts;
  if (ts - since >= rule.onDelayMs) return RAISE;
  return { state: state ?? { phase: 'pending', since }, decision: null };
}
