import { z } from 'zod';
import { defineCall } from '../call';
import { HAS_PERMISSION } from '../permissions';

const perKind = z.object({ notice: z.number().int(), billing: z.number().int(), alarm: z.number().int() });

export const messageCounts = z.object({ total: perKind, unread: perKind });
export type MessageCounts = z.infer<typeof messageCounts>;

export const getMessageCounts = defineCall({
  auth: 'session',
  permission: HAS_PERMISSION,
  id: 'getMessageCounts',
  method: 'GET',
  path: '/msg/notify/count',
  summary: 'Total and unread message counts per kind (notice, billing, alarm)',
  response: messageCounts,
});

export const messageCalls = [getMessageCounts] as const;
