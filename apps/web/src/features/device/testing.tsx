/**
 * Test helpers of the registry screens: a real local HTTP server answering the calls a screen makes
 * (routes keyed by "METHOD /path"), and a signed-in user loaded from it the way the guard does.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { saveSession } from '../../app/tokens';
import { userStore } from '../../app/userStore';

export interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export type Answer = (req: Recorded) => unknown;

export interface ApiServer {
  host: string;
  calls: Recorded[];
  /** Answers for "METHOD /v1/path" (exact path, query ignored); anything else gets `{ code: 0, data: null }`. */
  routes: Map<string, Answer>;
  close(): Promise<void>;
}

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
  const server: Server = createServer((req, res) => {
    // jsdom enforces CORS: the page origin differs from this server's.
    res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
    res.setHeader('access-control-allow-credentials', 'true');
    res.setHeader('access-control-allow-headers', 'authorization, content-type');
    res.setHeader('access-control-allow-methods', 'GET, POST, PUT, DELETE');
    if (req.method === 'OPTIONS') return void res.end();
    void readBody(req).then((body) => {
      const url = new URL(req.url ?? '/', 'http://local');
      const recorded = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, body };
      calls.push(recorded);
      const answer = routes.get(`${recorded.method} ${recorded.path}`);
      const data = answer ? answer(recorded) : null;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ code: 0, data: data ?? null, msg: 'ok' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { host, calls, routes, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
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

/** Signs in as `user` against `api` and loads the user info as the guard would. */
export async function signInAs(api: ApiServer, user: { is_main: boolean; permissions: number[] }) {
  api.routes.set('GET /v1/global/getUserInfo', () => ({ ...baseUser, ...user }));
  api.routes.set('GET /v1/msg/notify/count', () => {
    const zero = { notice: 0, billing: 0, alarm: 0 };
    return { total: zero, unread: zero };
  });
  api.routes.set('GET /v1/msg/notify/today', () => ({ list: [], total: 0 }));
  userStore.reset();
  saveSession({ token: 'access', refresh_token: 'refresh', host: api.host });
  await userStore.ensureLoaded();
}

/** A device row as the server answers it. */
export function deviceRow(id: number, patch: Record<string, unknown> = {}) {
  return {
    id,
    name: `Press${id}`,
    sn: `SN-${id}`,
    model: 'HMI-7000',
    group_id: null,
    group_path: [],
    template_id: null,
    template_name: null,
    address: '',
    remark: '',
    hmi_sn: '',
    gateway_sn: '',
    customer_name: '',
    labels: [],
    online: 0,
    last_online_change: null,
    sync_status: 0,
    cloud_version: null,
    hmi_version: null,
    config_created_at: null,
    config_modified_at: null,
    traffic_switch: 0,
    favourite: false,
    created_at: 1700000000,
    ...patch,
  };
}
