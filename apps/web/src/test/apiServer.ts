/**
 * Test helpers of the console screens: a real local HTTP server answering the
 * calls a screen makes (routes keyed by "METHOD /v1/path"), and a signed-in user loaded from it the
 * way the guard does. The server speaks the contract: a request that is no call of `allCalls`, or
 * a canned answer its call's response schema refuses, fails the test that made it.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { allCalls, type CallDef } from '@hmi/contract';
import { saveSession } from '../api/tokens';
import { userStore } from '../session/userStore';
import { attachLiveServer, type LiveServer } from './liveServer';

export interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** An answer's data, or `refuse(code, data)` for a business error. */
/** A canned answer; a promise holds the response until the test settles it. */
export type Answer = (req: Recorded) => unknown;

const REFUSAL = Symbol('refusal');
interface Refusal {
  [REFUSAL]: true;
  code: number;
  data: unknown;
}

export const refuse = (code: number, data: unknown = null): Refusal => ({ [REFUSAL]: true, code, data });

const isRefusal = (value: unknown): value is Refusal =>
  typeof value === 'object' && value !== null && REFUSAL in value;

export interface ApiServer {
  host: string;
  calls: Recorded[];
  routes: Map<string, Answer>;
  /** Calls made to "METHOD /v1/path". */
  callsTo(key: string): Recorded[];
  /** The live websocket `/v1/ws` on the same host; it answers `auth` with `ready`. */
  live: LiveServer;
  close(): Promise<void>;
}

/** Each call with a matcher of its concrete paths; calls with fewer `:params` win a tie. */
const contractCalls = [...allCalls]
  .map((def: CallDef) => ({
    def,
    params: def.path.split(':').length - 1,
    pattern: new RegExp(`^/v1${def.path.replace(/:[A-Za-z_]\w*/g, '[^/]+')}$`),
  }))
  .sort((a, b) => a.params - b.params);

/**
 * What is wrong with answering `answer` (data, or a refusal) to `method path`, or null when the
 * contract allows it.
 */
export function contractProblem(method: string, path: string, answer: unknown): string | null {
  const def = contractCalls.find((c) => c.def.method === method && c.pattern.test(path))?.def;
  if (!def) return `${method} ${path} is no call of the contract`;
  // A business error carries no response body to check.
  if (isRefusal(answer)) return null;
  const checked = def.response.safeParse(answer ?? null);
  if (checked.success) return null;
  const issues = checked.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
  return `${method} ${path} (${def.id}) answered outside its response schema: ${issues.join('; ')}`;
}

const servers = new Set<{ problems: string[] }>();

// The problem is reported by the test whose request met it, not by whichever assertion it derails.
afterEach(() => {
  const problems = [...servers].flatMap((server) => server.problems.splice(0));
  if (problems.length) throw new Error(`the test API server left the contract:\n${problems.join('\n')}`);
});

const readBody = (req: IncomingMessage) =>
  new Promise<unknown>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      resolve(text ? (JSON.parse(text) as unknown) : undefined);
    });
  });

export async function startApiServer(): Promise<ApiServer> {
  const calls: Recorded[] = [];
  const routes = new Map<string, Answer>();
  const state = { problems: [] as string[] };
  servers.add(state);
  const server: Server = createServer((req, res) => {
    // jsdom enforces CORS: the page origin differs from this server's.
    res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
    res.setHeader('access-control-allow-credentials', 'true');
    res.setHeader('access-control-allow-headers', 'authorization, content-type');
    res.setHeader('access-control-allow-methods', 'GET, POST, PUT, DELETE');
    // No keep-alive: fetch (undici) reuses an idle socket that this server may be closing at that
    // moment on a busy machine, and the request fails with ECONNRESET.
    res.setHeader('connection', 'close');
    if (req.method === 'OPTIONS') return void res.end();
    void readBody(req).then(async (body) => {
      const url = new URL(req.url ?? '/', 'http://local');
      const recorded = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, body };
      calls.push(recorded);
      const answer = routes.get(`${recorded.method} ${recorded.path}`);
      const result: unknown = answer ? await answer(recorded) : null;
      const problem = contractProblem(recorded.method, recorded.path, result);
      if (problem) state.problems.push(problem);
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify(
          isRefusal(result)
            ? { code: result.code, data: result.data, msg: 'refused' }
            : { code: 0, data: result ?? null, msg: 'ok' },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const live = attachLiveServer(server, { autoReady: true });
  return {
    host,
    calls,
    routes,
    callsTo: (key) => calls.filter((c) => `${c.method} ${c.path}` === key),
    live,
    close: async () => {
      servers.delete(state);
      await live.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export const baseUser = {
  dbuser_id: 1,
  data_center: 'cn',
  name: 'Tester',
  created_at: 1700000000,
  contact: '',
  alias_name: '',
  dgroup_id: 0,
  template_max_num: 1,
  template_max_id: 0,
  team_name: 'Team',
  team_id: 1,
  leader_id: 1,
  member_ext: { role_id: null, role_name: null },
  project_max_id: 0,
  account: 'tester@example.com',
  email: 'tester@example.com',
  phone: null,
};

/**
 * Registers the hooks that start an API server before the file's (or block's) tests and close it
 * after them. Returns the server at once; its fields are read in tests and later hooks, after its own
 * hook ran. "After" hooks run as a stack, so a file's own `afterAll` still sees the server up.
 */
export function serveApi(): ApiServer {
  let current: ApiServer | undefined;
  const started = (): ApiServer => {
    if (!current) throw new Error('the API server is read before its hook ran');
    return current;
  };
  beforeAll(async () => {
    current = await startApiServer();
  });
  afterAll(() => current?.close());
  return {
    get host() {
      return started().host;
    },
    get calls() {
      return started().calls;
    },
    get routes() {
      return started().routes;
    },
    get live() {
      return started().live;
    },
    callsTo: (key) => started().callsTo(key),
    close: () => started().close(),
  };
}

export const emptyPage = () => ({ list: [], total: 0 });

/** Signs in as `user` against `api` and loads the user info as the guard would. */
export async function signInAs(
  api: ApiServer,
  user: { is_main: boolean; permissions: number[] },
  unread = { notice: 0, billing: 0, alarm: 0 },
) {
  api.routes.set('GET /v1/global/getUserInfo', () => ({ ...baseUser, ...user }));
  api.routes.set('GET /v1/msg/notify/count', () => ({ total: unread, unread }));
  api.routes.set('GET /v1/msg/notify/today', emptyPage);
  userStore.reset();
  saveSession({ token: 'access', refresh_token: 'refresh', host: api.host });
  await userStore.ensureLoaded();
}
