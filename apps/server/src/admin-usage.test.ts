import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runAdmin } from './test/admin-cli';

const dataDir = mkdtempSync(join(tmpdir(), 'hmi-admin-usage-'));

const admin = (args: string[]) => runAdmin(dataDir, args);

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
