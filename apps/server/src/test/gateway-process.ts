import { execFile } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { repoRoot, spawnProcess, type ServerProcess } from './server-process';

export interface GatewayFiles {
  config: string;
  outbox: string;
}

/**
 * A gateway config in `dir` for device `sn`: TAGs `a`, `b`, `c` (constants 1, 2, 3) every `rateMs`,
 * its outbox `outbox.sqlite` beside it with `outbox` on top.
 */
export function gatewayConfig(
  dir: string,
  o: { mqttPort: number; sn: string; secret: string; rateMs: number; outbox?: Record<string, unknown> },
): GatewayFiles {
  const config = join(dir, 'gateway.json');
  writeFileSync(
    config,
    JSON.stringify({
      url: `mqtt://127.0.0.1:${o.mqttPort}`,
      sn: o.sn,
      secret: o.secret,
      rateMs: o.rateMs,
      sink: 'writes.json',
      tags: ['a', 'b', 'c'].map((name, i) => ({ name, source: { value: i + 1 } })),
      outbox: { path: 'outbox.sqlite', ...o.outbox },
    }),
  );
  return { config, outbox: join(dir, 'outbox.sqlite') };
}

let bundled: Promise<unknown> | null = null;

/**
 * The gateway as a user installs it: the bundle of scripts/build-gateway.mjs (built once per test
 * file) running the `gateway` command in its own process, ready once its status board printed.
 */
export async function spawnGateway(config: string): Promise<ServerProcess> {
  bundled ??= promisify(execFile)(process.execPath, ['scripts/build-gateway.mjs'], { cwd: repoRoot });
  await bundled;
  return spawnProcess(['dist/gateway/hmi-gateway.mjs', 'gateway', '--config', config], {}, 'connected');
}

/** What the outbox file holds now (read beside the running gateway: WAL lets a reader in). */
export function outboxContent(path: string): { seq: number; ts: number }[] {
  if (!existsSync(path)) return [];
  const db = new SQLite(path, { readonly: true });
  try {
    return db.prepare('select seq, ts from batch order by seq').all() as { seq: number; ts: number }[];
  } finally {
    db.close();
  }
}

/** The outbox's count of batches dropped to its bounds. */
export function outboxDropped(path: string): number {
  const db = new SQLite(path, { readonly: true });
  try {
    const r = db.prepare("select n from counter where name = 'dropped'").get() as { n: number } | undefined;
    return r?.n ?? 0;
  } finally {
    db.close();
  }
}

/** Polls `check` every 50 ms (another process's progress has no event here) until it holds. */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
