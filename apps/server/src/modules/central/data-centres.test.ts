/**
 * The data-centre split between real processes: a central account service (PostgreSQL when
 * reachable, as in production) and two regions, eu and cn (SQLite each), on free ports.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  CLUSTER_SECRET as SECRET,
  login,
  PASSWORD,
  startCluster,
  type Cluster,
} from '../../test/cluster';
import { CENTRAL_PREFIX, sign, SIGNATURE_HEADER } from './protocol';

describe('data centres: central account service and regions as separate processes', () => {
  let c: Cluster;
  const urls = { central: '', eu: '', cn: '' };

  beforeAll(async () => {
    c = await startCluster();
    Object.assign(urls, c.urls);
  }, 120_000);

  afterAll(() => c.close(), 30_000);

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
    const a = await api(urls.central, 'GET', `/v1/global/activate?code=${c.activationCode(alice)}`);
    expect(a).toMatchObject({ code: 0, data: { username: alice } });
    // A region's web app reaches the same call on its own origin.
    const b = await api(urls.cn, 'GET', `/v1/global/activate?code=${c.activationCode(bob)}`);
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
    await c.stop('central');
    const me = await api(urls.eu, 'GET', '/v1/global/getUserInfo', { token });
    expect(me).toMatchObject({ code: 0, data: { account: alice } });
    expect(await login(urls.eu, alice)).toMatchObject({ status: 503, code: 1207 });
    const forgot = await api(urls.eu, 'POST', '/v1/global/forgetverify', { body: { username: alice } });
    expect(forgot.code).toBe(1207);
    await c.start('central');
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
