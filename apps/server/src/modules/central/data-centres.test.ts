/**
 * The data-centre split between real processes: a central account service (PostgreSQL when
 * reachable, as in production) and two regions, eu and cn (SQLite each), on free ports.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../platform/outbox';
import { databases, sqliteDatabase } from '../../test/databases';
import { freePorts, spawnServer, type ServerProcess } from '../../test/server-process';
import { CENTRAL_PREFIX, sign, SIGNATURE_HEADER } from './protocol';

const SECRET = 'a-shared-secret-of-the-test-deployment-0123456789';
const PASSWORD = 'Secret123';
const centreDb = databases.find((d) => d.name === 'postgres') ?? sqliteDatabase;

interface Answer {
  status: number;
  code: number;
  data: Record<string, unknown> | null;
}

/** One call of the public API at `origin`, as a browser makes it. */
async function api(
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

const login = (origin: string, user: string, passwd = PASSWORD) =>
  api(origin, 'POST', '/v1/global/login?type=1', { body: { user, passwd } });

describe('data centres: central account service and regions as separate processes', () => {
  const dirs = { central: '', eu: '', cn: '' };
  const urls = { central: '', eu: '', cn: '' };
  let centralEnv: Record<string, string> = {};
  let central: ServerProcess | null = null;
  const regions: ServerProcess[] = [];
  let dropCentreDb: () => Promise<void> = async () => undefined;

  const startCentral = async () => {
    central = await spawnServer(centralEnv);
  };
  const activationCode = (to: string): string => {
    const mail = readOutbox(dirs.central).find((m) => m.to === to && m.kind === 'activation');
    const code = /code=([\w-]+)/.exec(mail?.text ?? '')?.[1];
    if (!code) throw new Error(`no activation mail to ${to}`);
    return code;
  };

  beforeAll(async () => {
    const [pc, pe, pn] = await freePorts(3);
    urls.central = `http://127.0.0.1:${pc}`;
    urls.eu = `http://127.0.0.1:${pe}`;
    urls.cn = `http://127.0.0.1:${pn}`;
    for (const k of ['central', 'eu', 'cn'] as const) dirs[k] = mkdtempSync(join(tmpdir(), `hmi-dc-${k}-`));
    const common = {
      CENTRAL_SECRET: SECRET,
      DATA_CENTER_URLS: `eu=${urls.eu},cn=${urls.cn},in=http://127.0.0.1:9`,
      DEMO: '0',
      LOG_LEVEL: 'info',
      MQTT_PORT: '0',
    };
    const db = await centreDb.create();
    dropCentreDb = db.drop;
    centralEnv = {
      ...common,
      ...db.env,
      ROLE: 'central',
      PORT: String(pc),
      PUBLIC_URL: urls.central,
      DATA_DIR: dirs.central,
    };
    const region = (dc: 'eu' | 'cn', port: number | undefined) =>
      spawnServer({
        ...common,
        ROLE: 'region',
        DATA_CENTER: dc,
        CENTRAL_URL: urls.central,
        PORT: String(port),
        PUBLIC_URL: urls[dc],
        DATA_DIR: dirs[dc],
      });
    const [, eu, cn] = await Promise.all([startCentral(), region('eu', pe), region('cn', pn)]);
    regions.push(eu, cn);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([...regions, ...(central ? [central] : [])].map((p) => p.kill('SIGTERM')));
    await dropCentreDb();
    for (const dir of Object.values(dirs)) if (dir) rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  // Accounts registered through a region's web app (sent on to the centre), activated by the link.
  const alice = 'alice@eu.test';
  const bob = 'bob@cn.test';

  it('registers at the centre through each region and activates by the central link', async () => {
    const form = (username: string, dc: string) => ({
      body: {
        username,
        passwd: PASSWORD,
        confirm: PASSWORD,
        name: username.slice(0, 3),
        data_center: dc,
        agree: true,
      },
    });
    expect((await api(urls.eu, 'POST', '/v1/global/register?type=1', form(alice, 'eu'))).code).toBe(1014);
    expect((await api(urls.cn, 'POST', '/v1/global/register?type=1', form(bob, 'cn'))).code).toBe(1014);
    // The activation mail was sent by the centre, with a link to the centre.
    const a = await api(urls.central, 'GET', `/v1/global/activate?code=${activationCode(alice)}`);
    expect(a).toMatchObject({ code: 0, data: { username: alice } });
    // A region's web app reaches the same call on its own origin.
    const b = await api(urls.cn, 'GET', `/v1/global/activate?code=${activationCode(bob)}`);
    expect(b).toMatchObject({ code: 0, data: { username: bob } });
  });

  it('answers 1078 with the right host, only once the password checked', async () => {
    expect((await login(urls.cn, alice, 'Wrong1234')).code).toBe(1004);
    expect((await login(urls.cn, 'nobody@eu.test')).code).toBe(1010);
    const wrongRegion = await login(urls.cn, alice);
    expect(wrongRegion).toMatchObject({ code: 1078, data: { data_center: 'eu', host: urls.eu } });
    // The centre itself holds no business data: it sends every account to its region.
    expect(await login(urls.central, bob)).toMatchObject({ code: 1078, data: { host: urls.cn } });
    const home = await login(urls.eu, alice);
    expect(home).toMatchObject({ code: 0, data: { host: urls.eu } });
    const me = await api(urls.eu, 'GET', '/v1/global/getUserInfo', { token: String(home.data?.token) });
    expect(me).toMatchObject({ code: 0, data: { account: alice, data_center: 'eu' } });
  });

  it('refuses an invitation of another region’s account with 1078', async () => {
    const token = String((await login(urls.eu, alice)).data?.token);
    expect((await login(urls.cn, bob)).code).toBe(0);
    const role = await api(urls.eu, 'POST', '/v1/roles', {
      token,
      body: { name: 'Viewer', permissions: [2] },
    });
    expect(role.code).toBe(0);
    const invite = (account: string) =>
      api(urls.eu, 'POST', '/v1/team/invitations', { token, body: { account, role_id: role.data?.id } });
    expect((await invite(bob)).code).toBe(1078);
    expect((await invite('nobody@cn.test')).code).toBe(1010);
  });

  it('takes server-to-server calls only when signed with the shared secret', async () => {
    const path = `${CENTRAL_PREFIX}/verify`;
    const body = { username: alice, password: PASSWORD };
    const raw = JSON.stringify(body);
    const now = Math.floor(Date.now() / 1000);
    const call = (signature?: string) =>
      api(urls.central, 'POST', path, { body, headers: signature ? { [SIGNATURE_HEADER]: signature } : {} });
    expect((await call()).code).toBe(1001);
    expect((await call(sign('another-secret-of-at-least-32-characters!', now, path, raw))).code).toBe(1001);
    expect((await call(sign(SECRET, now - 3600, path, raw))).code).toBe(1001);
    expect(await call(sign(SECRET, now, path, raw))).toMatchObject({ code: 0, data: { data_center: 'eu' } });
  });

  it('keeps serving a signed-in user while the centre is down, and recovers when it returns', async () => {
    const token = String((await login(urls.eu, alice)).data?.token);
    await central?.kill('SIGTERM');
    central = null;
    const me = await api(urls.eu, 'GET', '/v1/global/getUserInfo', { token });
    expect(me).toMatchObject({ code: 0, data: { account: alice } });
    expect(await login(urls.eu, alice)).toMatchObject({ status: 503, code: 1207 });
    const forgot = await api(urls.eu, 'POST', '/v1/global/forgetverify', { body: { username: alice } });
    expect(forgot.code).toBe(1207);
    await startCentral();
    expect((await login(urls.eu, alice)).code).toBe(0);
  }, 60_000);

  it('removes the account at the centre through its region: its sessions end (1055)', async () => {
    const token = String((await login(urls.eu, alice)).data?.token);
    const removal = {
      account: alice,
      true_name: 'ali',
      data_center: 'eu',
      contact: alice,
      passwd: 'Wrong1234',
    };
    expect((await api(urls.eu, 'POST', '/v1/global/removal', { token, body: removal })).code).toBe(1004);
    const done = await api(urls.eu, 'POST', '/v1/global/removal', {
      token,
      body: { ...removal, passwd: PASSWORD },
    });
    expect(done.code).toBe(0);
    expect((await api(urls.eu, 'GET', '/v1/global/getUserInfo', { token })).code).toBe(1055);
    expect((await login(urls.eu, alice)).code).toBe(1010);
    expect((await login(urls.cn, alice)).code).toBe(1010);
  });
});
