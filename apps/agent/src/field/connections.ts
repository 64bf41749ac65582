/**
 * The `connections` of the gateway's config file (DESIGN.md "Field side"): where each connection named
 * by the template's address types is. Only this file names hosts, ports and serial devices. Each entry
 * is checked here with a message naming its field; absent optional fields take the defaults below.
 */
import { CONNECTION_NAME_PATTERN, wordOrders } from '@hmi/contract';
import { z } from 'zod';

const port = z.number().int().min(1).max(65535);
const unit = z.number().int().min(0).max(255).default(1);
const timeoutMs = z.number().int().min(10).max(60_000).default(1000);
const retries = z.number().int().min(0).max(5).default(1);
const order = z.enum(wordOrders).default('ABCD');

const modbusTcp = z.strictObject({
  protocol: z.literal('modbus-tcp'),
  host: z.string().min(1),
  port: port.default(502),
  unit,
  order,
  timeout_ms: timeoutMs,
  retries,
  /** Requests in flight at once on this TCP connection (a serial line always has one). */
  max_in_flight: z.number().int().min(1).max(16).default(4),
});

const modbusRtu = z.strictObject({
  protocol: z.literal('modbus-rtu'),
  path: z.string().min(1),
  baud: z.number().int().min(300).max(921_600).default(9600),
  parity: z.enum(['none', 'even', 'odd']).default('none'),
  data_bits: z.union([z.literal(7), z.literal(8)]).default(8),
  stop_bits: z.union([z.literal(1), z.literal(2)]).default(1),
  unit,
  order,
  timeout_ms: timeoutMs,
  retries,
});

const modbusRtuOverTcp = z.strictObject({
  protocol: z.literal('modbus-rtu-over-tcp'),
  host: z.string().min(1),
  port,
  unit,
  order,
  timeout_ms: timeoutMs,
  retries,
});

const opcua = z.strictObject({
  protocol: z.literal('opcua'),
  endpoint: z.string().regex(/^opc\.tcp:\/\/\S+$/, 'an opc.tcp:// endpoint'),
  security: z.enum(['none', 'sign-and-encrypt']).default('none'),
  user: z.string().default(''),
  password: z.string().default(''),
  timeout_ms: timeoutMs,
  /** The gateway's certificate store (its own certificate, trusted and rejected peers). */
  pki: z.string().min(1).default('pki'),
});

export const connectionConfig = z.discriminatedUnion('protocol', [
  modbusTcp,
  modbusRtu,
  modbusRtuOverTcp,
  opcua,
]);
export type ConnectionConfig = z.infer<typeof connectionConfig>;
export type ModbusConnectionConfig = Exclude<ConnectionConfig, { protocol: 'opcua' }>;
export type OpcUaConnectionConfig = Extract<ConnectionConfig, { protocol: 'opcua' }>;

const connectionsConfig = z
  .record(z.string(), connectionConfig)
  .refine((c) => Object.keys(c).length <= 64, 'at most 64 connections');

/** The checked connections; an Error naming the first wrong field (`connections.plc1.port: …`). */
export function parseConnections(raw: unknown): Record<string, ConnectionConfig> {
  for (const name of Object.keys(typeof raw === 'object' && raw !== null ? raw : {}))
    if (!CONNECTION_NAME_PATTERN.test(name))
      throw new Error(`connections.${name}: a connection name is a letter then up to 31 of A-Z a-z 0-9 _ -`);
  const r = connectionsConfig.safeParse(raw ?? {});
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const path = ['connections', ...(issue?.path ?? [])].join('.');
  throw new Error(`${path}: ${issue?.message ?? 'invalid'}`);
}
