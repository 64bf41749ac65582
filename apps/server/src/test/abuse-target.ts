import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect as netConnect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TagDataType } from '@hmi/contract';
import { migrate, openDatabase } from '../platform/db';
import { INTERNAL_METRICS_PATH, type InternalMetrics } from '../platform/http/metrics';
import { provisionFleet, type Fleet } from './fleet';
import { productionEnv, repoRoot, rssMb, spawnServer, type ServerProcess } from './server-process';

/** The real server in its own process (SQLite, embedded broker) with a team of two bound devices. */
export interface AbuseTarget {
  http: string;
  mqttPort: number;
  fleet: Fleet;
  process: ServerProcess;
  close(): Promise<void>;
}

export async function startTarget(): Promise<AbuseTarget> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hmi-abuse-'));
  const store = openDatabase({ databaseUrl: null, dataDir });
  await migrate(store);
  const fleet = await provisionFleet(store, {
    count: 2,
    prefix: 'ABUSE',
    tags: [{ name: 'temp', data_type: TagDataType.FLOAT, save_history: true }],
  });
  await store.close();
  const { env: production, port, mqttPort } = await productionEnv(dataDir);
  const proc = await spawnServer({ ...production, INTERNAL_METRICS: '1' });
  return {
    http: `http://127.0.0.1:${port}`,
    mqttPort,
    fleet,
    process: proc,
    async close() {
      await proc.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The server's own memory and event-loop figures (INTERNAL_METRICS=1). */
export async function serverMetrics(http: string): Promise<InternalMetrics> {
  const r = await fetch(`${http}${INTERNAL_METRICS_PATH}?reset=1`);
  return (await r.json()) as InternalMetrics;
}

/** Runs `abuse` while sampling the process's RSS; the largest seen during it and the RSS once it is over. */
export async function underAbuse<T>(
  pid: number,
  abuse: () => Promise<T>,
): Promise<{ result: T; peakMb: number; afterMb: number; seconds: number }> {
  let peakMb = rssMb(pid);
  const timer = setInterval(() => (peakMb = Math.max(peakMb, rssMb(pid))), 25);
  const started = performance.now();
  try {
    const result = await abuse();
    peakMb = Math.max(peakMb, rssMb(pid));
    return { result, peakMb, afterMb: rssMb(pid), seconds: (performance.now() - started) / 1000 };
  } finally {
    clearInterval(timer);
  }
}

export async function tcp(port: number): Promise<Socket> {
  const socket = netConnect(port, '127.0.0.1');
  socket.on('error', () => {});
  await new Promise((resolve) => socket.once('connect', resolve));
  return socket;
}

/** One row of the summary: an abuse and what the server did under it. */
export interface AbuseFigure {
  abuse: string;
  /** RSS of the fresh server before the abuse. */
  startMb: number;
  peakMb: number;
  afterMb: number;
  seconds: number;
  /** V8 heap in use and Buffers outside it once the abuse is over. */
  heapMb: number;
  externalMb: number;
  /** The server's event-loop delay p99 over the abuse. */
  loopP99Ms: number;
  note: string;
}

/** Prints the figures and writes them to `e2e/artifacts/abuse.md`. */
export function report(rows: readonly AbuseFigure[]): void {
  const lines = [
    '# Abuse suite',
    '',
    'Each abuse against a fresh server process (SQLite, embedded broker). Limit: RSS under 300 MB during and after.',
    '',
    '| abuse | RSS before MB | peak RSS MB | RSS after MB | heap / external MB after | event-loop p99 ms | seconds | figures |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.abuse} | ${r.startMb.toFixed(0)} | ${r.peakMb.toFixed(0)} | ${r.afterMb.toFixed(0)} | ${r.heapMb.toFixed(0)} / ${r.externalMb.toFixed(0)} | ${r.loopP99Ms.toFixed(0)} | ${r.seconds.toFixed(1)} | ${r.note} |`,
    ),
    '',
  ];
  const dir = join(repoRoot, 'e2e', 'artifacts');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'abuse.md'), lines.join('\n'));
  process.stdout.write(`\n${lines.join('\n')}\n`);
}
