import { getMessageCounts as getMessageCountsDef } from '@hmi/contract';
import { call, type CallOptions } from './client';

/** Total and unread counts per kind (notice, billing, alarm). */
export const getMessageCounts = (options?: CallOptions) => call(getMessageCountsDef, {}, options);
