import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Envelope } from '@hmi/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../app';
import { ManualClock } from '../platform/clock';
import { loadConfig, type Config } from '../platform/config';
import { readOutbox, type OutboxEntry } from '../platform/outbox';
import type { TestDatabase } from './databases';

export interface Harness {
  app: FastifyInstance;
  clock: ManualClock;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

export interface CallResult<T = unknown> {
  status: number;
  body: Envelope<T>;
  headers: Record<string, string | string[] | number | undefined>;
}

/** A whole app on a fresh database and temporary DATA_DIR, with a manual clock. */
export async function startHarness(
  database: TestDatabase,
  env: Record<string, string> = {},
  deps: AppDeps = {},
): Promise<Harness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hmi-test-'));
  const db = await database.create();
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://console.test',
    WEB_DIST: join(dataDir, 'no-web'),
    // The embedded MQTT broker on a free port (1883 may be taken by a system broker).
    MQTT_PORT: '0',
    ...db.env,
    ...env,
  });
  const clock = new ManualClock(Date.UTC(2026, 2, 1, 8, 0, 0));
  const harness: Harness = {
    app: await buildApp(config, { clock, ...deps }),
    clock,
    config,
    dataDir,
    async close() {
      // The app of the latest restartApp, if any.
      await harness.app.close();
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}

/** Builds the app again on the same database, DATA_DIR, config and clock, as a process restart would. */
export async function restartApp(h: Harness, deps: AppDeps = {}): Promise<void> {
  await h.app.close();
  h.app = await buildApp(h.config, { clock: h.clock, ...deps });
}

export interface CallOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  ip?: string;
}

export async function call<T = unknown>(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS',
  url: string,
  opts: CallOptions = {},
): Promise<CallResult<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token !== undefined) headers.authorization = opts.token;
  const res = await app.inject({
    method,
    url,
    headers,
    remoteAddress: opts.ip ?? '127.0.0.1',
    ...(opts.body !== undefined ? { payload: opts.body as Record<string, unknown> } : {}),
  });
  return { status: res.statusCode, body: res.json<Envelope<T>>(), headers: res.headers };
}

/** Newest outbox message sent to `to`. */
export function lastOutbox(dataDir: string, to: string): OutboxEntry {
  const entry = readOutbox(dataDir).find((e) => e.to === to);
  if (!entry) throw new Error(`no outbox message to ${to}`);
  return entry;
}

export function activationCodeIn(text: string): string {
  const m = /activeresult\?code=([\w-]+)/.exec(text);
  if (!m?.[1]) throw new Error(`no activation link in: ${text}`);
  return m[1];
}

export function sixDigitCodeIn(text: string): string {
  const m = /\b(\d{6})\b/.exec(text);
  if (!m?.[1]) throw new Error(`no 6-digit code in: ${text}`);
  return m[1];
}
