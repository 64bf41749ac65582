import { execFile } from 'node:child_process';
import { repoRoot } from './server-process';

export interface AdminRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run admin -- …` as an operator runs it, against `dataDir`; resolves with its exit and outputs. */
export function runAdmin(dataDir: string, args: string[]): Promise<AdminRun> {
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
