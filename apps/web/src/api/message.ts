import type * as defs from '@hmi/contract';
import type { CallQuery } from '@hmi/contract';
import { call, type CallOptions } from './client';
import { routeTable } from './route';
import type { Body, Query } from './types';

// Routes, not the contract's definitions: the session's first load makes these calls.
const def = routeTable<typeof defs>()({
  getMessageCounts: { method: 'GET', path: '/msg/notify/count' },
  getTodayMessages: { method: 'GET', path: '/msg/notify/today' },
  listMessages: { method: 'GET', path: '/msg/notify' },
  setMessagesRead: { method: 'POST', path: '/msg/setread' },
});

/** The message calls by route, for the query cache (which keys a call by its method and path). */
export const messageCalls = def;

export type MessageQuery = Query<typeof def.listMessages>;

/** The browser's zone in hours from UTC: "today" starts at its midnight. */
export const localHoursFromUtc = () => -new Date().getTimezoneOffset() / 60;

/** Total and unread counts per kind (notice, billing, alarm). */
export const getMessageCounts = (options?: CallOptions) => call(def.getMessageCounts, {}, options);

/** Today's messages from the browser's local midnight. */
export const getTodayMessages = (
  query: Partial<CallQuery<typeof def.getTodayMessages>> = {},
  options?: CallOptions,
) => call(def.getTodayMessages, { query: { tz_offset: localHoursFromUtc(), ...query } }, options);

/** The caller's messages: kind, read state, billing type, time range and keyword filters. */
export const listMessages = (query: MessageQuery, options?: CallOptions) =>
  call(def.listMessages, { query }, options);

/** Marks messages read: `{ ids }`, or `{ all: true, kind? }`. */
export const setMessagesRead = (body: Body<typeof def.setMessagesRead>, options?: CallOptions) =>
  call(def.setMessagesRead, { body }, options);
