import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot, spawnProcess, type ServerProcess } from './server-process';

// Where the tests have always found them; the file itself imports nothing of vitest (benches read it).
export { outboxContent, outboxDropped } from './outbox-file';

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

let bundled: Promise<string> | null = null;

/**
 * Builds the bundle once per test worker, into a folder of its own (workers run side by side), removed
 * when the worker exits. Not per test file: workers run files without isolation (vitest.config.ts), so
 * module state outlives a file and a file's teardown removed the folder the next file still used.
 */
async function bundle(): Promise<string> {
  const out = mkdtempSync(join(tmpdir(), 'hmi-gateway-bundle-'));
  process.once('exit', () => rmSync(out, { recursive: true, force: true }));
  await promisify(execFile)(process.execPath, ['scripts/build-gateway.mjs', '--out', out], { cwd: repoRoot });
  return out;
}

/**
 * The gateway as a user installs it: the bundle of scripts/build-gateway.mjs running the `gateway`
 * command in its own process, ready once its status board printed.
 */
export async function spawnGateway(config: string): Promise<ServerProcess> {
  bundled ??= bundle();
  const out = await bundled;
  return spawnProcess([join(out, 'hmi-gateway.mjs'), 'gateway', '--config', config], {}, 'connected');
}

/** Polls `check` every 50 ms (another process's progress has no event here) until it holds. */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
