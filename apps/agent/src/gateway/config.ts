import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { WireValue } from '@hmi/contract';
import { parseConnections, type ConnectionConfig } from '../field/connections';
import type { OutboxConfig } from '../link/outbox';
import { parsePassthroughTargets, type PassthroughTargets } from '../passthrough/targets';
import { outboxConfig } from '../link/outbox-config';

/** Where a TAG's value comes from: a constant, a file's content, or a command's stdout. */
export type GatewaySource = { value: WireValue } | { file: string } | { command: string; args?: string[] };

export interface GatewayTag {
  name: string;
  /** How the text read from a file or command is turned into a value (default number). */
  type?: 'number' | 'bool' | 'string';
  source: GatewaySource;
}

export interface GatewayConfig {
  url: string;
  sn: string;
  secret: string;
  /** Milliseconds between batches of the local TAG sources (default 5000). */
  rateMs?: number;
  /** JSON file the `write` commands of local TAGs are stored to: { "<tag>": { "value": …, "ts": epoch ms } }. */
  sink: string;
  /** Locally sourced TAGs (files, commands, constants); the template's field TAGs need none. */
  tags: GatewayTag[];
  /**
   * The field connections the template's address types name (DESIGN.md "Field side"). Only this file
   * names hosts, ports and serial devices.
   */
  connections?: Record<string, ConnectionConfig>;
  /**
   * Where the synced template is kept (read from a file: default `template.json` beside it; absent in
   * a config built in code: not kept).
   */
  template?: string;
  /** Milliseconds between full refreshes of the field values (default 60000). */
  refreshMs?: number;
  /**
   * The HMI's own VNC server, bridged when the cloud opens a remote view. Only this file names it:
   * a `vnc` command carries a relay URL and a ticket, never a host or port. Absent: 1024.
   * `requestAhead` (default true): keep an update request outstanding at it (vnc/request-ahead.ts),
   * so a server without ContinuousUpdates sends changes without waiting a browser round trip.
   */
  vnc?: { host: string; port: number; requestAhead?: boolean };
  /**
   * Engineering pass-through targets (DESIGN.md): name → host and port on the machine network. A
   * `passthrough` command names one of these; nothing else can be reached through the gateway.
   */
  passthrough?: PassthroughTargets;
  /**
   * Store and forward (link/outbox.ts); readGatewayConfig fills the defaults (link/outbox-config.ts).
   * Absent (a gateway made in code): an outbox in memory, lost when the process ends.
   */
  outbox?: OutboxConfig;
}

/** Reads a gateway config; relative file paths are taken from the config file's folder. */
export function readGatewayConfig(path: string): GatewayConfig {
  const c = JSON.parse(readFileSync(path, 'utf8')) as Partial<GatewayConfig> & {
    connections?: unknown;
    outbox?: unknown;
    passthrough?: unknown;
  };
  for (const k of ['url', 'sn', 'secret', 'sink'] as const)
    if (typeof c[k] !== 'string' || !c[k]) throw new Error(`${path}: "${k}" is required`);
  if (c.tags !== undefined && !Array.isArray(c.tags)) throw new Error(`${path}: "tags" is a list of TAGs`);
  if (
    c.vnc !== undefined &&
    (typeof c.vnc.host !== 'string' ||
      !c.vnc.host ||
      !Number.isInteger(c.vnc.port) ||
      c.vnc.port < 1 ||
      c.vnc.port > 65535 ||
      (c.vnc.requestAhead !== undefined && typeof c.vnc.requestAhead !== 'boolean'))
  )
    throw new Error(`${path}: "vnc" needs a host and a port (1-65535), and requestAhead is true or false`);
  if (c.template !== undefined && (typeof c.template !== 'string' || !c.template))
    throw new Error(`${path}: "template" is a file name`);
  let connections: Record<string, ConnectionConfig>;
  let passthrough: PassthroughTargets;
  try {
    connections = parseConnections(c.connections);
    passthrough = parsePassthroughTargets(c.passthrough);
  } catch (err) {
    throw new Error(`${path}: ${(err as Error).message}`);
  }
  const base = dirname(resolve(path));
  return {
    ...(c as GatewayConfig),
    outbox: outboxConfig(path, base, c.outbox),
    passthrough,
    sink: resolve(base, c.sink as string),
    template: resolve(base, c.template ?? 'template.json'),
    connections: Object.fromEntries(
      Object.entries(connections).map(([name, cc]) => [
        name,
        cc.protocol === 'opcua' ? { ...cc, pki: resolve(base, cc.pki) } : cc,
      ]),
    ),
    tags: (c.tags ?? []).map((t) => ({
      ...t,
      source: 'file' in t.source ? { file: resolve(base, t.source.file) } : t.source,
    })),
  };
}
