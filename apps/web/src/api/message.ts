import {
  getMessageCounts as getMessageCountsDef,
  getTodayMessages as getTodayMessagesDef,
} from '@hmi/contract';
import type { CallQuery } from '@hmi/contract';
import { call, type CallOptions } from './client';

/** Total and unread counts per kind (notice, billing, alarm). */
export const getMessageCounts = (options?: CallOptions) => call(getMessageCountsDef, {}, options);

/** Today's messages from the browser's local midnight. */
export const getTodayMessages = (
  query: Partial<CallQuery<typeof getTodayMessagesDef>> = {},
  options?: CallOptions,
) =>
  call(
    getTodayMessagesDef,
    { query: { tz_offset: -new Date().getTimezoneOffset() / 60, ...query } },
    options,
  );
