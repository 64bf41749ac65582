/**
 * Test support: the data-centre split as separate processes on free ports, a central account service
 * (PostgreSQL when reachable, as in production) and the regions eu and cn (SQLite each), with the
 * calls a browser makes. A region can be stopped and started again on its port and data.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readOutbox } from '../platform/outbox';
import { databases, sqliteDatabase } from './databases';
import { freePorts, spawnServer, type ServerProcess } from './server-process';

export const CLUSTER_SECRET = 'a-shared-secret-of-the-test-deployment-0123456789';
export const PASSWORD = 'Secret123';
const centreDb = databases.find((d) => d.name === 'postgres') ?? sqliteDatabase;

export interface Answer {
  status: number;
  code: number;
  data: Record<string, unknown> | null;
}

/** One call of the public API at `origin`, as a browser makes it. */
export async function api(
  origin: string,
  method: 'GET' | 'POST',
  path: string,
  o: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: {
      ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(o.token ? { authorization: o.token } : {}),
      ...o.headers,
    },
    body: o.body === undefined ? undefined : JSON.stringify(o.body),
  });
  const envelope = (await res.json()) as { code: number; data: Record<string, unknown> | null };
  return { status: res.status, code: envelope.code, data: envelope.data };
}

export const login = (origin: string, user: string, passwd = PASSWORD) =>
  api(origin, 'POST', '/v1/global/login?type=1', { body: { user, passwd } });

type Role = 'central' | 'eu' | 'cn';

export interface Cluster {
  urls: Record<Role, string>;
  /** The port the centre was told for its embedded broker (MQTT_PORT), which it must not open. */
  centralMqttPort: number;
  /** The code of the activation link the centre mailed to `to`. */
  activationCode(to: string): string;
  /** Registers `username` in data centre `dc` through that region and activates it centrally. */
  register(username: string, dc: 'eu' | 'cn', name: string): Promise<void>;
  stop(role: Role): Promise<void>;
  start(role: Role): Promise<void>;
  close(): Promise<void>;
}

export async function startCluster(): Promise<Cluster> {
  const [pc, pe, pn, mqtt] = await freePorts(4);
  const ports = { central: pc, eu: pe, cn: pn };
  const urls = {
    central: `http://127.0.0.1:${pc}`,
    eu: `http://127.0.0.1:${pe}`,
    cn: `http://127.0.0.1:${pn}`,
  };
  const dirs = {
    central: mkdtempSync(join(tmpdir(), 'hmi-dc-central-')),
    eu: mkdtempSync(join(tmpdir(), 'hmi-dc-eu-')),
    cn: mkdtempSync(join(tmpdir(), 'hmi-dc-cn-')),
  };
  const db = await centreDb.create();
  const common = {
    CENTRAL_SECRET: CLUSTER_SECRET,
    DATA_CENTER_URLS: `eu=${urls.eu},cn=${urls.cn},in=http://127.0.0.1:9`,
    DEMO: '0',
    LOG_LEVEL: 'info',
    MQTT_PORT: '0',
  };
  const env: Record<Role, Record<string, string>> = {
    central: { ...common, ...db.env, ROLE: 'central', MQTT_PORT: String(mqtt) },
    eu: { ...common, ROLE: 'region', DATA_CENTER: 'eu', CENTRAL_URL: urls.central },
    cn: { ...common, ROLE: 'region', DATA_CENTER: 'cn', CENTRAL_URL: urls.central },
  };
  const running = new Map<Role, ServerProcess>();
  const start = async (role: Role) => {
    const started = await spawnServer({
      ...env[role],
      PORT: String(ports[role]),
      PUBLIC_URL: urls[role],
      DATA_DIR: dirs[role],
    });
    running.set(role, started);
  };
  const stop = async (role: Role) => {
    await running.get(role)?.kill('SIGTERM');
    running.delete(role);
  };
  await Promise.all([start('central'), start('eu'), start('cn')]);
  const activationCode = (to: string): string => {
    const mail = readOutbox(dirs.central).find((m) => m.to === to && m.kind === 'activation');
    const code = /code=([\w-]+)/.exec(mail?.text ?? '')?.[1];
    if (!code) throw new Error(`no activation mail to ${to}`);
    return code;
  };

  return {
    urls,
    centralMqttPort: mqtt ?? 0,
    activationCode,
    async register(username, dc, name) {
      const body = { username, passwd: PASSWORD, confirm: PASSWORD, name, data_center: dc, agree: true };
      const r = await api(urls[dc], 'POST', '/v1/global/register?type=1', { body });
      if (r.code !== 1014) throw new Error(`registration of ${username}: ${r.code}`);
      const a = await api(urls.central, 'GET', `/v1/global/activate?code=${activationCode(username)}`);
      if (a.code !== 0) throw new Error(`activation of ${username}: ${a.code}`);
    },
    stop,
    start,
    async close() {
      await Promise.all((['eu', 'cn', 'central'] as const).map(stop));
      await db.drop();
      for (const dir of Object.values(dirs)) rmSync(dir, { recursive: true, force: true });
    },
  };
}
