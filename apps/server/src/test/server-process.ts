import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';

export const repoRoot = resolve(import.meta.dirname, '../../../..');

/** Output lines kept for the error message of a server that failed. */
const TAIL_LINES = 80;

export interface ServerProcess {
  readonly pid: number;
  /** Resolves with the exit code (null after a signal) once the process is gone. */
  readonly exited: Promise<number | null>;
  /** The last lines it wrote (stdout and stderr). */
  tail(): string;
  /** Sends `signal` and resolves once the process is gone. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * `count` different ports the OS reports free right now: all are held open until each is known, so
 * two calls in a row cannot hand out the same port (as listening on 0 twice, one after the other, can).
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => createServer());
  const ports = await Promise.all(
    servers.map(
      (srv) =>
        new Promise<number>((resolve, reject) => {
          srv.once('error', reject);
          srv.listen(0, '127.0.0.1', () => {
            const address = srv.address();
            resolve(typeof address === 'object' && address ? address.port : 0);
          });
        }),
    ),
  );
  await Promise.all(servers.map((srv) => new Promise<void>((resolve) => srv.close(() => resolve()))));
  return ports;
}

/** A port the OS reports free right now. */
export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  if (port === undefined) throw new Error('no free port');
  return port;
}

/**
 * Starts `node [nodeArgs] --import tsx <args>` from the repository root with `env` on top of this process's,
 * and resolves once a line of its output contains `readyLine`; rejects with its output if it exits
 * first.
 */
export function spawnProcess(
  args: readonly string[],
  env: Record<string, string>,
  readyLine: string,
  nodeArgs: readonly string[] = [],
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const tail = () => lines.join('\n');
  return new Promise((done, fail) => {
    const onLine = (line: string) => {
      lines.push(line);
      if (lines.length > TAIL_LINES) lines.shift();
      if (line.includes(readyLine) && child.pid !== undefined)
        done({
          pid: child.pid,
          exited,
          tail,
          async kill(signal) {
            if (child.exitCode === null && child.signalCode === null) child.kill(signal);
            await exited;
          },
        });
    };
    if (child.stdout) createInterface({ input: child.stdout }).on('line', onLine);
    if (child.stderr) createInterface({ input: child.stderr }).on('line', onLine);
    void exited.then((code) =>
      fail(new Error(`${args.join(' ')} exited (${code}) before it was ready:\n${tail()}`)),
    );
  });
}

/** The environment of a production server on two free ports, and those ports. */
export interface ProductionEnv {
  env: Record<string, string>;
  port: number;
  mqttPort: number;
}

/**
 * A production server on `dataDir` with no demo data, for callers that provision their own fleet;
 * LOG_LEVEL info, the level whose start-up line spawnServer waits for.
 */
export async function productionEnv(dataDir: string): Promise<ProductionEnv> {
  const [port = 0, mqttPort = 0] = await freePorts(2);
  return {
    port,
    mqttPort,
    env: {
      DATA_DIR: dataDir,
      PORT: String(port),
      MQTT_PORT: String(mqttPort),
      DEMO: '0',
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
    },
  };
}

/** The server (`apps/server/src/main.ts`), ready once it listens (LOG_LEVEL info or lower). */
export function spawnServer(
  env: Record<string, string>,
  nodeArgs: readonly string[] = [],
): Promise<ServerProcess> {
  return spawnProcess(['apps/server/src/main.ts'], env, 'Server listening', nodeArgs);
}

/** User plus system CPU time a running process has used, in seconds (from /proc). */
export function cpuSeconds(pid: number, ticksPerSecond: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces; fields after its closing parenthesis are fixed.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return (utime + stime) / ticksPerSecond;
}

/** Resident memory of a running process, MiB (from /proc). */
export function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb ?? 0) / 1024;
}
