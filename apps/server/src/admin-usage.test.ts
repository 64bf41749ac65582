import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from './test/server-process';

const dataDir = mkdtempSync(join(tmpdir(), 'hmi-admin-usage-'));

/** `npm run admin -- …` as an operator runs it; resolves with its exit code and both outputs. */
function admin(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/admin.ts', ...args],
      { cwd: repoRoot, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, timeout: 60_000 },
      (err, stdout, stderr) =>
        resolve({ code: err ? Number((err as { code?: unknown }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('operator CLI usage', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it.each([['--help'], ['-h'], ['help']])('%s prints the usage on stdout and exits 0', async (flag) => {
    const r = await admin([flag]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^usage: npm run admin -- outbox/);
    expect(r.stdout).toContain('cards:issue');
  });

  it('an unknown command prints the usage on stderr and exits 2', async () => {
    const r = await admin(['frobnicate']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^usage: npm run admin -- outbox/);
    expect(r.stdout).toBe('');
  });
});
