import { z } from 'zod';
import { defineCall } from '../call';
import { Permission } from '../permissions';
import {
  PASSTHROUGH_DEFAULT_MINUTES,
  PASSTHROUGH_MAX_MINUTES,
  PASSTHROUGH_TARGET_RE,
  passthroughEndReasons,
} from '../protocol/passthrough';
import { idParams, pageOf, pageQuery, typeError } from '../zod-helpers';

export const passthroughSession = z.object({
  session: z.string(),
  device_id: z.number().int(),
  target: z.string(),
  max_minutes: z.number().int(),
  /** Epoch seconds. */
  created_at: z.number().int(),
  ends_at: z.number().int(),
  /** Traffic left for the device when opened; null: not metered (billing off). */
  remaining_bytes: z.number().nullable(),
});
export type PassthroughSession = z.infer<typeof passthroughSession>;

export const openPassthrough = defineCall({
  auth: 'session',
  permission: Permission.DEVICE_HMI,
  id: 'openPassthrough',
  method: 'POST',
  path: '/devices/:id/passthrough',
  summary:
    "Open an engineering pass-through to a target of the gateway's own list (1203 device offline, 1204 no traffic or switch off, 1206 too many sessions); the engineer's client then joins it on /v1/passthrough/ws",
  params: idParams,
  body: z.object({
    target: z.string(typeError).regex(PASSTHROUGH_TARGET_RE, 'format'),
    max_minutes: z
      .number(typeError)
      .int('integer')
      .min(1, 'range')
      .max(PASSTHROUGH_MAX_MINUTES, 'range')
      .default(PASSTHROUGH_DEFAULT_MINUTES),
  }),
  response: passthroughSession,
});

export const passthroughRecord = z.object({
  session: z.string(),
  device_id: z.number().int(),
  device_name: z.string(),
  user_id: z.number().int(),
  user_name: z.string(),
  target: z.string(),
  started_at: z.number().int(),
  /** When the session ends at the latest (its maximum duration). */
  ends_at: z.number().int(),
  ended_at: z.number().int().nullable(),
  reason: z.enum(passthroughEndReasons).nullable(),
  /** Bytes carried both ways (settled at each tick while the session is open). */
  bytes: z.number(),
});
export type PassthroughRecord = z.infer<typeof passthroughRecord>;

export const listPassthroughSessions = defineCall({
  auth: 'session',
  permission: Permission.DEVICE_VIEW,
  id: 'listPassthroughSessions',
  method: 'GET',
  path: '/devices/:id/passthrough/sessions',
  summary: 'Pass-through sessions of a device, newest first: who, target, when, how it ended, bytes',
  params: idParams,
  query: pageQuery,
  response: pageOf(passthroughRecord),
});

export const listActivePassthrough = defineCall({
  auth: 'session',
  permission: Permission.DEVICE_VIEW,
  id: 'listActivePassthrough',
  method: 'GET',
  path: '/passthrough/sessions',
  summary: "The team's open pass-through sessions on devices the caller may see",
  response: z.object({ list: z.array(passthroughRecord) }),
});

export const endPassthrough = defineCall({
  auth: 'session',
  permission: Permission.DEVICE_HMI,
  id: 'endPassthrough',
  method: 'POST',
  path: '/passthrough/sessions/:session/end',
  summary: 'End an open pass-through session (its client is disconnected with reason "ended")',
  params: z.object({ session: z.string().min(8).max(64) }),
  response: z.object({ ended: z.boolean() }),
});

export const passthroughCalls = [
  openPassthrough,
  listPassthroughSessions,
  listActivePassthrough,
  endPassthrough,
] as const;
