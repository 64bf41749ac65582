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

/** Registers a mail account through the API and activates it with the operator command. */
export async function registerActiveAccount(
  server: RunningServer,
  mail: string,
  passwd: string,
  o: { name: string; locale: string },
): Promise<void> {
  const res = await fetch(`${server.url}/v1/global/register?type=1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: mail, passwd, confirm: passwd, data_center: 'cn', agree: true, ...o }),
  });
  const { code } = (await res.json()) as { code: number };
  // 1014: "go to the registered mail to activate" (the mail goes to the dev outbox).
  if (code !== 0 && code !== 1014) throw new Error(`register ${mail}: ${code}`);
  await runAdmin(server, ['user:activate', '--account', mail]);
}
