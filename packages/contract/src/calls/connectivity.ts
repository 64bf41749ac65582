import { z } from 'zod';
import { defineCall } from '../call';
import { Permission } from '../permissions';
import { commandStatuses } from '../protocol/ws';
import { deviceField } from './field';
import { idParams, typeError } from '../zod-helpers';

/** Most points a history answer holds (a month of 1 s samples still draws as ≤ 2,000 buckets). */
export const HISTORY_BUCKETS_MAX = 2000;
export const HISTORY_BUCKETS_DEFAULT = 500;

export const tagQualities = ['good', 'bad'] as const;
export type TagQuality = (typeof tagQualities)[number];

/** A TAG of the device's template with its latest value (null until the device sent one). */
export const liveTag = z.object({
  id: z.number().int(),
  name: z.string(),
  data_type: z.number().int(),
  access: z.number().int(),
  save_history: z.boolean(),
  description: z.string(),
  /** The last good value (kept while the TAG is bad). */
  value: z.string().nullable(),
  /** Time of the last good value, epoch ms. */
  ts: z.number().int().nullable(),
  /** `bad` while the newest sample was bad (DESIGN.md "Field side", quality). */
  quality: z.enum(tagQualities),
  /** Why it is bad (`timeout`, `disconnected`, `exception:<n>`, `config:<why>`, `decode`); null if good. */
  quality_reason: z.string().nullable(),
  /** Time of the newest bad sample, epoch ms; null if good. */
  quality_ts: z.number().int().nullable(),
});
export type LiveTag = z.infer<typeof liveTag>;

export const deviceTags = defineCall({
  auth: 'session',
  permission: Permission.DEVICE_VIEW,
  id: 'deviceTags',
  method: 'GET',
  path: '/devices/:id/tags',
  summary: "The TAGs of the device's template with their latest values (1003 not visible)",
  params: idParams,
  response: z.object({ list: z.array(liveTag), total: z.number().int() }),
});

const epochMsQuery = z.coerce.number(typeError).int('integer').min(0, 'range');

export const historyBucket = z.object({
  /** Bucket start, epoch ms. */
  t: z.number().int(),
  min: z.number(),
  max: z.number(),
  avg: z.number(),
  count: z.number().int(),
});

export const deviceHistory = defineCall({
  auth: 'session',
  permission: Permission.DEVICE_VIEW,
  id: 'deviceHistory',
  method: 'GET',
  path: '/devices/:id/history',
  summary:
    'History of one TAG (id from /tags) between from and to (epoch ms, at most 400 days): numeric TAGs as min/max/avg buckets (at most 2,000), string TAGs as the newest samples (at most `buckets`)',
  params: idParams,
  query: z
    .object({
      tag: z.coerce.number(typeError).int('integer').positive('range'),
      from: epochMsQuery,
      to: epochMsQuery,
      buckets: z.coerce
        .number(typeError)
        .int('integer')
        .min(1, 'range')
        .max(HISTORY_BUCKETS_MAX, 'range')
        .default(HISTORY_BUCKETS_DEFAULT),
    })
    .refine((q) => q.to > q.from && q.to - q.from <= 400 * 86_400_000, { path: ['to'], message: 'range' }),
  response: z.object({
    tag: z.string(),
    data_type: z.number().int(),
    from: z.number().int(),
    to: z.number().int(),
    bucket_ms: z.number().int(),
    points: z.array(historyBucket),
    samples: z.array(z.object({ t: z.number().int(), value: z.string() })),
  }),
});

/** Rows one history export page holds (each request's work is one page and at most one more chunk). */
export const HISTORY_EXPORT_PAGE = 5000;
/** Rows an export file holds at most (the browser walks the pages; a longer range is cut and says so). */
export const HISTORY_EXPORT_ROWS_MAX = 200_000;

/**
 * One stored point of a TAG: a raw sample (`value`, aggregates null), or where the device's allocation
 * keeps one point per interval, that interval's start, last value and min/max/avg/count of its numbers.
 */
export const historyExportRow = z.object({
  t: z.number().int(),
  value: z.string(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  avg: z.number().nullable(),
  count: z.number().int().nullable(),
});
export type HistoryExportRow = z.infer<typeof historyExportRow>;

export const deviceHistoryExport = defineCall({
  auth: 'session',
  permission: Permission.DEVICE_VIEW,
  id: 'deviceHistoryExport',
  method: 'GET',
  path: '/devices/:id/history/export',
  summary:
    'One page (at most 5,000 rows) of the stored points of one TAG between from and to (epoch ms, at most 400 days), oldest first; `next` is the cursor of the following page, null after the last. The browser walks the pages into a CSV or xlsx file',
  params: idParams,
  query: z
    .object({
      tag: z.coerce.number(typeError).int('integer').positive('range'),
      from: epochMsQuery,
      to: epochMsQuery,
      /** `<time>:<rows of that time already sent>`, from the previous page's `next`. */
      cursor: z
        .string()
        .regex(/^\d{1,16}:\d{1,7}$/, 'format')
        .optional(),
    })
    .refine((q) => q.to > q.from && q.to - q.from <= 400 * 86_400_000, { path: ['to'], message: 'range' }),
  response: z.object({
    tag: z.string(),
    data_type: z.number().int(),
    rows: z.array(historyExportRow),
    next: z.string().nullable(),
  }),
});

export const command = z.object({
  id: z.string(),
  device_id: z.number().int(),
  type: z.string(),
  tag: z.string().nullable(),
  value: z.string().nullable(),
  status: z.enum(commandStatuses),
  error: z.string().nullable(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type DeviceCommand = z.infer<typeof command>;

export const writeTag = defineCall({
  auth: 'session',
  permission: Permission.DEVICE_HMI,
  id: 'writeTag',
  method: 'POST',
  path: '/devices/:id/tags/:tagId/write',
  summary:
    'Write a TAG value (needs HMI operation, id 6): 1006 field tagId issue readOnly for access 0, field value with the data-type reason; sends `cmd write` and returns the pending command (failed at once when the device is offline; failed on a refusing ack or after COMMAND_TIMEOUT_SECONDS)',
  params: z.object({
    id: z.coerce.number().int().positive(),
    tagId: z.coerce.number().int().positive(),
  }),
  body: z.object({
    value: z.union([z.string().max(1024, 'tooLong'), z.number(), z.boolean()], typeError),
  }),
  response: command,
});

export const getCommand = defineCall({
  auth: 'session',
  permission: Permission.DEVICE_VIEW,
  id: 'getCommand',
  method: 'GET',
  path: '/devices/:id/commands/:cmdId',
  summary: 'A command sent to the device (write or sync) with its status: pending, done or failed',
  params: z.object({ id: z.coerce.number().int().positive(), cmdId: z.string().uuid() }),
  response: command,
});

export const syncDevice = defineCall({
  auth: 'session',
  permission: Permission.DEVICE_EDIT,
  id: 'syncDevice',
  method: 'POST',
  path: '/devices/:id/sync',
  summary:
    "Push the device's template (TAG table and version) to the HMI with `cmd sync` (needs device edit, id 4; 1029 without a template); the ack sets the HMI version",
  params: idParams,
  response: command,
});

export const ingestStats = defineCall({
  auth: 'session',
  permission: Permission.DEVICE_VIEW,
  id: 'ingestStats',
  method: 'GET',
  path: '/devices/:id/ingest-stats',
  summary:
    "This server instance's ingest counters of the device since start: batches and values stored, duplicate batches dropped, values and batches rejected by reason",
  params: idParams,
  response: z.object({
    batches: z.number().int(),
    values: z.number().int(),
    duplicates: z.number().int(),
    rejected: z.record(z.string(), z.number().int()),
    last_rejection: z
      .object({ reason: z.string(), tag: z.string().nullable(), at: z.number().int() })
      .nullable(),
  }),
});

export const connectivityCalls = [
  deviceTags,
  deviceHistory,
  deviceHistoryExport,
  writeTag,
  getCommand,
  syncDevice,
  ingestStats,
  deviceField,
] as const;
