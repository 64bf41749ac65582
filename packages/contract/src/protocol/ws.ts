import { z } from 'zod';

/**
 * Websocket `/v1/ws` (live data). The browser opens it without credentials in the URL and sends
 * `auth` as its first message (within WS_AUTH_TIMEOUT_MS); until then nothing else is accepted.
 * After `ready` it subscribes to devices by id; the server first sends each accepted device's current
 * state (online with the time of its last change, sync, latest values), then `subscribed` with the
 * ids it accepted (the caller must be allowed to see them), then pushes events for those devices. A slow client gets
 * coalesced updates: the latest value per TAG, the latest online and sync state per device.
 *
 * When authentication fails or the session ends (logout, removal, expiry), the server sends
 * `error` with the catalogue code (1008 no token, 1009 expired: refresh and reconnect, 1001 bad
 * token, 1055 account gone) and closes with 4000 + (code - 1000), e.g. 4009. Origin not on the
 * allow-list: closed with 4403 before anything is read. A client that does not read (more than 1 MiB
 * waiting for it) is closed with 4408, one sending more than 20 messages a second (bursts of 200
 * allowed) with 4429. Any session may connect (for `messages`);
 * subscriptions need device view (id 2), without it every id is refused.
 */
export const WS_PATH = '/v1/ws';
export const WS_AUTH_TIMEOUT_MS = 10_000;
/** Most devices one connection may subscribe to. */
export const WS_SUBSCRIPTIONS_MAX = 500;
export const WS_CLOSE_ORIGIN = 4403;
export const WS_CLOSE_PROTOCOL = 4400;
/** A client that stopped reading: more than the server's send limit waited in its buffer. */
export const WS_CLOSE_SLOW = 4408;
/** A client sending messages faster than any browser does (a sustained rate, bursts allowed). */
export const WS_CLOSE_FLOOD = 4429;
export function wsCloseCode(catalogueCode: number): number {
  return 4000 + (catalogueCode - 1000);
}

const deviceIds = z.array(z.number().int().positive()).max(WS_SUBSCRIPTIONS_MAX);
/**
 * TAG names one `tags` message may narrow a device to: 500 names of 64 characters fit the socket's
 * 64 KiB message limit. A screen binding more TAGs of one device takes them all.
 */
export const WS_TAGS_MAX = 500;

/** Client → server. `auth` again later replaces the token (after a refresh). */
export const wsClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(4096) }),
  z.object({ type: z.literal('subscribe'), devices: deviceIds }),
  z.object({ type: z.literal('unsubscribe'), devices: deviceIds }),
  /**
   * Narrows the values sent for one device to these TAG names (a configuration screen asks only
   * for the TAGs it shows); `null` sends every TAG again. Sent before `subscribe`, it narrows the
   * snapshot too; unsubscribing forgets it.
   */
  z.object({
    type: z.literal('tags'),
    device_id: z.number().int().positive(),
    tags: z.array(z.string().min(1).max(64)).max(WS_TAGS_MAX).nullable(),
  }),
  z.object({ type: z.literal('ping') }),
]);
export type WsClientMessage = z.infer<typeof wsClientMessage>;

export const wsTagValue = z.object({
  tag: z.string(),
  /** Canonical text of the value (as checkTagValue reads it). */
  value: z.string(),
  /** Sample time, epoch ms. */
  ts: z.number().int(),
  /**
   * Set when the sample is bad (DESIGN.md "Field side", quality): its reason; `value` then is the
   * last good value the server holds ('' when none) and `ts` the bad sample's time. Absent: good.
   */
  q: z.string().optional(),
});
export type WsTagValue = z.infer<typeof wsTagValue>;

export const commandStatuses = ['pending', 'done', 'failed'] as const;
export type CommandStatus = (typeof commandStatuses)[number];

/** Server → client. */
export const wsServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), user_id: z.number().int() }),
  z.object({ type: z.literal('error'), code: z.number().int(), msg: z.string() }),
  z.object({
    type: z.literal('subscribed'),
    devices: z.array(z.number().int()),
    refused: z.array(z.number().int()),
  }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('values'), device_id: z.number().int(), values: z.array(wsTagValue) }),
  z.object({
    type: z.literal('online'),
    device_id: z.number().int(),
    online: z.number().int(),
    /** epoch seconds of the change */
    at: z.number().int(),
  }),
  z.object({
    type: z.literal('sync'),
    device_id: z.number().int(),
    sync_status: z.number().int(),
    hmi_version: z.number().int().nullable(),
    cloud_version: z.number().int().nullable(),
  }),
  z.object({
    type: z.literal('command'),
    device_id: z.number().int(),
    command_id: z.string(),
    status: z.enum(commandStatuses),
    error: z.string().nullable(),
  }),
  /** Messages of the user were created or marked read: reload the unread counts. */
  z.object({ type: z.literal('messages') }),
]);
export type WsServerMessage = z.infer<typeof wsServerMessage>;
/** Device events the hub pushes (everything but the session messages). */
export type WsDeviceEvent = Extract<WsServerMessage, { device_id: number }>;
