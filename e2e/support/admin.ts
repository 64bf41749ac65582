import { spawn } from 'node:child_process';
import { repoRoot, type RunningServer } from './server';

/** Runs an operator command (`npm run admin -- …`) on the server's data folder; resolves its output. */
export function runAdmin(server: RunningServer, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/admin.ts', ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...server.env, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`admin ${args[0]} exited ${code}: ${output}`)),
    );
  });
}
