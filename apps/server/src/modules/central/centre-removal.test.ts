/**
 * What the central role serves, invitations of accounts that never logged in at their region, and
 * removal sent straight to the centre (the spec's central path) ending the sessions in the account's
 * region: at once, or once the region is back when it was down. Separate processes (cluster.ts).
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, login, PASSWORD, startCluster, type Cluster } from '../../test/cluster';
import { REGION_PREFIX } from './protocol';

/** Whether something accepts TCP connections on the port of 127.0.0.1. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** The body of a removal of `account`, as registered by cluster.register (contact = account). */
const removal = (account: string, name: string, passwd = PASSWORD) => ({
  account,
  true_name: name,
  data_center: 'eu',
  contact: account,
  passwd,
});

describe('data centres: the centre’s role, invitations and removal at the centre', () => {
  let c: Cluster;
  const token = async (account: string) => {
    const r = await login(c.urls.eu, account);
    expect(r.code).toBe(0);
    return String(r.data?.token);
  };
  const me = (t: string) => api(c.urls.eu, 'GET', '/v1/global/getUserInfo', { token: t });

  beforeAll(async () => {
    c = await startCluster();
    await Promise.all([
      c.register('erin@eu.test', 'eu', 'erin'),
      c.register('fay@eu.test', 'eu', 'fay'),
      c.register('gus@cn.test', 'cn', 'gus'),
      c.register('hal@eu.test', 'eu', 'hal'),
      c.register('ivy@eu.test', 'eu', 'ivy'),
    ]);
  }, 120_000);

  afterAll(() => c.close(), 30_000);

  it('serves no business call and opens no broker at the centre', async () => {
    const atCentre = await api(c.urls.central, 'GET', '/v1/devices');
    expect([atCentre.status, atCentre.code]).toEqual([404, 1003]);
    expect((await api(c.urls.central, 'POST', '/v1/team/invitations', { body: {} })).status).toBe(404);
    // The same call exists at a region (it wants a session there).
    expect((await api(c.urls.eu, 'GET', '/v1/devices')).code).toBe(1008);
    expect(await listening(c.centralMqttPort)).toBe(false);
    const openapi = (await (await fetch(`${c.urls.central}/v1/openapi.json`)).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(openapi.paths)).toEqual(expect.arrayContaining(['/v1/global/removal']));
    expect(Object.keys(openapi.paths)).not.toContain('/v1/devices');
  });

  it('invites an account of this data centre that never logged in here', async () => {
    const erin = await token('erin@eu.test');
    const role = await api(c.urls.eu, 'POST', '/v1/roles', {
      token: erin,
      body: { name: 'Viewer', permissions: [2] },
    });
    const invite = (account: string) =>
      api(c.urls.eu, 'POST', '/v1/team/invitations', {
        token: erin,
        body: { account, role_id: role.data?.id },
      });
    const fay = await invite('fay@eu.test');
    expect(fay).toMatchObject({ code: 0, data: { invitee_account: 'fay@eu.test', status: 'pending' } });
    expect((await invite('gus@cn.test')).code).toBe(1078);
    expect((await invite('nobody@eu.test')).code).toBe(1010);
    // Fay's first login finds the row the invitation created, and the invitation with it.
    const accepted = await api(c.urls.eu, 'POST', '/v1/team/invitation/confirm', {
      token: await token('fay@eu.test'),
      body: { id: fay.data?.id, accept: true },
    });
    expect(accepted.code).toBe(0);
  });

  it('refuses at the centre what the region or the password refuses', async () => {
    const post = (body: unknown) => api(c.urls.central, 'POST', '/v1/global/removal', { body });
    expect((await post(removal('hal@eu.test', 'hal', 'Wrong1234'))).code).toBe(1004);
    expect((await post(removal('hal@eu.test', 'someone else'))).code).toBe(1019);
    // Erin leads a team with a member in eu: the region says no.
    expect((await post(removal('erin@eu.test', 'erin'))).code).toBe(1202);
    expect((await login(c.urls.eu, 'erin@eu.test')).code).toBe(0);
    // Only the centre may tell a region of a removal: an unsigned notice is refused.
    const forged = await api(c.urls.eu, 'POST', `${REGION_PREFIX}/removed`, {
      body: { username: 'erin@eu.test' },
    });
    expect(forged.code).toBe(1001);
    expect((await login(c.urls.eu, 'erin@eu.test')).code).toBe(0);
  });

  it('removal at the centre ends the account’s sessions in its region (1055)', async () => {
    const hal = await token('hal@eu.test');
    expect((await me(hal)).code).toBe(0);
    // The web app sends the region's token along; the centre goes by the password.
    const done = await api(c.urls.central, 'POST', '/v1/global/removal', {
      token: hal,
      body: removal('hal@eu.test', 'hal'),
    });
    expect(done.code).toBe(0);
    expect((await me(hal)).code).toBe(1055);
    expect((await login(c.urls.eu, 'hal@eu.test')).code).toBe(1010);
  });

  it('tells a region that was down of the removal once it is back', async () => {
    const ivy = await token('ivy@eu.test');
    await c.stop('eu');
    const done = await api(c.urls.central, 'POST', '/v1/global/removal', {
      body: removal('ivy@eu.test', 'ivy'),
    });
    expect(done.code).toBe(0);
    await c.start('eu');
    // The centre retries with growing delays (at most a few seconds into this test).
    const deadline = Date.now() + 40_000;
    let answer = await me(ivy);
    while (answer.code === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      answer = await me(ivy);
    }
    expect(answer.code).toBe(1055);
    expect((await login(c.urls.eu, 'ivy@eu.test')).code).toBe(1010);
  }, 90_000);
});
