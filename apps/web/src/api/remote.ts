/**
 * Typed remote-view calls: open a VNC session on a device, list a device's past sessions, the team's
 * remote view settings.
 */
import {
  getRemoteSettings as getSettingsDef,
  listRemoteSessions as listDef,
  openRemoteView as openDef,
  setRemoteSettings as setSettingsDef,
  VNC_WS_PATH,
  type CallResponse,
} from '@hmi/contract';
import { call, type CallOptions } from './client';
import type { Body, Query } from './types';

export type OpenRemoteInput = Body<typeof openDef>;
export type RemoteSessionInfo = CallResponse<typeof openDef>;
export type RemoteSessionRow = CallResponse<typeof listDef>['list'][number];

export const openRemoteView = (id: number, body: OpenRemoteInput, options?: CallOptions) =>
  call(openDef, { params: { id }, body }, options);

export const listRemoteSessions = (id: number, query: Query<typeof listDef>, options?: CallOptions) =>
  call(listDef, { params: { id }, query }, options);

export type RemoteSettingsInput = Body<typeof setSettingsDef>;

export const getRemoteSettings = (options?: CallOptions) => call(getSettingsDef, {}, options);

export const setRemoteSettings = (body: RemoteSettingsInput, options?: CallOptions) =>
  call(setSettingsDef, { body }, options);

/** `ws(s)://` URL of the relay's browser socket on the data-centre host (or this page's origin). */
export function remoteSocketUrl(host: string | null, pageOrigin: string): string {
  const url = new URL(VNC_WS_PATH, host || pageOrigin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}
