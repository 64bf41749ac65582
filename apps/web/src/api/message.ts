import {
  getMessageCounts as getMessageCountsDef,
  getTodayMessages as getTodayMessagesDef,
  listMessages as listMessagesDef,
  setMessagesRead as setMessagesReadDef,
} from '@hmi/contract';
import type { CallQuery } from '@hmi/contract';
import { call, type CallOptions } from './client';
import type { Body, Query } from './types';

export type MessageQuery = Query<typeof listMessagesDef>;

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

/** The caller's messages: kind, read state, billing type, time range and keyword filters. */
export const listMessages = (query: MessageQuery, options?: CallOptions) =>
  call(listMessagesDef, { query }, options);

/** Marks messages read: `{ ids }`, or `{ all: true, kind? }`. */
export const setMessagesRead = (body: Body<typeof setMessagesReadDef>, options?: CallOptions) =>
  call(setMessagesReadDef, { body }, options);
