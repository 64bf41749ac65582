import { z } from 'zod';

/**
 * Remote view over VNC. The browser opens `POST /v1/devices/:id/vnc` and gets a session id; the
 * server sends the device a `vnc` command (`hmi/{sn}/cmd`) with a single-use ticket and this
 * instance's relay URL. Device side: websocket `VNC_TUNNEL_PATH`, first message
 * `{ type: 'tunnel', sn, ticket, raw: true }`, then the server answers `{ type: 'ready', raw: true }`
 * (text) and from the byte after that frame the socket carries RFB raw, with no websocket frame, from
 * or to the device's own VNC server (an agent that does not offer `raw` gets binary frames). Browser side: websocket
 * `VNC_WS_PATH`, first message `{ type: 'auth', token, session }`; the server answers `ready`, then
 * binary frames carry RFB and text frames carry the session's status (`usage`, `takeover`, `end`).
 */
export const VNC_TUNNEL_PATH = '/v1/vnc/tunnel';
export const VNC_WS_PATH = '/v1/vnc/ws';
/** How long a device has to dial in with its ticket. */
export const VNC_TICKET_TTL_MS = 15_000;
/** How long a browser has to authenticate after opening its socket. */
export const VNC_AUTH_TIMEOUT_MS = 10_000;
/** Largest websocket frame either side sends (the tunnel's hello and ready; a framed tunnel's RFB). */
export const VNC_FRAME_MAX = 64 * 1024;
export const VNC_MAX_MINUTES = 480;
export const VNC_DEFAULT_MINUTES = 30;
/**
 * A session with no key or pointer input for the team's idle minutes ends as `idle` (0: never);
 * the user is warned `VNC_IDLE_WARN_S` before, and any input keeps the session going.
 */
export const VNC_IDLE_DEFAULT_MINUTES = 10;
export const VNC_IDLE_WARN_S = 60;
/** Open sessions at once: per user, and per device (one controlling, the others watching). */
export const VNC_SESSIONS_PER_USER = 3;
export const VNC_SESSIONS_PER_DEVICE = 5;

export const vncModes = ['control', 'view'] as const;
export type VncMode = (typeof vncModes)[number];

/** Why a session ended, each with its own close code on the browser's socket. */
export const VNC_CLOSE = {
  max_duration: 4601,
  traffic: 4602,
  device_offline: 4603,
  user: 4604,
  taken_over: 4605,
  /** The user's login session ended (logout, removal, password change) or authentication failed. */
  session: 4606,
  /** The device never dialled in with a valid ticket in time. */
  ticket: 4607,
  /** The HMI's own VNC server refused the tunnel (spec 1024: open VNC on the HMI). */
  vnc_off: 4608,
  /** No input for the team's idle minutes. */
  idle: 4609,
} as const satisfies Record<string, number>;
export type VncEndReason = keyof typeof VNC_CLOSE;
export const vncEndReasons = Object.keys(VNC_CLOSE) as [VncEndReason, ...VncEndReason[]];

export function vncEndReasonOf(closeCode: number): VncEndReason | null {
  const hit = Object.entries(VNC_CLOSE).find(([, code]) => code === closeCode);
  return hit ? (hit[0] as VncEndReason) : null;
}

const sessionId = z.string().min(8).max(64);

/**
 * How the HMI-to-browser half of a session may travel: `deflate` is one raw deflate stream (RFC
 * 1951) for the session's life, each of the device's writes ending in a sync flush so it inflates at once.
 * The device compresses it, the relay carries it untouched (metering what crossed the device's
 * link), the browser inflates it. The browser-to-HMI half (input, a few bytes) stays plain.
 */
export const vncCompressions = ['deflate'] as const;
export type VncCompression = (typeof vncCompressions)[number];
const compressOffer = z.array(z.string().max(16)).max(8).optional();

export const vncTunnelHello = z.object({
  type: z.literal('tunnel'),
  sn: z.string().min(1).max(64),
  ticket: z.string().min(16).max(128),
  /** Compressions the device can send (older agents send none). */
  compress: compressOffer,
  /** The device carries raw bytes after `ready` when the relay agrees (older agents frame them). */
  raw: z.boolean().optional(),
});
export type VncTunnelHello = z.infer<typeof vncTunnelHello>;

/**
 * The relay's one text message on a device's tunnel: the ticket held, binary RFB may flow (in
 * `compress` when named: one the device offered and the browser can read).
 */
export const vncTunnelReady = z.object({
  type: z.literal('ready'),
  compress: z.enum(vncCompressions).optional(),
  /** From the byte after this message on, the tunnel carries the stream raw, without frames. */
  raw: z.literal(true).optional(),
});

/**
 * The `error` of a `vnc` command's ack when the HMI's own VNC server is off, refuses the connection or
 * is not configured (spec 1024 "open VNC on HMI"); the relay ends the session as `vnc_off`.
 */
export const VNC_OFF_ACK_ERROR = '1024';

export const vncClientMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('auth'),
    token: z.string().min(1).max(4096),
    session: sessionId,
    /** Compressions the browser can read (it inflates with DecompressionStream). */
    compress: compressOffer,
  }),
  /** The holder of control answers a take-over request. */
  z.object({ type: z.literal('takeover_answer'), accept: z.boolean() }),
  z.object({ type: z.literal('end') }),
]);
export type VncClientMessage = z.infer<typeof vncClientMessage>;

export const vncServerMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('ready'),
    mode: z.enum(vncModes),
    started_at: z.number().int(),
    ends_at: z.number().int(),
    remaining_bytes: z.number().nullable(),
  }),
  z.object({ type: z.literal('usage'), bytes: z.number(), remaining_bytes: z.number().nullable() }),
  /**
   * The device joined: the binary frames from here on are the HMI's RFB as `compress` says (null:
   * plain bytes).
   */
  z.object({ type: z.literal('stream'), compress: z.enum(vncCompressions).nullable() }),
  /** The session's mode changed (a watcher was handed control). */
  z.object({ type: z.literal('mode'), mode: z.enum(vncModes) }),
  /** Sent to the controlling session when another user asks for control. */
  z.object({ type: z.literal('takeover'), by: z.string() }),
  /** The holder refused to hand control over; the session goes on view-only. */
  z.object({ type: z.literal('takeover_refused') }),
  /**
   * No input for a while: the session ends in `ends_in_s` seconds unless the user acts; null once
   * they did.
   */
  z.object({ type: z.literal('idle'), ends_in_s: z.number().int().nullable() }),
  z.object({
    type: z.literal('end'),
    reason: z.enum(vncEndReasons),
    bytes: z.number(),
    duration_s: z.number().int(),
  }),
]);
export type VncServerMessage = z.infer<typeof vncServerMessage>;
