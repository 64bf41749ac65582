import { z } from 'zod';
import { defineCall } from '../call';
import { HAS_PERMISSION, Permission } from '../permissions';
import {
  ALARM_STATE_ALL,
  AlarmLevel,
  AlarmRecordState,
  AlarmUrgency,
  alarmLevels,
  DEFAULT_LOCALE,
  locales,
} from '../tables';
import { isTimeZone } from '../time-zone';
import { bodyId, pageOf, pageQuery, queryId, queryInt, text, typeError } from '../zod-helpers';

/** Most rows one export writes (spec section 9). */
export const ALARM_EXPORT_MAX = 10_000;
/** Most records one acknowledgement names. */
export const ALARM_ACK_MAX = 500;

/**
 * Urgency shown for an alarm of `level` (spec section 4: 1 urgent, 2 low, 3 normal): critical and
 * severe are urgent, moderate is normal, mild and minor are low.
 */
export function urgencyOfLevel(level: number): number {
  if (level >= AlarmLevel.SEVERE) return AlarmUrgency.URGENT;
  if (level === AlarmLevel.MODERATE) return AlarmUrgency.NORMAL;
  return AlarmUrgency.LOW;
}

const recordStates = [AlarmRecordState.ALARM, AlarmRecordState.RESPONSE, AlarmRecordState.RECOVERY] as const;
const urgencies = Object.values(AlarmUrgency);

/**
 * One alarm of one rule on one device. `state` is the latest stage: 1 alarm, 2 acknowledged,
 * 4 recovered (a record recovered before anyone acknowledged it stays acknowledgeable and keeps
 * every time). Times are epoch seconds.
 */
/**
 * Why an alarm record recovered although its condition did not clear (the alarm lifecycle): its rule
 * was disabled, changed (condition, threshold, TAG…) or deleted, or its device got another template.
 */
export const alarmRecoveryReasons = [
  'ruleDisabled',
  'ruleChanged',
  'ruleDeleted',
  'templateChanged',
  /** The rule or the device was taken out of service (issue 26). */
  'outOfService',
] as const;
export type AlarmRecoveryReason = (typeof alarmRecoveryReasons)[number];

/** 'rule': a rule's condition; 'offline': the device stayed offline (no rule, TAG or value). */
export const alarmRecordKinds = ['rule', 'offline'] as const;
export type AlarmRecordKind = (typeof alarmRecordKinds)[number];

export const alarmRecord = z.object({
  id: z.number().int(),
  device_id: z.number().int(),
  device_name: z.string(),
  device_sn: z.string(),
  template_id: z.number().int(),
  rule_id: z.number().int().nullable(),
  rule_name: z.string(),
  level: z.number().int(),
  urgency: z.number().int(),
  type: z.string(),
  condition: z.number().int(),
  tag_name: z.string(),
  /** Value that raised the alarm (canonical text). */
  value: z.string(),
  /** Value that cleared it, once recovered. */
  recovery_value: z.string().nullable(),
  content: z.string(),
  state: z.number().int(),
  alarm_at: z.number().int(),
  response_at: z.number().int().nullable(),
  recovery_at: z.number().int().nullable(),
  /** Why it recovered without its condition clearing; null when the condition cleared. */
  recovery_reason: z.enum(alarmRecoveryReasons).nullable(),
  responder_id: z.number().int().nullable(),
  responder_name: z.string().nullable(),
  /**
   * True for a record late samples implied (a gateway's outbox replayed after an outage): its times
   * are the samples' own, and nobody was notified. Absent otherwise.
   */
  late: z.literal(true).optional(),
  kind: z.enum(alarmRecordKinds),
  /** Raised often (the same alarm N times in M minutes): notified once, then only recorded. */
  chattering: z.boolean(),
  /** Shelved until this time (epoch seconds; null: not shelved or the shelf ended), why and by whom. */
  shelved_until: z.number().int().nullable(),
  shelve_reason: z.string().nullable(),
  shelved_by: z.string().nullable(),
  /** The acknowledgement's note and who wrote it. */
  note: z.string().nullable(),
  note_by: z.string().nullable(),
});
export type AlarmRecord = z.infer<typeof alarmRecord>;

const epochQuery = queryInt.min(0, 'range');

export const alarmRecordFilter = z.object({
  /** Alarm time from / to, epoch seconds (inclusive). */
  start: epochQuery.optional(),
  end: epochQuery.optional(),
  /** A level of the value table; absent: all. */
  level: queryInt.refine((v) => (alarmLevels as readonly number[]).includes(v), 'enum').optional(),
  /** 0 all (default), 1 alarm, 2 acknowledged, 4 recovered. */
  state: queryInt
    .refine((v) => v === ALARM_STATE_ALL || (recordStates as readonly number[]).includes(v), 'enum')
    .default(ALARM_STATE_ALL),
  device_id: queryId.optional(),
  rule_id: queryId.optional(),
  keyword: text(64).optional(),
  /** '0': leave out records shelved now (the active views); '1': only those; absent: all. */
  shelved: z.enum(['0', '1'], typeError).optional(),
});

export const listAlarms = defineCall({
  auth: 'session',
  permission: Permission.DEVICE_VIEW,
  id: 'listAlarms',
  method: 'GET',
  path: '/alarms',
  summary:
    'Alarm records of the devices the caller may see (data permissions apply), newest first, filtered by time range, level, state, device, rule and keyword',
  query: pageQuery.merge(alarmRecordFilter),
  response: pageOf(alarmRecord),
});

export const exportAlarms = defineCall({
  auth: 'session',
  permission: Permission.DEVICE_VIEW,
  id: 'exportAlarms',
  method: 'GET',
  path: '/alarms/export',
  summary:
    "The filtered alarm records as an .xlsx file, base64 in JSON: the newest 10,000 at most (`total` counts every match, so total > 10,000 means the file was cut); times written in the caller's time zone given as an offset in hours (`timezone`, e.g. 8 or -5.5), headings in `locale`",
  query: alarmRecordFilter.extend({
    timezone: z.coerce.number(typeError).min(-12, 'range').max(14, 'range').default(0),
    /** Language of the sheet's headings, levels and states. */
    locale: z.enum(locales, typeError).default(DEFAULT_LOCALE),
  }),
  response: z.object({ filename: z.string(), content_base64: z.string(), total: z.number().int() }),
});

export const acknowledgeAlarms = defineCall({
  auth: 'session',
  permission: Permission.DEVICE_VIEW,
  id: 'acknowledgeAlarms',
  method: 'POST',
  path: '/alarm/template/web/AskAlarms',
  summary:
    'Acknowledge alarm records, optionally with a note (state 2, responder, response time and note kept; already acknowledged records are left as they are; a record the caller may not see: 1003, nothing changed)',
  body: z.object({
    ids: z.array(bodyId, typeError).min(1, 'required').max(ALARM_ACK_MAX, 'range'),
    /** Why, in the operator's words: kept on each record acknowledged, with its author, and audited. */
    note: text(500).optional(),
  }),
  response: z.object({ acknowledged: z.number().int() }),
});

export const alarmMessageEvents = ['raised', 'recovered', 'escalated'] as const;

/** An alarm message of the message centre (kind alarm), with what the alarm list shows. */
export const alarmMessage = z.object({
  id: z.number().int(),
  record_id: z.number().int(),
  device_id: z.number().int(),
  device_name: z.string(),
  /** The record's kind: an `offline` one stores the word `offline` as rule name and content. */
  kind: z.enum(alarmRecordKinds),
  rule_name: z.string(),
  level: z.number().int(),
  /** 1 urgent, 2 low, 3 normal (from the level). */
  urgency: z.number().int(),
  event: z.enum(alarmMessageEvents),
  content: z.string(),
  /** The record's current state. */
  state: z.number().int(),
  is_read: z.boolean(),
  created_at: z.number().int(),
});
export type AlarmMessage = z.infer<typeof alarmMessage>;

export const listAlarmMessages = defineCall({
  auth: 'session',
  permission: HAS_PERMISSION,
  id: 'listAlarmMessages',
  method: 'GET',
  path: '/alarm/template/web/message/list',
  summary:
    "The caller's alarm messages (only of devices the caller may see), newest first; mark them read with /msg/setread",
  query: pageQuery.extend({
    is_read: z.enum(['0', '1']).optional(),
    urgency: queryInt.refine((v) => (urgencies as readonly number[]).includes(v), 'enum').optional(),
    start: epochQuery.optional(),
    end: epochQuery.optional(),
  }),
  response: pageOf(alarmMessage),
});

/**
 * The caller's alarm subscription: the channels that reach them (mail to the account's address, `sms`
 * to its phone number) on raised alarms of `min_level` or above (the lowest level that reaches them;
 * flood controlled per channel: at most a few a minute, then one digest a minute), and
 * `escalation` mail when an alarm stays unacknowledged for `escalate_after_minutes` (0: never). Mail
 * and escalation reach only alarms of devices the member may see.
 */
export const alarmSubscription = z.object({
  mail: z.boolean(typeError),
  /** SMS through the SMS provider (dev outbox by default). Absent on PUT: kept (off at first). */
  sms: z.boolean(typeError).optional(),
  min_level: z
    .number(typeError)
    .int('integer')
    .refine((v) => (alarmLevels as readonly number[]).includes(v), 'enum'),
  escalation: z.boolean(typeError),
  escalate_after_minutes: z.number(typeError).int('integer').min(0, 'range').max(10_080, 'range'),
  /** Language of the mails; the web sends its current locale. Absent on PUT: kept (zh-CN at first). */
  locale: z.enum(locales, typeError).optional(),
  /**
   * IANA time zone the mails give times in (the web sends the browser's). Absent on PUT: kept; null
   * (at first): UTC, and the mail says so.
   */
  time_zone: z.string(typeError).max(64, 'tooLong').refine(isTimeZone, 'enum').nullable().optional(),
});
export type AlarmSubscription = z.infer<typeof alarmSubscription>;

export const getAlarmSubscription = defineCall({
  auth: 'session',
  permission: HAS_PERMISSION,
  id: 'getAlarmSubscription',
  method: 'GET',
  path: '/alarm-subscription',
  summary: "The caller's alarm mail subscription (defaults: no mail)",
  response: alarmSubscription,
});

export const putAlarmSubscription = defineCall({
  auth: 'session',
  permission: HAS_PERMISSION,
  id: 'putAlarmSubscription',
  method: 'PUT',
  path: '/alarm-subscription',
  summary: "Set the caller's alarm mail subscription (mail goes to the account's address only)",
  body: alarmSubscription,
  response: alarmSubscription,
});

/**
 * Calls on the caller's own things that need no permission id (like the message centre): the alarm
 * messages addressed to them and their mail subscription.
 */
export const alarmOwnCalls = [listAlarmMessages, getAlarmSubscription, putAlarmSubscription] as const;

export const alarmCalls = [
  listAlarms,
  exportAlarms,
  acknowledgeAlarms,
  listAlarmMessages,
  getAlarmSubscription,
  putAlarmSubscription,
] as const;
