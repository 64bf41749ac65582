/**
 * Test support: real Modbus peers nobody here wrote. Debian's python3-pymodbus serves (modbus_peer.py,
 * run with /usr/bin/python3: the python3 first on PATH may be another build), socat makes the pty
 * pair of an RTU line, and mbpoll reads back as an independent client.
 */
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';

const run = promisify(execFile);
const SCRIPT = join(import.meta.dirname, 'modbus_peer.py');
export const PYTHON = '/usr/bin/python3';

export type PeerArea = 'co' | 'di' | 'ir' | 'hr';
export type PeerMode = { tcp: true } | { rtuOverTcp: true } | { rtu: string; baud: number };

export interface ModbusPeer {
  /** The TCP port (0 on a serial line). */
  port: number;
  set(area: PeerArea, at: number, values: number[]): Promise<void>;
  get(area: PeerArea, at: number, count: number): Promise<number[]>;
  /** Read requests answered since the last call. */
  reads(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Starts a pymodbus server; `map` names the mapped blocks (others answer exception 2); `countReads`
 * makes that holding register go up by 1 after each read of it (modbus_peer.py).
 */
export async function startModbusPeer(
  mode: PeerMode,
  o: { map?: Partial<Record<PeerArea, [number, number][]>>; units?: number[]; countReads?: number } = {},
): Promise<ModbusPeer> {
  const args = [SCRIPT];
  if ('tcp' in mode) args.push('--tcp');
  else if ('rtuOverTcp' in mode) args.push('--rtu-over-tcp');
  else args.push('--rtu', mode.rtu, '--baud', String(mode.baud));
  if (o.map) args.push('--map', JSON.stringify(o.map));
  for (const u of o.units ?? []) args.push('--unit', String(u));
  if (o.countReads !== undefined) args.push('--count-reads', String(o.countReads));
  const child = spawn(PYTHON, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  const waiting: ((line: string) => void)[] = [];
  let ready: (port: number) => void = () => undefined;
  const readyP = new Promise<number>((resolve, reject) => {
    ready = resolve;
    child.once('exit', (code) => reject(new Error(`modbus peer exited (${code})`)));
  });
  lines.on('line', (line) => {
    if (line.startsWith('ready ')) ready(Number(line.slice(6)));
    else waiting.shift()?.(line);
  });
  const ask = (cmd: object) =>
    new Promise<string>((resolve) => {
      waiting.push(resolve);
      child.stdin?.write(`${JSON.stringify(cmd)}\n`);
    });
  const port = await readyP;
  return {
    port,
    async set(area, at, values) {
      await ask({ op: 'set', area, at, values });
    },
    async get(area, at, count) {
      return JSON.parse(await ask({ op: 'get', area, at, count })) as number[];
    },
    async reads() {
      return Number(await ask({ op: 'reads' }));
    },
    stop: () => stopChild(child),
  };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

/** Two connected ptys (an RTU line without hardware): socat, its ends linked as `a` and `b` in `dir`. */
export async function startPtyPair(dir: string): Promise<{ a: string; b: string; stop(): Promise<void> }> {
  const a = join(dir, 'tty-a');
  const b = join(dir, 'tty-b');
  const child = spawn('socat', ['-d', '-d', `pty,raw,echo=0,link=${a}`, `pty,raw,echo=0,link=${b}`], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const lines = createInterface({ input: child.stderr as NonNullable<typeof child.stderr> });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`socat exited (${code})`)));
    lines.on('line', (line) => {
      if (line.includes('starting data transfer loop') && existsSync(a) && existsSync(b)) resolve();
    });
  });
  return { a, b, stop: () => stopChild(child) };
}

/** Reads with mbpoll (an independent client): holding registers (4) or coils (0), hex words. */
export async function mbpollRead(port: number, area: 0 | 4, at: number, count: number): Promise<number[]> {
  const type = area === 4 ? '4:hex' : '0';
  const { stdout } = await run('mbpoll', [
    '-m',
    'tcp',
    '-p',
    String(port),
    '-a',
    '1',
    '-t',
    type,
    '-0',
    '-1',
    '-r',
    String(at),
    '-c',
    String(count),
    '127.0.0.1',
  ]);
  return [...stdout.matchAll(/^\[\d+\]:\s+(\S+)/gm)].map((m) => Number(m[1]));
}

/** Writes holding registers with mbpoll (function 16 for several, 6 for one) at `at` (zero-based). */
export async function mbpollWrite(port: number, at: number, values: number[]): Promise<void> {
  await run('mbpoll', [
    ...['-m', 'tcp', '-p', String(port), '-a', '1', '-t', '4', '-0', '-1', '-r', String(at)],
    '127.0.0.1',
    ...values.map(String),
  ]);
}
