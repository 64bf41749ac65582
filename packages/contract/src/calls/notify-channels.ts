import { z } from 'zod';
import { defineCall } from '../call';
import { MAIN_ACCOUNT } from '../permissions';
import { alarmLevels } from '../tables';
import { idParams, requiredText, typeError } from '../zod-helpers';

/** Most webhooks one team keeps. */
export const WEBHOOKS_PER_TEAM_MAX = 10;
/** Longest webhook URL accepted. */
export const WEBHOOK_URL_MAX = 2048;
/** Deliveries kept per webhook in its log (older ones are pruned as new ones are written). */
export const WEBHOOK_LOG_KEPT = 50;
/** Most characters of a receiver's answer kept in the delivery log. */
export const WEBHOOK_ANSWER_KEPT = 512;
/** Header carrying `sha256=<hex HMAC-SHA256 of "<timestamp>.<body>" under the webhook's secret>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-hmi-signature';
/** Header carrying the epoch seconds the signature covers (receivers refuse old ones: replay). */
export const WEBHOOK_TIMESTAMP_HEADER = 'x-hmi-timestamp';

const level = z
  .number(typeError)
  .int('integer')
  .refine((v) => (alarmLevels as readonly number[]).includes(v), 'enum');

/**
 * A team-level HTTPS endpoint told of raised alarms of `min_level` or above as signed JSON (flood
 * controlled like a recipient: a digest a minute while a flood lasts). The secret is never listed;
 * it is answered once, when the webhook is created or its secret renewed.
 */
export const webhook = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  min_level: z.number().int(),
  enabled: z.boolean(),
  created_at: z.number().int(),
  /** The latest delivery's outcome (null: none yet). */
  last_status: z.enum(['ok', 'failed', 'pending']).nullable(),
});
export type Webhook = z.infer<typeof webhook>;

const webhookBody = z.object({
  name: requiredText(64),
  url: z.string(typeError).trim().min(1, 'required').max(WEBHOOK_URL_MAX, 'tooLong'),
  min_level: level,
  enabled: z.boolean(typeError),
});

/** One delivery attempt series: its event, state, attempts and the receiver's last answer. */
export const webhookDelivery = z.object({
  id: z.number().int(),
  event: z.enum(['alarm', 'digest', 'test']),
  status: z.enum(['ok', 'failed', 'pending']),
  attempts: z.number().int(),
  /** HTTP status of the last answer (null: no answer: refused, timeout, network). */
  http_status: z.number().int().nullable(),
  /** The last answer's first characters, or why there was none. */
  answer: z.string(),
  created_at: z.number().int(),
  /** When the last attempt ended (null: none yet). */
  attempted_at: z.number().int().nullable(),
  /** When the next retry is due (pending only). */
  next_at: z.number().int().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const listWebhooks = defineCall({
  auth: 'session',
  permission: MAIN_ACCOUNT,
  id: 'listWebhooks',
  method: 'GET',
  path: '/webhooks',
  summary: "The team's alarm webhooks (main account only; the spec has no permission id for them)",
  response: z.object({ list: z.array(webhook) }),
});

export const createWebhook = defineCall({
  auth: 'session',
  permission: MAIN_ACCOUNT,
  id: 'createWebhook',
  method: 'POST',
  path: '/webhooks',
  summary:
    'Add an alarm webhook; answers its signing secret, shown this once. 1006 naming `url` when the URL is not https or names a refused address; 1208 beyond WEBHOOKS_PER_TEAM_MAX',
  body: webhookBody,
  response: webhook.extend({ secret: z.string() }),
});

export const updateWebhook = defineCall({
  auth: 'session',
  permission: MAIN_ACCOUNT,
  id: 'updateWebhook',
  method: 'PUT',
  path: '/webhooks/:id',
  summary: 'Edit an alarm webhook (the secret is kept). 1003, 1006',
  params: idParams,
  body: webhookBody,
  response: webhook,
});

export const deleteWebhook = defineCall({
  auth: 'session',
  permission: MAIN_ACCOUNT,
  id: 'deleteWebhook',
  method: 'DELETE',
  path: '/webhooks/:id',
  summary: 'Remove an alarm webhook and its delivery log; pending retries stop. 1003',
  params: idParams,
  response: z.null(),
});

export const renewWebhookSecret = defineCall({
  auth: 'session',
  permission: MAIN_ACCOUNT,
  id: 'renewWebhookSecret',
  method: 'POST',
  path: '/webhooks/:id/secret',
  summary: 'Issue a new signing secret (the old one stops at once); answered this once. 1003',
  params: idParams,
  body: z.object({}),
  response: z.object({ secret: z.string() }),
});

export const testWebhook = defineCall({
  auth: 'session',
  permission: MAIN_ACCOUNT,
  id: 'testWebhook',
  method: 'POST',
  path: '/webhooks/:id/test',
  summary: 'Send one signed test delivery now (no retries) and answer its outcome; it joins the log. 1003',
  params: idParams,
  body: z.object({}),
  response: webhookDelivery,
});

export const listWebhookDeliveries = defineCall({
  auth: 'session',
  permission: MAIN_ACCOUNT,
  id: 'listWebhookDeliveries',
  method: 'GET',
  path: '/webhooks/:id/deliveries',
  summary: `The webhook's latest deliveries (at most ${WEBHOOK_LOG_KEPT}), newest first, with the last answers. 1003`,
  params: idParams,
  response: z.object({ list: z.array(webhookDelivery) }),
});

export const notifyChannelCalls = [
  listWebhooks,
  createWebhook,
  updateWebhook,
  deleteWebhook,
  renewWebhookSecret,
  testWebhook,
  listWebhookDeliveries,
] as const;
