import type { AlarmRecordKind, AlarmRecoveryReason } from '@hmi/contract';
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
  /** Out of service (no alarms) until this time, with why (0025). */
  oos_until: number | null;
  oos_reason: string | null;
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
  /** 'rule' or 'offline' (the device stayed offline; rule_id null) (0025). */
  kind: Generated<AlarmRecordKind>;
  /** 1: raised N times in M minutes (engine/chatter.ts); notified once. */
  chattering: Generated<number>;
  /** Shelved (hidden from active views, not notified) until this time, why, and by whom. */
  shelved_until: number | null;
  shelve_reason: string | null;
  shelved_by: string | null;
  /** The acknowledgement's note and its author. */
  note: string | null;
  note_by: string | null;
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

/**
 * Sums of alarm records per team, 30-day bucket of the alarm time, device, rule (0: deleted), template
 * and level, kept by triggers on alarm_records (migration 0036) for the alarm performance page.
 */
export interface AlarmKpiPairTable {
  team_id: number;
  bucket: number;
  device_id: number;
  rule_key: number;
  template_id: number;
  level: number;
  n: number;
  /** Sum of response_at - raised_at over the acknowledged ones, and how many. */
  ack_sum: number;
  ack_n: number;
  /** Sum of recovery_at - alarm_at over the recovered ones, and how many. */
  rec_sum: number;
  rec_n: number;
  /** Recovered more than a day after the alarm. */
  stale: number;
  /** Marked chattering by the engine. */
  chatter: number;
}

/** Alarm records per team, ten-minute window of the alarm time (epoch s / 600) and template (0036). */
export interface AlarmKpiWindowTable {
  team_id: number;
  w: number;
  template_id: number;
  n: number;
}

/**
 * Alarm records per team, device group (the device's current one), ten-minute window and template
 * (0038): the windows of a group scope.
 */
export interface AlarmKpiGroupWindowTable {
  team_id: number;
  group_id: number;
  w: number;
  template_id: number;
  n: number;
}

/** A member's alarm mail subscription (booleans 0/1). */
export interface AlarmSubscriptionTable {
  user_id: number;
  mail: number;
  min_level: number;
  escalation: number;
  escalate_after_minutes: number;
  /** 1: raised alarms of the level reach the member's phone by SMS too (issue 26). */
  sms: number;
  /** Language of the mails (Locale). */
  locale: string;
  /** IANA time zone the mails give times in (0033); null: UTC, said so. */
  time_zone: string | null;
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
  alarm_kpi_pairs: AlarmKpiPairTable;
  alarm_kpi_windows: AlarmKpiWindowTable;
  alarm_kpi_group_windows: AlarmKpiGroupWindowTable;
  alarm_subscriptions: AlarmSubscriptionTable;
  alarm_escalations: AlarmEscalationTable;
}
