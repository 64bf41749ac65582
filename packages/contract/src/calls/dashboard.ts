import { z } from 'zod';
import { defineCall } from '../call';
import { Permission } from '../permissions';

/** TAGs a favourite device's card shows: the first of its template, in template order. */
export const DASHBOARD_CARD_TAGS_MAX = 6;

/** A latest TAG value on a dashboard card (filled once devices report data). */
export const dashboardTag = z.object({
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

export const dashboard = z.object({
  /**
   * Server time (epoch seconds) just before the counters were read: a device whose online state changed
   * since (its live `online.at` at or after this) may not be counted as it is now.
   */
  at: z.number().int(),
  counters: z.object({ devices: z.number().int(), online: z.number().int(), offline: z.number().int() }),
  favourites: z.array(favouriteDevice),
});
export type Dashboard = z.infer<typeof dashboard>;

export const getDashboard = defineCall({
  auth: 'session',
  permission: Permission.DASHBOARD_VIEW,
  id: 'getDashboard',
  method: 'GET',
  path: '/dashboard',
  summary: 'Device counters over the devices the caller may see, and the caller’s favourite devices',
  response: dashboard,
});

export const dashboardCalls = [getDashboard] as const;
