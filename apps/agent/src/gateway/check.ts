/**
 * `gateway --check`: the config file tested against the PLCs it names, without the cloud. Each
 * connection of the file is opened once (all at once, each bounded by its own timeout) and each field
 * TAG of the stored template read once through the same drivers and classification as the poller; the
 * result is a table in plain words. Nothing the file does not name is opened.
 */
import { existsSync } from 'node:fs';
import { parseTagAddress, type QualityReason, type SyncTag } from '@hmi/contract';
import type { ConnectionConfig } from '../field/connections';
import type { FieldTag } from '../field/driver';
import { openDriver } from '../field/drivers';
import { FieldError, modbusException } from '../field/errors';
import { UNKNOWN_CONNECTION, classifyFieldTag } from '../field/poller';
import { readGatewayConfig } from './config';
import { loadTemplate } from './template-store';

export interface CheckResult {
  ok: boolean;
  /** The report, one line per connection, then the TAGs the gateway cannot poll at all. */
  lines: string[];
}

interface ConnectionRow {
  name: string;
  protocol: string;
  reachable: string;
  ok: number;
  failed: number;
  firstFailure: string;
}

/** A quality reason in words ("exception:2" → "PLC exception 2: illegal data address"). */
function inWords(q: QualityReason, timeoutMs?: number): string {
  const exception = /^exception:(\d+)$/.exec(q);
  if (exception) return modbusException(Number(exception[1])).message;
  if (q === 'timeout') return `timeout: no answer in ${timeoutMs} ms`;
  if (q === 'disconnected') return 'refused or disconnected';
  if (q === 'config:address') return 'the address is not valid for its address type';
  if (q === 'config:protocol') return 'the address type is of another protocol than the connection';
  if (q === 'decode') return 'the answer does not decode as the TAG’s data type';
  return q;
}

/** The connection a TAG's address type names (the poller's parse, not a second one). */
function connectionOf(t: SyncTag): string {
  const parsed = parseTagAddress(t);
  return parsed.ok && parsed.address ? parsed.address.connection : t.address_type;
}

const addressOf = (t: SyncTag) => `${t.address_type} ${t.address}`;

/** Opens the link, failing with `timeout` after the connection's timeout (a host that never answers). */
async function connectWithin(connect: Promise<void>, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new FieldError('timeout', 'no connection in time')), timeoutMs);
  });
  try {
    await Promise.race([connect, late]);
  } finally {
    clearTimeout(timer);
  }
}

async function checkConnection(
  name: string,
  config: ConnectionConfig,
  tags: { tag: FieldTag; sync: SyncTag }[],
): Promise<ConnectionRow> {
  const syncOf = new Map(tags.map((t) => [t.tag.name, t.sync]));
  const driver = openDriver(name, config);
  const row: ConnectionRow = {
    name,
    protocol: config.protocol,
    reachable: 'yes',
    ok: 0,
    failed: 0,
    firstFailure: '',
  };
  try {
    await connectWithin(driver.connect(), config.timeout_ms);
  } catch (err) {
    // not awaited: a connect to a silent host may hang on until the system gives up; the check is over
    void driver.close();
    const e = err instanceof FieldError ? err : new FieldError('disconnected', String(err));
    const detail = e.reason === 'disconnected' ? ` (${e.message.replace(`${name}: `, '')})` : '';
    row.reachable = `no: ${inWords(e.reason, config.timeout_ms)}${detail}`;
    row.failed = tags.length;
    return row;
  }
  try {
    const readings = await driver.plan(tags.map((t) => t.tag)).read();
    for (const r of readings) {
      if (!('q' in r)) {
        row.ok++;
        continue;
      }
      row.failed++;
      const sync = syncOf.get(r.tag);
      if (!row.firstFailure && sync)
        row.firstFailure = `${r.tag} (${addressOf(sync)}): ${inWords(r.q, config.timeout_ms)}`;
    }
  } finally {
    await driver.close();
  }
  return row;
}

function table(rows: string[][]): string[] {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  return rows.map((r) =>
    r
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd(),
  );
}

/** Checks the config at `path` against its PLCs; an Error naming the field when the file is wrong. */
export async function checkGateway(path: string): Promise<CheckResult> {
  const config = readGatewayConfig(path);
  const connections = config.connections ?? {};
  const template = config.template ? loadTemplate(config.template) : null;
  const perConnection = new Map<string, { tag: FieldTag; sync: SyncTag }[]>();
  const unpollable: string[] = [];
  for (const sync of template?.tags ?? []) {
    const c = classifyFieldTag(sync, connections);
    if (!c) continue;
    if ('q' in c) {
      const why =
        c.q === UNKNOWN_CONNECTION
          ? `names connection "${connectionOf(sync)}", which the file lacks`
          : inWords(c.q);
      unpollable.push(`TAG ${sync.name} (${addressOf(sync)}): ${why}`);
      continue;
    }
    const list = perConnection.get(c.address.connection) ?? [];
    list.push({ tag: c, sync });
    perConnection.set(c.address.connection, list);
  }
  const rows = await Promise.all(
    Object.entries(connections).map(([name, cc]) => checkConnection(name, cc, perConnection.get(name) ?? [])),
  );
  const header = ['connection', 'protocol', 'reachable', 'TAGs ok', 'failed', 'first failure'];
  const lines = table([
    header,
    ...rows.map((r) => [r.name, r.protocol, r.reachable, String(r.ok), String(r.failed), r.firstFailure]),
  ]);
  if (!rows.length) lines.push('(the file names no connections)');
  // loadTemplate answers null for a damaged file too (the gateway then waits for a sync): here it is wrong
  const damaged = !template && config.template !== undefined && existsSync(config.template);
  if (damaged) lines.push(`${config.template}: not a stored template (the next sync replaces it)`);
  else if (!template) lines.push(`no stored template at ${config.template ?? '(none)'}: no TAGs read`);
  lines.push(...unpollable);
  const ok =
    !damaged && unpollable.length === 0 && rows.every((r) => r.reachable === 'yes' && r.failed === 0);
  lines.push(ok ? 'everything is right' : 'something is wrong (see above)');
  return { ok, lines };
}
