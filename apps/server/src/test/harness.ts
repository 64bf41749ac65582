import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallDef, CallResponse, Envelope } from '@hmi/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
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
  const db = await database.create();
  return startApp({ ...db.env, ...env }, new ManualClock(Date.UTC(2026, 2, 1, 8, 0, 0)), deps, db.drop);
}

/**
 * An app on `env` (which names its database) with a temporary DATA_DIR and `clock`; closing it runs
 * `cleanup` (e.g. dropping the database) before the DATA_DIR goes. Instances of one suite share a clock.
 */
export async function startApp(
  env: Record<string, string>,
  clock: ManualClock,
  deps: AppDeps = {},
  cleanup: () => Promise<void> = async () => undefined,
): Promise<Harness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hmi-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://console.test',
    WEB_DIST: join(dataDir, 'no-web'),
    // The embedded MQTT broker on a free port (1883 may be taken by a system broker).
    MQTT_PORT: '0',
    ...env,
  });
  const harness: Harness = {
    app: await buildApp(config, { clock, ...deps }),
    clock,
    config,
    dataDir,
    async close() {
      // The app of the latest restartApp, if any.
      await harness.app.close();
      await cleanup();
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

// Query and body as a caller writes them (schema defaults may be left out); params as the server
// sees them. A part the def has no schema for is optional and loosely typed.
type In<T> = T extends z.ZodType ? z.input<T> : undefined;
type Out<T> = T extends z.ZodType ? z.output<T> : undefined;
type Part<K extends string, T> = unknown extends T
  ? { [P in K]?: T }
  : Record<string, never> extends T
    ? { [P in K]?: T }
    : { [P in K]: T };
/** The body of `C` as a test writes it. */
export type ApiBody<C> = C extends CallDef<z.ZodType, infer B, z.ZodType, z.ZodType> ? In<B> : never;
type TypedParts<C> =
  C extends CallDef<infer Q, infer B, infer P, z.ZodType>
    ? Part<'query', In<Q>> & Part<'body', In<B>> & Part<'params', Out<P>>
    : never;

/** Values a test of invalid input sends instead of the typed parts; a string query goes as written. */
interface RawParts {
  params?: Record<string, string | number>;
  query?: Record<string, unknown> | string;
  body?: unknown;
}

type ApiArgs<C> = Omit<CallOptions, 'body'> &
  ((TypedParts<C> & { raw?: undefined }) | (Partial<TypedParts<C>> & { raw: RawParts }));
export type ApiRest<C> = Partial<ApiArgs<C>> extends ApiArgs<C> ? [args?: ApiArgs<C>] : [args: ApiArgs<C>];

/** `/v1` + the def's path with its `:params` filled (URI-encoded, as a client sends them). */
function callPath(def: CallDef, params: Record<string, unknown>): string {
  return `/v1${def.path}`.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${def.id}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** A query string as Fastify parses it back: one key per scalar, repeated keys for arrays. */
function queryString(query: Record<string, unknown> | string | undefined): string {
  if (typeof query === 'string') return query ? `?${query}` : '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) search.append(key, String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Makes the contract call `def` (method and path from the def) and types its answer. */
export async function api<C extends CallDef>(
  app: FastifyInstance,
  def: C,
  ...[args]: ApiRest<C>
): Promise<CallResult<CallResponse<C>>> {
  const { query, body, params, raw, ...options } = (args ?? {}) as {
    query?: Record<string, unknown>;
    body?: unknown;
    params?: Record<string, unknown>;
    raw?: RawParts;
  } & Omit<CallOptions, 'body'>;
  const url = callPath(def, { ...params, ...raw?.params }) + queryString(raw?.query ?? query);
  const payload = raw && 'body' in raw ? raw.body : body;
  return call<CallResponse<C>>(app, def.method, url, {
    ...options,
    ...(payload !== undefined ? { body: payload } : {}),
  });
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
