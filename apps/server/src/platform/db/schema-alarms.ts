import type { AlarmRecoveryReason } from '@hmi/contract';
import type { Generated } from 'kysely';

/**
 * Tables of alarm groups and rules, records, mail subscriptions and sent escalations.
 * Timestamps are integer epoch seconds unless noted; booleans are 0/1 integers.
 */

/** An alarm group of a template (names unique in the template). */
export interface AlarmGroupTable {
  id: Generated<number>;
  team_id: number;
  template_id: number;
  name: string;
  created_at: number;
}

/**
 * An alarm rule on a TAG of its template. `condition_content` is the stored condition
 * (`@hmi/contract` alarms/condition, e.g. `{12} > 80`); values are text so 64-bit integers stay
 * exact; `enabled` 0/1; `deadband` text ('' = 0).
 */
export interface AlarmRuleTable {
  id: Generated<number>;
  team_id: number;
  template_id: number;
  group_id: number | null;
  name: string;
  level: number;
  type: string;
  condition: number;
  tag_id: number;
  alarm_value: Generated<string>;
  target: Generated<string>;
  deviation: Generated<string>;
  condition_content: string;
  content: Generated<string>;
  enabled: Generated<number>;
  deadband: Generated<string>;
  on_delay_s: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** One raised alarm of a rule on a device; state 1 alarm, 2 acknowledged, 4 recovered. */
export interface AlarmRecordTable {
  id: Generated<number>;
  team_id: number;
  device_id: number;
  template_id: number;
  /** null once the rule is deleted. */
  rule_id: number | null;
  rule_name: string;
  level: number;
  type: string;
  condition: number;
  tag_name: string;
  value: string;
  recovery_value: string | null;
  content: string;
  state: number;
  /** Sample time of the raise (device clock). */
  alarm_at: number;
  /** Server time of the raise. */
  raised_at: number;
  response_at: number | null;
  recovery_at: number | null;
  /** Why it recovered without its condition clearing (AlarmRecoveryReason); null: it cleared. */
  recovery_reason: AlarmRecoveryReason | null;
  responder_id: number | null;
  responder_name: string | null;
  /** 1: implied by late samples (a gateway's outbox after an outage), not notified as new (0018). */
  late: Generated<number>;
}

/**
 * How many records of `team_id` a device has, kept by triggers on alarm_records (migration 0017):
 * the records page's unfiltered total sums these.
 */
export interface AlarmRecordCountTable {
  team_id: number;
  device_id: number;
  n: number;
}

/** A member's alarm mail subscription (booleans 0/1). */
export interface AlarmSubscriptionTable {
  user_id: number;
  mail: number;
  min_level: number;
  escalation: number;
  escalate_after_minutes: number;
  /** Language of the mails (Locale). */
  locale: string;
  updated_at: number;
}

/** An escalation already sent for a record to a subscriber. */
export interface AlarmEscalationTable {
  record_id: number;
  user_id: number;
  sent_at: number;
}

export interface AlarmTables {
  alarm_groups: AlarmGroupTable;
  alarm_rules: AlarmRuleTable;
  alarm_records: AlarmRecordTable;
  alarm_record_counts: AlarmRecordCountTable;
  alarm_subscriptions: AlarmSubscriptionTable;
  alarm_escalations: AlarmEscalationTable;
}
