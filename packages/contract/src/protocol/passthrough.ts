import { z } from 'zod';

/**
 * Engineering pass-through: TCP from an engineer's PC to a target named in the gateway's own
 * `passthrough` list, through the same ticketed, metered relay as the remote view. The engineer's
 * client opens `POST /v1/devices/:id/passthrough` and joins on `PASSTHROUGH_WS_PATH` (first message
 * `{ type: 'auth', token, session }`, never a token in a URL); the server sends the device a
 * `passthrough` command (target name, ticket, this instance's `PASSTHROUGH_TUNNEL_PATH`), the gateway
 * dials back with `{ type: 'tunnel', sn, ticket }` and both ends get `{ type: 'ready' }`. From there
 * binary frames carry the multiplexed byte stream below end to end (the relay only pipes and meters
 * it); text frames from the server to the client carry the session's status.
 */
export const PASSTHROUGH_WS_PATH = '/v1/passthrough/ws';
export const PASSTHROUGH_TUNNEL_PATH = '/v1/passthrough/tunnel';
export const PASSTHROUGH_MAX_MINUTES = 480;
export const PASSTHROUGH_DEFAULT_MINUTES = 60;
/** Open pass-through sessions at once per user and per device. */
export const PASSTHROUGH_SESSIONS_PER_USER = 3;
export const PASSTHROUGH_SESSIONS_PER_DEVICE = 2;
/** The engineer's client must join its session this soon after opening it. */
export const PASSTHROUGH_JOIN_WITHIN_S = 120;
/** A target name in the gateway's file: the connection names' grammar. */
export const PASSTHROUGH_TARGET_RE = /^[A-Za-z][A-Za-z0-9_-]{0,31}$/;

/** Why a session ended, each with its own close code on the client's socket. */
export const PASSTHROUGH_CLOSE = {
  max_duration: 4701,
  traffic: 4702,
  device_offline: 4703,
  /** The engineer's client closed it. */
  user: 4704,
  /** Ended from the console. */
  ended: 4705,
  /** The user's login session ended, or authentication failed. */
  session: 4706,
  /** The device never dialled in with a valid ticket in time. */
  ticket: 4707,
  /** The gateway's `passthrough` list has no such target (ack error PASSTHROUGH_UNKNOWN_TARGET). */
  unknown_target: 4708,
} as const satisfies Record<string, number>;
export type PassthroughEndReason = keyof typeof PASSTHROUGH_CLOSE;
export const passthroughEndReasons = Object.keys(PASSTHROUGH_CLOSE) as [
  PassthroughEndReason,
  ...PassthroughEndReason[],
];

export function passthroughEndReasonOf(closeCode: number): PassthroughEndReason | null {
  const hit = Object.entries(PASSTHROUGH_CLOSE).find(([, code]) => code === closeCode);
  return hit ? (hit[0] as PassthroughEndReason) : null;
}

/** The ack `error` of a `passthrough` command naming a target the gateway's file does not list. */
export const PASSTHROUGH_UNKNOWN_TARGET = 'unknown_target';

export const passthroughClientMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('auth'),
    token: z.string().min(1).max(4096),
    session: z.string().min(8).max(64),
  }),
  z.object({ type: z.literal('end') }),
]);
export type PassthroughClientMessage = z.infer<typeof passthroughClientMessage>;

export const passthroughServerMessage = z.discriminatedUnion('type', [
  /** The gateway holds the tunnel: connections may be opened. */
  z.object({
    type: z.literal('ready'),
    target: z.string(),
    ends_at: z.number().int(),
    remaining_bytes: z.number().nullable(),
  }),
  z.object({ type: z.literal('usage'), bytes: z.number(), remaining_bytes: z.number().nullable() }),
  z.object({
    type: z.literal('end'),
    reason: z.enum(passthroughEndReasons),
    bytes: z.number(),
    duration_s: z.number().int(),
  }),
]);
export type PassthroughServerMessage = z.infer<typeof passthroughServerMessage>;

/**
 * The multiplexed stream between the engineer's client and the gateway: frames of
 * `[length u32 BE][kind u8][channel u32 BE][payload]` (length counts kind, channel and payload), cut
 * into websocket frames anywhere. Each TCP connection of the engineer's tool is one channel the
 * client numbers. Per channel, a side sends at most MUX_WINDOW bytes of data the other has not
 * acknowledged (`ack` carries how many bytes it has handed to its socket), so a tool or a PLC that
 * stops reading holds at most one window per channel anywhere; a side that goes past it is closed.
 */
export const MUX_KIND = { open: 0, data: 1, close: 2, ack: 3 } as const;
export const MUX_HEADER = 9;
export const MUX_DATA_MAX = 32 * 1024;
export const MUX_WINDOW = 256 * 1024;
/** TCP connections at once through one session. */
export const MUX_CHANNELS_MAX = 16;
