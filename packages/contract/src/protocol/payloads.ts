import { z } from 'zod';

/**
 * Payload schemas of protocol v1 (JSON, UTF-8). Every payload carries `v`; a server accepts the
 * versions it lists here and counts anything else as a schema error.
 */
export const PROTOCOL_VERSION = 1;

/** Most values in one tags batch, and the largest payload the server parses (bytes). */
export const BATCH_VALUES_MAX = 1000;
export const PAYLOAD_BYTES_MAX = 256 * 1024;
/**
 * Largest command a device parses: a sync carries the whole TAG table (up to TAGS_MAX rows of a
 * template, more than PAYLOAD_BYTES_MAX holds), so commands get their own bound.
 */
export const COMMAND_BYTES_MAX = 4 * 1024 * 1024;
/** Longest string TAG value accepted. */
export const STRING_VALUE_MAX = 1024;

/**
 * A TAG value on the wire. Any JSON number passes the schema (JSON.parse turns `1e999` into
 * Infinity); the server checks each value against its TAG's data type and rejects non-finite
 * numbers one by one, so one bad value does not cost the whole batch. 64-bit integers beyond 2^53
 * travel as decimal strings.
 */
export const wireValue = z.custom<number | boolean | string>(
  (v) =>
    typeof v === 'number' ||
    typeof v === 'boolean' ||
    (typeof v === 'string' && v.length <= STRING_VALUE_MAX),
  { message: 'value must be a number, a boolean or a string of at most 1024 characters' },
);
export type WireValue = z.infer<typeof wireValue>;

const epochMs = z.number().int().min(0).max(8_640_000_000_000_000);

/**
 * Why a sample is bad (DESIGN.md "Field side", quality): `timeout`, `disconnected`, `exception:<n>`
 * (the PLC's Modbus exception code or OPC UA status), `config:<why>` (e.g. `config:unknown
 * connection`), `decode`. Absent on a good sample.
 */
export const qualityReason = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z]+(:[^\n]+)?$/, 'quality reason is `kind` or `kind:detail`');
export type QualityReason = z.infer<typeof qualityReason>;

/** One sample: a good one carries `value`; a bad one carries `q` (its reason) and no value. */
const tagSample = z
  .object({
    tag: z.string().min(1).max(64),
    value: wireValue.optional(),
    q: qualityReason.optional(),
    ts: epochMs,
  })
  .refine((s) => (s.value === undefined) !== (s.q === undefined), {
    message: 'a sample carries either a value or a quality reason (q)',
  });
export type TagSample = z.infer<typeof tagSample>;

/** `hmi/{sn}/tags`: a batch of samples, numbered per device (`seq` only grows). */
export const tagsBatchV1 = z.object({
  v: z.literal(1),
  /**
   * Per-device sequence number, strictly increasing across the device's life (a device without
   * storage may start it at its clock in microseconds). A batch whose seq was seen is dropped.
   */
  seq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  /** When the batch was sent (epoch ms). */
  ts: epochMs.optional(),
  values: z.array(tagSample).min(1).max(BATCH_VALUES_MAX),
  /**
   * Replayed from the gateway's outbox after an outage: samples keep their original times; the
   * server stores them into history in time order, does not push them as live values, and records
   * the alarms they imply as late (not notified as new).
   */
  late: z.boolean().optional(),
  /**
   * The sender keeps this batch (its outbox) until the server confirms it with `cmd stored`; the
   * server sends that only to batches asking for it (a simulator keeps nothing and asks nothing).
   */
  confirm: z.boolean().optional(),
});
export type TagsBatch = z.infer<typeof tagsBatchV1>;

/** `hmi/{sn}/state`, retained. The device's will message is `{ v: 1, online: false }`. */
export const stateV1 = z.object({
  v: z.literal(1),
  online: z.boolean(),
  firmware: z.string().max(64).optional(),
  /** Template version the HMI runs (its TAG table); 0 or absent: none yet. */
  config_version: z.number().int().min(0).optional(),
  /** The agent's own version (the console shows it; see PROTOCOL_VERSION for the wire). */
  agent: z.string().max(64).optional(),
});
export type DeviceState = z.infer<typeof stateV1>;

/** A TAG as the cloud pushes it in `cmd sync`. */
export const syncTag = z.object({
  name: z.string(),
  data_type: z.number().int(),
  access: z.number().int(),
  address_type: z.string(),
  address: z.string(),
  scan_time_ms: z.number().int(),
  save_history: z.boolean(),
  default_value: z.string(),
});
export type SyncTag = z.infer<typeof syncTag>;

const commandId = z.string().min(1).max(64);

/** `hmi/{sn}/cmd`: one command; the device answers on `ack` with the same id. */
export const commandV1 = z.discriminatedUnion('type', [
  z.object({ v: z.literal(1), id: commandId, type: z.literal('write'), tag: z.string(), value: wireValue }),
  z.object({
    v: z.literal(1),
    id: commandId,
    type: z.literal('sync'),
    config_version: z.number().int().min(0),
    tags: z.array(syncTag),
  }),
  /**
   * Open a VNC tunnel: dial `url` (this instance's `/v1/vnc/tunnel`), present `ticket` (single use,
   * valid for seconds) and bridge it to the VNC server of the device's own local config.
   */
  z.object({
    v: z.literal(1),
    id: commandId,
    type: z.literal('vnc'),
    url: z.string().max(2048),
    session: z.string().max(64),
    ticket: z.string().max(128),
  }),
  /**
   * Open an engineering pass-through: dial `url` (this instance's `/v1/passthrough/tunnel`), present
   * `ticket` (single use, seconds) and carry connections to `target`, a name in the gateway's own
   * `passthrough` list (never a host or port); an unknown name is refused (PASSTHROUGH_UNKNOWN_TARGET).
   */
  z.object({
    v: z.literal(1),
    id: commandId,
    type: z.literal('passthrough'),
    url: z.string().max(2048),
    session: z.string().max(64),
    ticket: z.string().max(128),
    target: z.string().max(32),
  }),
  /**
   * The server stored these tags batches (by `seq`): the gateway may now delete them from its outbox.
   * A batch the server never confirms is sent again (the server drops a seq it has seen).
   */
  z.object({
    v: z.literal(1),
    id: commandId,
    type: z.literal('stored'),
    seqs: z.array(z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)).min(1).max(BATCH_VALUES_MAX),
  }),
]);
export type Command = z.infer<typeof commandV1>;
export type CommandType = Command['type'];

/** `hmi/{sn}/ack`: the result of a command. */
export const ackV1 = z.object({
  v: z.literal(1),
  id: commandId,
  ok: z.boolean(),
  error: z.string().max(200).optional(),
  /**
   * Machine-readable cause of a failed command, in the quality reasons' words (`timeout`,
   * `disconnected`, `exception:<n>`, `config:<why>`, `decode`), for the console to translate.
   */
  reason: qualityReason.optional(),
  /** After a sync: the template version the HMI now runs. */
  config_version: z.number().int().min(0).optional(),
});
export type Ack = z.infer<typeof ackV1>;

export const fieldConnectionStates = ['connected', 'connecting', 'error'] as const;

/** One field connection of a gateway as it reports it (DESIGN.md "Diagnostics"). */
export const fieldConnectionReport = z.object({
  name: z.string().min(1).max(32),
  protocol: z.enum(['modbus-tcp', 'modbus-rtu', 'modbus-rtu-over-tcp', 'opcua']),
  state: z.enum(fieldConnectionStates),
  last_error: qualityReason.optional(),
  /** When the last error happened (epoch ms). */
  last_error_at: epochMs.optional(),
  requests: z.number().int().min(0),
  errors: z.number().int().min(0),
  p50_ms: z.number().min(0).optional(),
  p99_ms: z.number().min(0).optional(),
  /** TAGs of the applied template polled on this connection. */
  tags: z.number().int().min(0),
});
export type FieldConnectionReport = z.infer<typeof fieldConnectionReport>;

/** `hmi/{sn}/field` (QoS 0, every few seconds while it changes): the gateway's field diagnostics. */
export const fieldReportV1 = z.object({
  v: z.literal(1),
  ts: epochMs,
  connections: z.array(fieldConnectionReport).max(64),
  /** TAGs of the applied template whose connection is not in the gateway's file. */
  unknown_connection_tags: z.number().int().min(0).optional(),
  outbox: z
    .object({
      depth: z.number().int().min(0),
      bytes: z.number().int().min(0),
      oldest_ts: epochMs.optional(),
      dropped: z.number().int().min(0),
    })
    .optional(),
});
export type FieldReport = z.infer<typeof fieldReportV1>;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Parses a JSON payload of at most `maxBytes` with `schema`; the reason on failure (never throws). */
export function parsePayload<T extends z.ZodType>(
  schema: T,
  payload: Uint8Array | string,
  maxBytes = PAYLOAD_BYTES_MAX,
): { ok: true; data: z.infer<T> } | { ok: false; reason: string } {
  if (payload.length > maxBytes) return { ok: false, reason: 'payload too large' };
  let json: unknown;
  try {
    json = JSON.parse(typeof payload === 'string' ? payload : utf8.decode(payload));
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  const r = schema.safeParse(json);
  if (r.success) return { ok: true, data: r.data };
  const issue = r.error.issues[0];
  return { ok: false, reason: `${issue?.path.join('.') || 'payload'}: ${issue?.message ?? 'invalid'}` };
}
