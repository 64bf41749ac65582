import { z } from 'zod';
import { defineCall } from '../call';
import { Permission } from '../permissions';
import { DEFAULT_LOCALE, locales } from '../tables';
import { queryId, queryInt, typeError } from '../zod-helpers';

/**
 * Alarm performance (issue 26), after plant alarm practice (ISA-18.2, EEMUA 191): about one alarm per
 * ten minutes per operator is manageable, ten or more in ten minutes is a flood.
 */
export const ALARM_FLOOD_WINDOW_S = 600;
/** Alarms in one ten-minute window that make it a flood. */
export const ALARM_FLOOD_MIN = 10;
/**
 * Chattering, one definition for the alarm engine and this page: ALARM_CHATTER_RAISES raises of the
 * same rule on the same device within ALARM_CHATTER_WINDOW_S of sample time (EEMUA 191 counts an
 * alarm raised this often as chattering). The engine marks the raise that reaches the count and the
 * ones after it while it keeps up (`chattering` on the record); the page counts the marked records.
 */
export const ALARM_CHATTER_RAISES = 5;
export const ALARM_CHATTER_WINDOW_S = 600;
/** An alarm active (not recovered) longer than this is stale. */
export const ALARM_STALE_S = 86_400;
/** Rows of the bad-actor, chattering and stale lists. */
export const ALARM_KPI_TOP = 10;
/** Longest range one request covers (a leap year and a day of time-zone slack). */
export const ALARM_KPI_RANGE_MAX_S = 367 * 86_400;
/** Ranges up to this long also get an hourly series. */
export const ALARM_KPI_HOURLY_MAX_S = 14 * 86_400;

const epochQuery = queryInt.min(0, 'range');

/** Alarm time range [start, end) in epoch seconds, optionally one device group (with its sub-groups) or template. */
const kpiQueryFields = z.object({
  start: epochQuery,
  end: epochQuery,
  group_id: queryId.optional(),
  template_id: queryId.optional(),
  /** The caller's time zone, hours east of UTC: where the daily series' days begin. */
  timezone: z.coerce.number(typeError).min(-12, 'range').max(14, 'range').default(0),
});
const rangeRule = {
  check: (q: { start: number; end: number }) => q.end > q.start && q.end - q.start <= ALARM_KPI_RANGE_MAX_S,
  error: { message: 'range', path: ['end'] },
};
export const alarmKpiQuery = kpiQueryFields.refine(rangeRule.check, rangeRule.error);

const count = z.number().int();
/** Average seconds, null when nothing was measured. */
const seconds = z.number().nullable();

/** One rule on one device (a deleted rule's records keep its name; its id is null). */
export const alarmKpiPair = z.object({
  rule_id: z.number().int().nullable(),
  rule_name: z.string(),
  device_id: z.number().int(),
  device_name: z.string(),
  level: z.number().int(),
  count,
});

/** Counts and average times of one slice (a template or a device group). */
export const alarmKpiSlice = z.object({
  /** null: devices in no group. */
  id: z.number().int().nullable(),
  name: z.string(),
  count,
  ack_avg_s: seconds,
  recover_avg_s: seconds,
});

export const alarmKpi = z.object({
  start: z.number().int(),
  end: z.number().int(),
  /** Server time the figures were read at (stale alarms still active are measured to it). */
  at: z.number().int(),
  total: count,
  per_hour: z.number(),
  per_day: z.number(),
  /** Most alarms in one clock hour. */
  peak_hour: count,
  flood: z.object({ windows: count, flooded: count, share: z.number() }),
  /** Alarms per clock hour (epoch seconds of its start); empty beyond ALARM_KPI_HOURLY_MAX_S. */
  hourly: z.array(z.object({ at: z.number().int(), n: count })),
  /** Alarms per day in the caller's time zone (epoch seconds of its local midnight). */
  daily: z.array(z.object({ at: z.number().int(), n: count })),
  /** The ten rules on devices that raised most ("bad actors"). */
  bad_actors: z.array(alarmKpiPair),
  chattering: z.object({
    /** Records that were the Nth raise within M minutes. */
    records: count,
    pairs: count,
    top: z.array(alarmKpiPair),
  }),
  stale: z.object({
    /** Records of the range active longer than a day (recovered late or still active). */
    records: count,
    /** The oldest still active of them. */
    active: z.array(
      z.object({
        id: z.number().int(),
        rule_name: z.string(),
        device_id: z.number().int(),
        device_name: z.string(),
        level: z.number().int(),
        alarm_at: z.number().int(),
      }),
    ),
  }),
  acknowledge: z.object({ count, avg_s: seconds }),
  recover: z.object({ count, avg_s: seconds }),
  by_template: z.array(alarmKpiSlice),
  by_group: z.array(alarmKpiSlice),
});
export type AlarmKpi = z.infer<typeof alarmKpi>;

export const getAlarmKpi = defineCall({
  auth: 'session',
  permission: Permission.DEVICE_VIEW,
  id: 'getAlarmKpi',
  method: 'GET',
  path: '/alarm-kpi',
  summary:
    'Alarm performance over a range of at most 367 days of the devices the caller may see: alarms per hour and day, share of ten-minute windows in flood (10 or more), the ten most frequent alarms, chattering (records the engine marked: 5 raises of a rule on a device within 10 minutes) and stale (active over 24 h) alarms, average time to acknowledge (from the server time of the raise) and to recover, per template and device group',
  query: alarmKpiQuery,
  response: alarmKpi,
});

export const exportAlarmKpi = defineCall({
  auth: 'session',
  permission: Permission.DEVICE_VIEW,
  id: 'exportAlarmKpi',
  method: 'GET',
  path: '/alarm-kpi/export',
  summary:
    'The alarm performance of getAlarmKpi as an .xlsx file (base64 in JSON): a summary sheet, the daily series, bad actors, chattering and stale alarms, per template and group; headings in `locale`, times in `timezone`',
  query: kpiQueryFields
    .extend({ locale: z.enum(locales, typeError).default(DEFAULT_LOCALE) })
    .refine(rangeRule.check, rangeRule.error),
  response: z.object({ filename: z.string(), content_base64: z.string() }),
});

export const alarmKpiCalls = [getAlarmKpi, exportAlarmKpi] as const;
