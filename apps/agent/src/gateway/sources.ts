import { execFile } from 'node:child_process';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import type { WireValue } from '@hmi/contract';
import type { GatewayTag } from './config';

const run = promisify(execFile);

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

/** Writes `data` to `path` whole or not at all (a crash midway leaves the old file). */
export function writeFileAtomic(path: string, data: string): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, path);
}

export function storeWrite(sink: string, tag: string, value: WireValue): void {
  const data = existsSync(sink) ? (JSON.parse(readFileSync(sink, 'utf8')) as Record<string, unknown>) : {};
  data[tag] = { value, ts: Date.now() };
  writeFileAtomic(sink, `${JSON.stringify(data, null, 2)}\n`);
}
