import { z } from 'zod';
import { defineCall } from '../call';
import { Permission } from '../permissions';
import { alarmLevels } from '../tables';
import { bodyId, idParams, requiredText, text, typeError } from '../zod-helpers';

/**
 * Alarm operations (issue 26): shelving records, taking a rule or a device out of service, and a
 * template's offline alarm. Acknowledgement with a note is `acknowledgeAlarms` (alarms.ts).
 */

/** Most records one shelve or unshelve names (as for an acknowledgement). */
export const ALARM_SHELVE_MAX = 500;
/** Longest shelf: a shelved alarm always comes back (ISA-18.2: shelving is time-limited). */
export const ALARM_SHELVE_MAX_MINUTES = 7 * 24 * 60;
/** Longest out-of-service period from now, in seconds (a year). */
export const ALARM_OOS_MAX_S = 366 * 24 * 3600;
/** Longest offline delay of a template's offline alarm, in minutes (a day). */
export const OFFLINE_ALARM_MAX_MINUTES = 1440;

const ids = z.array(bodyId, typeError).min(1, 'required').max(ALARM_SHELVE_MAX, 'range');

export const shelveAlarms = defineCall({
  auth: 'session',
  permission: Permission.DEVICE_VIEW,
  id: 'shelveAlarms',
  method: 'POST',
  path: '/alarms/shelve',
  summary:
    'Shelve active alarm records for `minutes` with a reason (who may acknowledge may shelve): hidden from the active views and not notified until then or until unshelved, a new raise of the same alarm meanwhile included; audited. A record the caller may not see: 1003, nothing changed; recovered records are left as they are',
  body: z.object({
    ids,
    minutes: z.number(typeError).int('integer').min(1, 'range').max(ALARM_SHELVE_MAX_MINUTES, 'range'),
    reason: requiredText(200),
  }),
  response: z.object({ shelved: z.number().int() }),
});

export const unshelveAlarms = defineCall({
  auth: 'session',
  permission: Permission.DEVICE_VIEW,
  id: 'unshelveAlarms',
  method: 'POST',
  path: '/alarms/unshelve',
  summary: 'End the shelf of alarm records at once (audited); a record the caller may not see: 1003',
  body: z.object({ ids }),
  response: z.object({ unshelved: z.number().int() }),
});

/** Out of service until `until` (epoch seconds, in the future, at most a year ahead) or back in (null). */
export const outOfService = z.object({
  until: z.number(typeError).int('integer').positive('range').nullable(),
  /** Required when `until` is set. */
  reason: text(200).default(''),
});
export type OutOfService = z.infer<typeof outOfService>;

const oosState = z.object({ until: z.number().int().nullable(), reason: z.string().nullable() });

export const setRuleOutOfService = defineCall({
  auth: 'session',
  permission: Permission.TEMPLATE_EDIT,
  id: 'setRuleOutOfService',
  method: 'PUT',
  path: '/alarm-rules/:id/out-of-service',
  summary:
    'Take an alarm rule out of service until a time (no alarms; its active records recover with reason `outOfService`) or back in service (`until` null); audited. `until` not in the future or more than a year ahead, or no reason: 1006',
  params: idParams,
  body: outOfService,
  response: oosState,
});

export const setDeviceOutOfService = defineCall({
  auth: 'session',
  permission: Permission.DEVICE_EDIT,
  id: 'setDeviceOutOfService',
  method: 'PUT',
  path: '/devices/:id/alarm-out-of-service',
  summary:
    "Take a device's alarms out of service until a time (no alarms of any rule, no offline alarm; its active records recover with reason `outOfService`) or back in (`until` null); audited",
  params: idParams,
  body: outOfService,
  response: oosState,
});

/** A template's offline alarm: 0 minutes off; else raised after that many minutes offline, of `level`. */
export const templateAlarmSettings = z.object({
  offline_alarm_minutes: z
    .number(typeError)
    .int('integer')
    .min(0, 'range')
    .max(OFFLINE_ALARM_MAX_MINUTES, 'range'),
  offline_alarm_level: z
    .number(typeError)
    .int('integer')
    .refine((v) => (alarmLevels as readonly number[]).includes(v), 'enum'),
});
export type TemplateAlarmSettings = z.infer<typeof templateAlarmSettings>;

export const getTemplateAlarmSettings = defineCall({
  auth: 'session',
  permission: Permission.TEMPLATE_VIEW,
  id: 'getTemplateAlarmSettings',
  method: 'GET',
  path: '/templates/:id/alarm-settings',
  summary: "A template's offline alarm setting",
  params: idParams,
  response: templateAlarmSettings,
});

export const putTemplateAlarmSettings = defineCall({
  auth: 'session',
  permission: Permission.TEMPLATE_EDIT,
  id: 'putTemplateAlarmSettings',
  method: 'PUT',
  path: '/templates/:id/alarm-settings',
  summary:
    "Set a template's offline alarm: its devices offline for `offline_alarm_minutes` (0: never) raise an alarm record of `offline_alarm_level`, notified like others, recovered when the device is back",
  params: idParams,
  body: templateAlarmSettings,
  response: templateAlarmSettings,
});

export const alarmOperationCalls = [
  shelveAlarms,
  unshelveAlarms,
  setRuleOutOfService,
  setDeviceOutOfService,
  getTemplateAlarmSettings,
  putTemplateAlarmSettings,
] as const;
