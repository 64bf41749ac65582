import { z } from 'zod';
import { defineCall } from '../call';
import { HAS_PERMISSION } from '../permissions';
import { MessageKind } from '../tables';
import { pageOf, queryInt } from '../zod-helpers';

const perKind = z.object({ notice: z.number().int(), billing: z.number().int(), alarm: z.number().int() });

export const messageCounts = z.object({ total: perKind, unread: perKind });
export type MessageCounts = z.infer<typeof messageCounts>;

export const messageKindSchema = z.enum([MessageKind.NOTICE, MessageKind.BILLING, MessageKind.ALARM]);

export const message = z.object({
  id: z.number().int(),
  kind: messageKindSchema,
  title: z.string(),
  content: z.string(),
  is_read: z.boolean(),
  created_at: z.number().int(),
});
export type Message = z.infer<typeof message>;

export const getMessageCounts = defineCall({
  auth: 'session',
  permission: HAS_PERMISSION,
  id: 'getMessageCounts',
  method: 'GET',
  path: '/msg/notify/count',
  summary: 'Total and unread message counts per kind (notice, billing, alarm)',
  response: messageCounts,
});

export const getTodayMessages = defineCall({
  auth: 'session',
  permission: HAS_PERMISSION,
  id: 'getTodayMessages',
  method: 'GET',
  path: '/msg/notify/today',
  summary:
    "Today's messages (from the caller's local midnight, tz_offset in hours east of UTC), newest first",
  query: z.object({
    kind: messageKindSchema.optional(),
    tz_offset: z.coerce.number().min(-12).max(14).default(0),
    limit: queryInt.min(1).max(100).default(20),
  }),
  response: pageOf(message),
});

export const messageCalls = [getMessageCounts, getTodayMessages] as const;
