import { z } from 'zod';
import { defineCall } from '../call';
import { MAIN_ACCOUNT } from '../permissions';
import { DEFAULT_LOCALE, locales } from '../tables';
import { pageOf, pageQuery, queryId, queryInt, text, typeError } from '../zod-helpers';

/** Most rows one audit export writes (as the alarm record export). */
export const AUDIT_EXPORT_MAX = 10_000;

/**
 * What the audit log records (beyond the spec; issue 15): sign-ins and failed sign-ins, sign-outs,
 * member, role, zone and data permission changes, device bind and unbind, template changes, TAG
 * writes (old and new value), alarm acknowledgements, card activations and remote view sessions.
 */
export const auditActions = [
  'login',
  'loginFailed',
  'logout',
  'memberRole',
  'memberRemoved',
  'dataPermissions',
  'roleAdded',
  'roleEdited',
  'roleDeleted',
  'zoneAdded',
  'zoneEdited',
  'zoneDeleted',
  'deviceBound',
  'deviceUnbound',
  'templateAdded',
  'templateEdited',
  'templateDeleted',
  'tagWrite',
  /** A TAG write the device refused or never confirmed; `error` holds its reason. */
  'tagWriteFailed',
  'alarmAcknowledged',
  'alarmShelved',
  'alarmUnshelved',
  /** A rule or a device taken out of service (`until`, `reason`) or back in (`until` empty). */
  'alarmOutOfService',
  'cardActivated',
  'remoteSession',
  'passthroughSession',
  'invitationSent',
  'memberJoined',
  'tagsAllocated',
  'cardAllocated',
  'trafficSwitched',
  /** Alarm webhooks (issue 26): added, edited (URL, level, on/off), removed, secret renewed. */
  'webhookAdded',
  'webhookEdited',
  'webhookDeleted',
  'webhookSecretRenewed',
  /** The team's remote view settings changed (`idle`: minutes without input before a session ends). */
  'remoteSettings',
] as const;
export type AuditAction = (typeof auditActions)[number];

/**
 * One audited action: who (the account and the name it had then), when (epoch seconds), from which
 * address, what (`action` on `target`, the name the object had then) and its particulars (`detail`,
 * e.g. a TAG write's `device`, `tag`, `old` and `new` value; texts only).
 */
export const auditEntry = z.object({
  id: z.number().int(),
  at: z.number().int(),
  user_id: z.number().int().nullable(),
  user_name: z.string(),
  user_account: z.string(),
  ip: z.string(),
  action: z.enum(auditActions),
  target: z.string(),
  detail: z.record(z.string(), z.string()),
});
export type AuditEntry = z.infer<typeof auditEntry>;

const epochQuery = queryInt.min(0, 'range');

export const auditFilter = z.object({
  /** Time from / to, epoch seconds (inclusive). */
  start: epochQuery.optional(),
  end: epochQuery.optional(),
  action: z.enum(auditActions, typeError).optional(),
  /** Only what this member did. */
  user_id: queryId.optional(),
  /** Part of the target, the account, its name or the address. */
  keyword: text(64).optional(),
});

export const listAudit = defineCall({
  auth: 'session',
  permission: MAIN_ACCOUNT,
  id: 'listAudit',
  method: 'GET',
  path: '/audit',
  summary:
    "The team's audit log (main account only), newest first, filtered by time range, action, member and keyword; kept for AUDIT_RETENTION_DAYS",
  query: pageQuery.merge(auditFilter),
  response: pageOf(auditEntry),
});

export const exportAudit = defineCall({
  auth: 'session',
  permission: MAIN_ACCOUNT,
  id: 'exportAudit',
  method: 'GET',
  path: '/audit/export',
  summary:
    "The filtered audit log as an .xlsx file, base64 in JSON (main account only): the newest 10,000 at most (`total` counts every match); times in the caller's zone (`timezone`, hours from UTC), headings in `locale`",
  query: auditFilter.extend({
    timezone: z.coerce.number(typeError).min(-12, 'range').max(14, 'range').default(0),
    locale: z.enum(locales, typeError).default(DEFAULT_LOCALE),
  }),
  response: z.object({ filename: z.string(), content_base64: z.string(), total: z.number().int() }),
});

export const auditCalls = [listAudit, exportAudit] as const;
