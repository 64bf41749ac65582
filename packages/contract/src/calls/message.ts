import { z } from 'zod';
import { defineCall } from '../call';
import { HAS_PERMISSION } from '../permissions';
import { MessageKind } from '../tables';
import { bodyId, pageOf, pageQuery, queryInt, typeError } from '../zod-helpers';

const perKind = z.object({ notice: z.number().int(), billing: z.number().int(), alarm: z.number().int() });

export const messageCounts = z.object({ total: perKind, unread: perKind });
export type MessageCounts = z.infer<typeof messageCounts>;

export const messageKindSchema = z.enum([MessageKind.NOTICE, MessageKind.BILLING, MessageKind.ALARM]);

/**
 * The variable parts of a message, which the web words in the reader's locale by the billing type.
 * Team messages (types 6-9) use `team`, `inviter`, `inviter_account`, `role`, `new_main`,
 * `new_main_account` and `variant` (TeamMessageVariant) where the type has more than one wording.
 */
export const messageParams = z.record(z.string(), z.union([z.string(), z.number()]));
export type MessageParams = z.infer<typeof messageParams>;

/** Wordings of a team message type: 7 cancelled or voided, 9 offered or completed. */
export const TeamMessageVariant = {
  CANCELLED: 'cancelled',
  VOIDED: 'voided',
  OFFERED: 'offered',
  COMPLETED: 'completed',
} as const;
export type TeamMessageVariantValue = (typeof TeamMessageVariant)[keyof typeof TeamMessageVariant];

export const message = z.object({
  id: z.number().int(),
  kind: messageKindSchema,
  title: z.string(),
  content: z.string(),
  is_read: z.boolean(),
  /** Billing message type (BillingMessageType, 1-9); null for other kinds. */
  type: z.number().int().nullable(),
  /** Null for messages stored as text only (`title` and `content` are always filled). */
  params: messageParams.nullable(),
  created_at: z.number().int(),
});
export type Message = z.infer<typeof message>;

export const getMessageCounts = defineCall({
  auth: 'session',
  permission: HAS_PERMISSION,
  id: 'getMessageCounts',
  method: 'GET',
  path: '/msg/notify/count',
  summary:
    'Total and unread message counts per kind (notice, billing, alarm); billing counts are 0 without billing-message view (23)',
  response: messageCounts,
});

export const getTodayMessages = defineCall({
  auth: 'session',
  permission: HAS_PERMISSION,
  id: 'getTodayMessages',
  method: 'GET',
  path: '/msg/notify/today',
  summary:
    "Today's messages (from the caller's local midnight, tz_offset in hours east of UTC), newest first; billing messages only with 23 (kind=billing without it: 1002)",
  query: z.object({
    kind: messageKindSchema.optional(),
    tz_offset: z.coerce.number().min(-12).max(14).default(0),
    limit: queryInt.min(1).max(100).default(20),
  }),
  response: pageOf(message),
});

const readFilter = z.coerce
  .number(typeError)
  .pipe(z.union([z.literal(0), z.literal(1)], 'enum'))
  .optional();

export const listMessages = defineCall({
  auth: 'session',
  permission: HAS_PERMISSION,
  id: 'listMessages',
  method: 'GET',
  path: '/msg/notify',
  summary:
    'The caller’s messages (their own and their team’s), newest first: kind, read state (is_read 0/1), billing type, time range (start/end epoch seconds, inclusive) and keyword (title or content) filters. Billing messages need 23 (kind=billing without it: 1002; otherwise left out)',
  query: pageQuery.extend({
    kind: messageKindSchema.optional(),
    is_read: readFilter,
    type: queryInt.min(1).max(99).optional(),
    start: queryInt.min(0).optional(),
    end: queryInt.min(0).optional(),
    keyword: z.string(typeError).trim().max(100, 'tooLong').optional(),
  }),
  response: pageOf(message),
});

export const setMessagesRead = defineCall({
  auth: 'session',
  permission: HAS_PERMISSION,
  id: 'setMessagesRead',
  method: 'POST',
  path: '/msg/setread',
  summary:
    'Mark messages read: `ids` (one or many), or `all` (optionally of one `kind`). Only messages the caller sees are touched (others are ignored); a team-wide message is marked for the caller only. kind=billing without 23: 1002. Returns how many changed',
  body: z
    .object({
      ids: z.array(bodyId, typeError).max(1000, 'tooLong').optional(),
      kind: messageKindSchema.optional(),
      all: z.boolean(typeError).default(false),
    })
    .superRefine((b, ctx) => {
      if (!b.all && !b.ids?.length) ctx.addIssue({ code: 'custom', path: ['ids'], message: 'required' });
    }),
  response: z.object({ updated: z.number().int() }),
});

export const messageCalls = [getMessageCounts, getTodayMessages, listMessages, setMessagesRead] as const;
