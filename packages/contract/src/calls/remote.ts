import { z } from 'zod';
import { defineCall } from '../call';
import { Permission } from '../permissions';
import { VNC_DEFAULT_MINUTES, VNC_MAX_MINUTES, vncEndReasons, vncModes } from '../protocol/vnc';
import { idParams, pageOf, pageQuery, typeError } from '../zod-helpers';

export const remoteSession = z.object({
  session: z.string(),
  device_id: z.number().int(),
  mode: z.enum(vncModes),
  max_minutes: z.number().int(),
  /** Epoch seconds. */
  created_at: z.number().int(),
  /** When the session ends at the latest (its maximum duration). */
  ends_at: z.number().int(),
  /** Traffic left for the device when opened; null: not metered (billing off). */
  remaining_bytes: z.number().nullable(),
});
export type RemoteSession = z.infer<typeof remoteSession>;

export const openRemoteView = defineCall({
  auth: 'session',
  permission: Permission.DEVICE_HMI,
  id: 'openRemoteView',
  method: 'POST',
  path: '/devices/:id/vnc',
  summary:
    'Open a remote view of the HMI (1203 device offline, 1204 no traffic or switch off, 1205 another user holds control, 1206 too many sessions); the browser then joins it on /v1/vnc/ws',
  params: idParams,
  body: z.object({
    mode: z.enum(vncModes, typeError).default('control'),
    max_minutes: z
      .number(typeError)
      .int('integer')
      .min(1, 'range')
      .max(VNC_MAX_MINUTES, 'range')
      .default(VNC_DEFAULT_MINUTES),
    /** Ask the user holding control to hand it over (they accept or refuse on their screen). */
    take_over: z.boolean(typeError).default(false),
  }),
  response: remoteSession,
});

export const remoteSessionRecord = z.object({
  session: z.string(),
  user_id: z.number().int(),
  user_name: z.string(),
  mode: z.enum(vncModes),
  started_at: z.number().int(),
  ended_at: z.number().int().nullable(),
  reason: z.enum(vncEndReasons).nullable(),
  bytes: z.number(),
});
export type RemoteSessionRecord = z.infer<typeof remoteSessionRecord>;

export const listRemoteSessions = defineCall({
  auth: 'session',
  permission: Permission.DEVICE_VIEW,
  id: 'listRemoteSessions',
  method: 'GET',
  path: '/devices/:id/vnc/sessions',
  summary: 'Remote sessions of a device, newest first: who, when, how it ended, bytes',
  params: idParams,
  query: pageQuery,
  response: pageOf(remoteSessionRecord),
});

/** The team's remote view settings (Remote Access, under My account). */
export const remoteSettings = z.object({
  /** Minutes without input after which a session ends (0: never). */
  idle_minutes: z.number(typeError).int('integer').min(0, 'range').max(VNC_MAX_MINUTES, 'range'),
});
export type RemoteSettings = z.infer<typeof remoteSettings>;

export const getRemoteSettings = defineCall({
  auth: 'session',
  permission: Permission.ACCOUNT_VIEW,
  id: 'getRemoteSettings',
  method: 'GET',
  path: '/team/remote-settings',
  summary: "The team's remote view settings: idle minutes before a session ends",
  response: remoteSettings,
});

export const setRemoteSettings = defineCall({
  auth: 'session',
  permission: Permission.ACCOUNT_REMOTE_TOPUP,
  id: 'setRemoteSettings',
  method: 'PUT',
  path: '/team/remote-settings',
  summary: "Sets the team's remote view settings; sessions opened from then on follow them",
  body: remoteSettings,
  response: remoteSettings,
});

export const remoteCalls = [
  openRemoteView,
  listRemoteSessions,
  getRemoteSettings,
  setRemoteSettings,
] as const;
