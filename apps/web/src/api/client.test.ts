import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getUserInfo, HAS_PERMISSION, register, type CallDef } from '@hmi/contract';
import { createSession, memoryStorage, type Session } from './tokens';
import { createApiClient, type ApiClient, type ClientDeps } from './client';
import { ApiError } from './errors';

/** A real HTTP server playing the API; each test sets `handle`. */
interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  body: unknown;
}
interface FakeServer {
  url: string;
  seen: Seen[];
  handle: (req: Seen, res: ServerResponse) => void;
  close: () => Promise<void>;
}

async function startServer(): Promise<FakeServer> {
  const fake: FakeServer = {
    url: '',
    seen: [],
    handle: (_req, res) => json(res, { code: 0, data: null, msg: 'ok' }),
    close: async () => undefined,
  };
  const server: Server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const seen: Seen = {
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        authorization: req.headers.authorization,
        body: raw ? (JSON.parse(raw) as unknown) : undefined,
      };
      fake.seen.push(seen);
      fake.handle(seen, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

function json(res: ServerResponse, body: unknown, status = 200) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const def = (path: string): CallDef => ({
  id: path,
  method: 'GET',
  path,
  auth: 'session',
  permission: HAS_PERMISSION,
  summary: 'test',
  response: z.unknown(),
});

let server: FakeServer;
let session: Session;
let toasts: { text: string; seconds: number }[];
let logins: number;

function client(overrides: Partial<ClientDeps> = {}): ApiClient {
  return createApiClient({
    session,
    toast: (text, seconds) => toasts.push({ text, seconds }),
    translate: (key) => `T:${key}`,
    navigateToLogin: () => (logins += 1),
    centralHost: '',
    defaultOrigin: 'http://127.0.0.1:9',
    timeoutMs: 2000,
    ...overrides,
  });
}

beforeEach(async () => {
  server = await startServer();
  session = createSession(memoryStorage());
  session.save({ token: 'access-1', refresh_token: 'refresh-1', host: server.url });
  toasts = [];
  logins = 0;
});

afterEach(() => server.close());

describe('API client', () => {
  it('sends the raw token, fills path params and resolves data on code 0', async () => {
    server.handle = (req, res) => json(res, { code: 0, data: { path: req.path, id: req.query.get('x') } });
    const data = await client().call(def('/things/:id'), { params: { id: 42 }, query: { x: 'y' } });
    expect(data).toEqual({ path: '/v1/things/42', id: 'y' });
    expect(server.seen[0]?.authorization).toBe('access-1');
  });

  it('uses the stored host as base (not the default origin)', async () => {
    server.handle = (_req, res) => json(res, { code: 0, data: 'from host' });
    await expect(client().call(def('/ping'))).resolves.toBe('from host');
    expect(server.seen).toHaveLength(1);
  });

  it('sends central calls to the central host', async () => {
    const central = await startServer();
    try {
      central.handle = (_req, res) => json(res, { code: 0, data: { activated: false } });
      const body = {
        username: 'a@b.co',
        passwd: 'abc12345',
        confirm: 'abc12345',
        name: 'A',
        data_center: 'cn' as const,
        agree: true as const,
      };
      await client({ centralHost: central.url }).call(register, { query: { type: 1 }, body });
      expect(central.seen.map((r) => `${r.method} ${r.path}?${r.query.toString()}`)).toEqual([
        'POST /v1/global/register?type=1',
      ]);
      expect(server.seen).toHaveLength(0);
    } finally {
      await central.close();
    }
  });

  it('refreshes once for three concurrent 1009 answers, then retries all three', async () => {
    let refreshes = 0;
    server.handle = (req, res) => {
      if (req.path === '/v1/refreshtoken') {
        refreshes += 1;
        expect(req.method).toBe('POST');
        expect(req.query.get('from')).toBe('web');
        expect(req.authorization).toBe('refresh-1');
        expect(req.body).toEqual({ token: 'access-1', force: false });
        // Slow enough that all three failures arrive while it is in flight.
        setTimeout(() => json(res, { code: 0, data: { token: 'access-2', refresh_token: 'refresh-2' } }), 50);
        return;
      }
      if (req.authorization === 'access-2') json(res, { code: 0, data: req.path });
      else json(res, { code: 1009, data: null, msg: 'expired' }, 401);
    };
    const api = client();
    const results = await Promise.all([
      api.call(def('/a')),
      api.call(def('/b')),
      api.call(getUserInfo, {}, { handleError: true }),
    ]);
    expect(results).toEqual(['/v1/a', '/v1/b', '/v1/global/getUserInfo']);
    expect(refreshes).toBe(1);
    expect(server.seen.filter((r) => r.authorization === 'access-2')).toHaveLength(3);
    expect(session.getToken()).toBe('access-2');
    expect(session.getRefreshToken()).toBe('refresh-2');
    expect(toasts).toEqual([]);
  });

  it('two tabs on one stored session refresh once between them (the second takes the first one’s tokens)', async () => {
    const rotated = new Set<string>();
    server.handle = (req, res) => {
      if (req.path === '/v1/refreshtoken') {
        // As the server does: a rotated refresh token presented again ends the session.
        const used = rotated.has(req.authorization ?? '');
        rotated.add(req.authorization ?? '');
        if (used) return json(res, { code: 1009, data: null }, 401);
        setTimeout(() => json(res, { code: 0, data: { token: 'access-2', refresh_token: 'refresh-2' } }), 50);
        return;
      }
      if (req.authorization === 'access-2') json(res, { code: 0, data: req.path });
      else json(res, { code: 1009, data: null, msg: 'expired' }, 401);
    };
    let queue = Promise.resolve();
    const exclusive = <T>(task: () => Promise<T>): Promise<T> => {
      const turn = queue.then(task);
      queue = turn.then(
        () => undefined,
        () => undefined,
      );
      return turn;
    };
    const [tabA, tabB] = [client({ exclusive }), client({ exclusive })];
    await expect(Promise.all([tabA.call(def('/a')), tabB.call(def('/b'))])).resolves.toEqual([
      '/v1/a',
      '/v1/b',
    ]);
    expect(server.seen.filter((r) => r.path === '/v1/refreshtoken')).toHaveLength(1);
    expect(session.getRefreshToken()).toBe('refresh-2');
    expect(logins).toBe(0);
  });

  it('fails with E_INVALID_OR_EXPIRED_TOKEN when the refresh is refused; clears session and host', async () => {
    let refreshes = 0;
    server.handle = (req, res) => {
      if (req.path === '/v1/refreshtoken') refreshes += 1;
      json(res, { code: 1008, data: null, msg: 'no' }, 401);
    };
    const api = client();
    const errors = await Promise.all([
      api.call(def('/a')).catch((e: unknown) => e),
      api.call(def('/b')).catch((e: unknown) => e),
    ]);
    for (const error of errors) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).code).toBe('E_INVALID_OR_EXPIRED_TOKEN');
    }
    expect(refreshes).toBe(1);
    expect(session.getToken()).toBeNull();
    expect(session.getRefreshToken()).toBeNull();
    expect(session.getHost()).toBeNull();
    expect(logins).toBeGreaterThanOrEqual(1);
    expect(toasts.map((t) => t.text)).toContain('T:errors.E_INVALID_OR_EXPIRED_TOKEN');
  });

  it('on 1001 (a token of no session of ours) clears the session and goes to login without a refresh', async () => {
    server.handle = (_req, res) => json(res, { code: 1001, data: null, msg: 'authentication error' }, 401);
    const api = client();
    await expect(api.call(def('/me'))).rejects.toMatchObject({
      code: 'E_INVALID_OR_EXPIRED_TOKEN',
    });
    expect(server.seen.map((r) => r.path)).toEqual(['/v1/me']);
    expect(session.getToken()).toBeNull();
    expect(logins).toBe(1);
    expect(toasts.map((t) => t.text)).toEqual(['T:errors.E_INVALID_OR_EXPIRED_TOKEN']);
  });

  it('on 1055 cancels pending requests silently, clears the session and goes to login', async () => {
    let arrived = 0;
    let bothArrived: () => void = () => undefined;
    const waiting = new Promise<void>((resolve) => (bothArrived = resolve));
    server.handle = (req, res) => {
      if (req.path === '/v1/slow') {
        arrived += 1;
        if (arrived === 2) bothArrived();
        return; // never answers; the client must abort it
      }
      json(res, { code: 1055, data: null, msg: 'account deleted' }, 401);
    };
    const api = client();
    const slow = [
      api.call(def('/slow')).catch((e: unknown) => e),
      api.call(def('/slow')).catch((e: unknown) => e),
    ];
    await waiting;
    await expect(api.call(def('/other'))).rejects.toMatchObject({ code: 1055 });
    for (const error of await Promise.all(slow)) expect((error as ApiError).code).toBe('ERR_CANCELED');
    expect(session.getToken()).toBeNull();
    expect(session.getHost()).toBe(server.url);
    expect(logins).toBe(1);
    expect(toasts.map((t) => t.text)).toEqual(['T:errors.1055']);
  });

  it('rejects other codes with an ApiError and a 2.5 s translated toast, unless handleError', async () => {
    server.handle = (_req, res) =>
      json(res, { code: 1034, data: { field: 'name' }, msg: 'device name exists' }, 409);
    const api = client();
    const error = (await api.call(def('/x')).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe(1034);
    expect(error.data).toEqual({ field: 'name' });
    expect(toasts).toEqual([{ text: 'T:errors.1034', seconds: 2.5 }]);

    await expect(api.call(def('/x'), {}, { handleError: true })).rejects.toMatchObject({ code: 1034 });
    expect(toasts).toHaveLength(1);
  });

  it('rejects a body without numeric code with ERR_BAD_RESPONSE', async () => {
    server.handle = (_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>bad gateway</html>');
    };
    await expect(client().call(def('/x'))).rejects.toMatchObject({ code: 'ERR_BAD_RESPONSE' });
    server.handle = (_req, res) => json(res, { data: 1 });
    await expect(client().call(def('/x'))).rejects.toMatchObject({ code: 'ERR_BAD_RESPONSE' });
    expect(toasts.map((t) => t.text)).toEqual(['T:errors.ERR_BAD_RESPONSE', 'T:errors.ERR_BAD_RESPONSE']);
  });

  it('maps a time-out to its axios code with a translated toast', async () => {
    server.handle = () => undefined; // never answers
    await expect(client({ timeoutMs: 100 }).call(def('/hang'))).rejects.toMatchObject({
      code: 'ECONNABORTED',
    });
    expect(toasts).toEqual([{ text: 'T:errors.ECONNABORTED', seconds: 2.5 }]);
  });

  it('maps a refused connection to ERR_NETWORK', async () => {
    session.clear({ host: true });
    await expect(client().call(def('/x'))).rejects.toMatchObject({ code: 'ERR_NETWORK' });
    expect(toasts.map((t) => t.text)).toEqual(['T:errors.ERR_NETWORK']);
  });

  it('rejects a request cancelled by its caller silently', async () => {
    server.handle = () => undefined;
    const controller = new AbortController();
    const pending = client().call(def('/hang'), {}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toMatchObject({ code: 'ERR_CANCELED' });
    expect(toasts).toEqual([]);
  });
});
