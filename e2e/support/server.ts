import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { freePorts } from '@hmi/server/src/test/server-process';

export const repoRoot = resolve(import.meta.dirname, '../..');

export interface RunningServer {
  url: string;
  dataDir: string;
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * Starts the real server process (built web app included) on free ports with its own data folder,
 * and resolves once it logs that it listens.
 */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const [port, mqttPort] = await freePorts(2);
  const dataDir = mkdtempSync(join(tmpdir(), 'hmi-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    PORT: String(port),
    MQTT_PORT: String(mqttPort),
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    DEMO: '0',
    LOG_LEVEL: 'info',
    ...extraEnv,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await waitForListening(child);
  return {
    url,
    dataDir,
    env,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function waitForListening(child: ChildProcess): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const output: string[] = [];
    const onLine = (line: string) => {
      output.push(line);
      if (line.includes('Server listening')) resolvePromise();
    };
    if (child.stdout) createInterface({ input: child.stdout }).on('line', onLine);
    if (child.stderr) createInterface({ input: child.stderr }).on('line', onLine);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output.join('\n')}`)));
  });
}
