/**
 * Test support: the data-centre split as separate processes on free ports, a central account service
 * (PostgreSQL when reachable, as in production) and the regions eu and cn (SQLite each), with the
 * calls a browser makes. A region can be stopped and started again on its port and data; the centre
 * can be hung (SIGSTOP) and resumed; the centre reaches eu through a relay that can be cut.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readOutbox } from '../platform/outbox';
import { relay, type Partition } from './partition';
import { databases, sqliteDatabase, type TestDatabase } from './databases';
import { freePorts, spawnServer, type ServerProcess } from './server-process';

export const CLUSTER_SECRET = 'a-shared-secret-of-the-test-deployment-0123456789';
export const PASSWORD = 'Secret123';
const centreDb = databases.find((d) => d.name === 'postgres') ?? sqliteDatabase;

export interface Answer {
  status: number;
  code: number;
  data: Record<string, unknown> | null;
  /** Seconds of the Retry-After header (0 without one). */
  retryAfter: number;
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
  const retryAfter = Number(res.headers.get('retry-after') ?? 0);
  return { status: res.status, code: envelope.code, data: envelope.data, retryAfter };
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
  /** The password-recovery code the centre mailed to `to` last. */
  recoveryCode(to: string): string;
  /** Registers `username` in data centre `dc` through that region and activates it centrally. */
  register(username: string, dc: 'eu' | 'cn', name: string): Promise<void>;
  stop(role: Role): Promise<void>;
  start(role: Role): Promise<void>;
  /** Hangs the process (SIGSTOP): connections are taken by the system, nothing is answered. */
  hang(role: Role): void;
  /** Resumes a hung process (SIGCONT). */
  resume(role: Role): void;
  /** The last lines the process logged. */
  log(role: Role): string;
  /** The centre's way to eu (REGION_URLS), cut and healed while eu keeps serving browsers. */
  centreToEu: Partition;
  close(): Promise<void>;
}

/** `regions`: the regions' database engine (SQLite by default, as on one machine). */
export async function startCluster(o: { regions?: TestDatabase } = {}): Promise<Cluster> {
  const [pc, pe, pn, mqtt, pr] = await freePorts(5);
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
  const centreToEu = await relay(pr ?? 0, pe ?? 0);
  const db = await centreDb.create();
  const regionDbs = await Promise.all([1, 2].map(() => (o.regions ?? sqliteDatabase).create()));
  const common = {
    CENTRAL_SECRET: CLUSTER_SECRET,
    DATA_CENTER_URLS: `eu=${urls.eu},cn=${urls.cn},in=http://127.0.0.1:9`,
    DEMO: '0',
    LOG_LEVEL: 'info',
    MQTT_PORT: '0',
  };
  const env: Record<Role, Record<string, string>> = {
    central: {
      ...common,
      ...db.env,
      ROLE: 'central',
      MQTT_PORT: String(mqtt),
      REGION_URLS: `eu=http://127.0.0.1:${pr}`,
    },
    eu: { ...common, ...regionDbs[0]?.env, ROLE: 'region', DATA_CENTER: 'eu', CENTRAL_URL: urls.central },
    cn: { ...common, ...regionDbs[1]?.env, ROLE: 'region', DATA_CENTER: 'cn', CENTRAL_URL: urls.central },
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
  const signal = (role: Role, name: NodeJS.Signals) => {
    const pid = running.get(role)?.pid;
    if (pid === undefined) throw new Error(`${role} is not running`);
    process.kill(pid, name);
  };

  return {
    urls,
    centralMqttPort: mqtt ?? 0,
    activationCode,
    recoveryCode(to) {
      const mails = readOutbox(dirs.central).filter((m) => m.to === to && m.kind === 'recovery');
      const code = /\b(\d{6})\b/.exec(mails.at(-1)?.text ?? '')?.[1];
      if (!code) throw new Error(`no recovery mail to ${to}`);
      return code;
    },
    async register(username, dc, name) {
      const body = { username, passwd: PASSWORD, confirm: PASSWORD, name, data_center: dc, agree: true };
      const r = await api(urls[dc], 'POST', '/v1/global/register?type=1', { body });
      if (r.code !== 1014) throw new Error(`registration of ${username}: ${r.code}`);
      const a = await api(urls.central, 'GET', `/v1/global/activate?code=${activationCode(username)}`);
      if (a.code !== 0) throw new Error(`activation of ${username}: ${a.code}`);
    },
    stop,
    start,
    hang: (role) => signal(role, 'SIGSTOP'),
    resume: (role) => signal(role, 'SIGCONT'),
    log: (role) => running.get(role)?.tail() ?? '',
    centreToEu,
    async close() {
      // A hung process takes no SIGTERM until it runs again.
      for (const role of running.keys()) signal(role, 'SIGCONT');
      await Promise.all((['eu', 'cn', 'central'] as const).map(stop));
      await centreToEu.close();
      await Promise.all([db, ...regionDbs].map((d) => d.drop()));
      for (const dir of Object.values(dirs)) rmSync(dir, { recursive: true, force: true });
    },
  };
}
