import { z } from 'zod';
import { defineCall } from '../call';
import { Permission } from '../permissions';

/** TAGs a favourite device's card shows: the first of its template, in template order. */
export const DASHBOARD_CARD_TAGS_MAX = 6;

/** A latest TAG value on a dashboard card (filled once devices report data). */
export const dashboardTag = z.object({
  /** The template TAG's id (the card's small trend asks its history). */
  id: z.number().int(),
  name: z.string(),
  value: z.string().nullable(),
  time: z.number().int().nullable(),
});

export const favouriteDevice = z.object({
  id: z.number().int(),
  name: z.string(),
  sn: z.string(),
  model: z.string(),
  online: z.number().int(),
  /** Its group (null: none); `group_path` names it, shortened to first, middle and last beyond 3 levels. */
  group_id: z.number().int().nullable(),
  group_path: z.array(z.string()),
  tags: z.array(dashboardTag),
});

/** Cards expiring within this many days are listed (issue 26: a dashboard that warns). */
export const DASHBOARD_EXPIRY_DAYS = 30;
/** A device whose allocated Remote Access cards are this much used (%) is low on traffic (the first traffic reminder). */
export const DASHBOARD_LOW_TRAFFIC_PERCENT = 80;
/** Rows of each warning list. */
export const DASHBOARD_WARNINGS_MAX = 20;

/** What needs attention: active alarms, cards running out, devices low on traffic. */
export const dashboardWarnings = z.object({
  /** Active (not recovered) alarms by level, every level of the value table (0 included). */
  active_by_level: z.array(z.object({ level: z.number().int(), count: z.number().int() })),
  /** Active alarms nobody acknowledged yet (state 1, as the records' filter). */
  unacknowledged: z.number().int(),
  /** The team's activated cards expiring within 30 days, soonest first; absent without the account view (17). */
  cards_expiring: z
    .array(
      z.object({
        id: z.number().int(),
        number_tail: z.string(),
        type: z.number().int(),
        expires_at: z.number().int(),
        device_name: z.string().nullable(),
      }),
    )
    .optional(),
  /** Visible devices whose allocated Remote Access cards are 80 % used or more, most used first; absent without id 17. */
  low_traffic: z
    .array(
      z.object({
        device_id: z.number().int(),
        device_name: z.string(),
        used_bytes: z.number(),
        traffic_bytes: z.number(),
      }),
    )
    .optional(),
});
export type DashboardWarnings = z.infer<typeof dashboardWarnings>;

export const dashboard = z.object({
  /**
   * Server time (epoch seconds) just before the counters were read: a device whose online state changed
   * since (its live `online.at` at or after this) may not be counted as it is now.
   */
  at: z.number().int(),
  counters: z.object({ devices: z.number().int(), online: z.number().int(), offline: z.number().int() }),
  favourites: z.array(favouriteDevice),
  warnings: dashboardWarnings,
});
export type Dashboard = z.infer<typeof dashboard>;

export const getDashboard = defineCall({
  auth: 'session',
  permission: Permission.DASHBOARD_VIEW,
  id: 'getDashboard',
  method: 'GET',
  path: '/dashboard',
  summary:
    'Device counters over the devices the caller may see, the caller’s favourite devices, and warnings: active alarms by level and unacknowledged, cards expiring within 30 days and devices low on traffic (these two with the account view, 17)',
  response: dashboard,
});

export const dashboardCalls = [getDashboard] as const;
