import type * as defs from '@hmi/contract';
import type { CallQuery } from '@hmi/contract';
import { call, type CallOptions } from './client';
import { route } from './route';
import type { Body, Query } from './types';

// Routes, not the contract's definitions: the session's first load makes these calls.
const getMessageCountsDef = route<typeof defs.getMessageCounts>({
  id: 'getMessageCounts',
  method: 'GET',
  path: '/msg/notify/count',
});
const getTodayMessagesDef = route<typeof defs.getTodayMessages>({
  id: 'getTodayMessages',
  method: 'GET',
  path: '/msg/notify/today',
});
const listMessagesDef = route<typeof defs.listMessages>({
  id: 'listMessages',
  method: 'GET',
  path: '/msg/notify',
});
const setMessagesReadDef = route<typeof defs.setMessagesRead>({
  id: 'setMessagesRead',
  method: 'POST',
  path: '/msg/setread',
});

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
