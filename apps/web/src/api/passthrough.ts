/** Typed pass-through calls: open a session for the engineer's client, list, end. */
import {
  endPassthrough as endDef,
  listPassthroughSessions as listDef,
  openPassthrough as openDef,
  type CallResponse,
} from '@hmi/contract';
import { call, type CallOptions } from './client';
import type { Body, Query } from './types';

export type OpenPassthroughInput = Body<typeof openDef>;
export type PassthroughOpened = CallResponse<typeof openDef>;
export type PassthroughRow = CallResponse<typeof listDef>['list'][number];

export const openPassthrough = (id: number, body: OpenPassthroughInput, options?: CallOptions) =>
  call(openDef, { params: { id }, body }, options);

export const listPassthroughSessions = (id: number, query: Query<typeof listDef>, options?: CallOptions) =>
  call(listDef, { params: { id }, query }, options);

export const endPassthrough = (session: string, options?: CallOptions) =>
  call(endDef, { params: { session } }, options);

/** Where the console serves the engineer's client (built by scripts/build-connect.mjs). */
export const CONNECT_CLIENT_PATH = 'downloads/hmi-connect.mjs';

/** The one line the engineer runs (the password is asked for, never put on the line). */
export function connectCommand(o: {
  server: string;
  account: string;
  session?: string;
  device?: number;
  target?: string;
}) {
  const who = `node hmi-connect.mjs --server ${o.server} --account ${o.account || 'ACCOUNT'}`;
  if (o.session) return `${who} --session ${o.session} --port 1502`;
  return `${who} --device ${o.device ?? 'ID'} --target ${o.target ?? 'NAME'} --port 1502`;
}
