import { execFile } from 'node:child_process';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Command, WireValue } from '@hmi/contract';
import {
  memorySeq,
  startDevice,
  type CommandResult,
  type DeviceAgent,
  type DeviceStatus,
} from '../link/device';
import { Outbox, type OutboxConfig } from '../link/outbox';
import { AGENT_VERSION } from '../version';
import { outboxConfig } from '../link/outbox-config';
import { Tunnels } from '../vnc/command';
import { connectLocalVnc, VncOffError } from '../vnc/tunnel';

const run = promisify(execFile);

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
  /** Milliseconds between batches (default 5000). */
  rateMs?: number;
  /** JSON file the `write` commands are stored to: { "<tag>": { "value": …, "ts": epoch ms } }. */
  sink: string;
  tags: GatewayTag[];
  /**
   * The HMI's own VNC server, bridged when the cloud opens a remote view. Only this file names it:
   * a `vnc` command carries a relay URL and a ticket, never a host or port. Absent: 1024.
   */
  vnc?: { host: string; port: number };
  /**
   * Store and forward (link/outbox.ts); readGatewayConfig fills the defaults (link/outbox-config.ts).
   * Absent (a gateway made in code): an outbox in memory, lost when the process ends.
   */
  outbox?: OutboxConfig;
}

/** Reads a gateway config; relative file paths are taken from the config file's folder. */
export function readGatewayConfig(path: string): GatewayConfig {
  const c = JSON.parse(readFileSync(path, 'utf8')) as GatewayConfig & { outbox?: unknown };
  for (const k of ['url', 'sn', 'secret', 'sink'] as const)
    if (typeof c[k] !== 'string' || !c[k]) throw new Error(`${path}: "${k}" is required`);
  if (!Array.isArray(c.tags) || !c.tags.length) throw new Error(`${path}: "tags" needs at least one TAG`);
  if (
    c.vnc !== undefined &&
    (typeof c.vnc.host !== 'string' ||
      !c.vnc.host ||
      !Number.isInteger(c.vnc.port) ||
      c.vnc.port < 1 ||
      c.vnc.port > 65535)
  )
    throw new Error(`${path}: "vnc" needs a host and a port (1-65535)`);
  const base = dirname(resolve(path));
  return {
    ...c,
    outbox: outboxConfig(path, base, c.outbox),
    sink: resolve(base, c.sink),
    tags: c.tags.map((t) => ({
      ...t,
      source: 'file' in t.source ? { file: resolve(base, t.source.file) } : t.source,
    })),
  };
}

function parseText(text: string, type: GatewayTag['type']): WireValue | null {
  const s = text.trim();
  if (type === 'string') return s;
  if (type === 'bool') return ['1', 'true', 'on', 'yes'].includes(s.toLowerCase());
  const n = Number(s);
  return s !== '' && Number.isFinite(n) ? n : null;
}

/** The current value of a TAG from its source; null when it cannot be read (skipped this round). */
export async function readSource(t: GatewayTag): Promise<WireValue | null> {
  const src = t.source;
  if ('value' in src) return src.value;
  try {
    if ('file' in src) return parseText(readFileSync(src.file, 'utf8'), t.type);
    const { stdout } = await run(src.command, src.args ?? [], { timeout: 5000, shell: !src.args });
    return parseText(stdout, t.type);
  } catch {
    return null;
  }
}

function storeWrite(sink: string, tag: string, value: WireValue): void {
  const data = existsSync(sink) ? (JSON.parse(readFileSync(sink, 'utf8')) as Record<string, unknown>) : {};
  data[tag] = { value, ts: Date.now() };
  const tmp = `${sink}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(data, null, 2)}\n`);
  renameSync(tmp, sink);
}

/**
 * A real device agent: reports the configured TAGs every `rateMs` and executes commands (write: stored
 * to the sink file and acknowledged; sync: acknowledged with the pushed version; vnc: the tunnel to the
 * VNC server of its config). Every batch goes through its outbox (store and forward). Its sequence
 * continues above the outbox's highest and starts no lower than its clock in microseconds, so restarts
 * never reuse numbers.
 */
export function startGateway(
  c: GatewayConfig,
  onChange?: (s: DeviceStatus) => void,
  log: (line: string) => void = console.error,
): DeviceAgent {
  const box = c.outbox ?? outboxConfig('gateway', '.', { path: ':memory:' });
  const outbox = Outbox.open(box, (movedTo, why) =>
    log(`outbox ${box.path} could not be read (${why}); moved aside to ${movedTo}, starting empty`),
  );
  const byName = new Map(c.tags.map((t) => [t.name, t]));
  const tunnels = new Tunnels();
  const vnc = c.vnc;
  const execute = (cmd: Command): CommandResult | Promise<CommandResult> => {
    if (cmd.type === 'vnc')
      return tunnels.run(cmd, c.sn, async () => {
        if (!vnc) throw new VncOffError('no VNC server in the gateway config');
        return connectLocalVnc(vnc.host, vnc.port);
      });
    if (cmd.type === 'write') {
      if (!byName.has(cmd.tag)) return { ok: false, error: `unknown TAG ${cmd.tag}` };
      storeWrite(c.sink, cmd.tag, cmd.value);
      return { ok: true };
    }
    if (cmd.type === 'sync') return { ok: true, config_version: cmd.config_version };
    return { ok: false, error: 'unsupported command' };
  };
  const device = startDevice({
    url: c.url,
    sn: c.sn,
    secret: c.secret,
    rateMs: c.rateMs ?? 5000,
    firmware: 'gateway-1.0',
    agentVersion: AGENT_VERSION,
    outbox,
    seq: memorySeq(Math.max(Date.now() * 1000, outbox.maxSeq() + 1)),
    ...(onChange ? { onChange } : {}),
    async sample() {
      const out: { tag: string; value: WireValue }[] = [];
      for (const t of c.tags) {
        const value = await readSource(t);
        if (value !== null) out.push({ tag: t.name, value });
      }
      return out;
    },
    execute,
  });
  return {
    ...device,
    async stop() {
      await tunnels.closeAll();
      await device.stop();
      outbox.close();
    },
  };
}
