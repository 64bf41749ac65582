/**
 * Changes made through a region agree on both sides (issue 25, points 17 to 19): a password reset
 * clears the region's login limits, a re-registered address is a new account at the region, and a
 * removal or password change asked while the centre hangs (SIGSTOP) reaches the region once the
 * centre commits it. Separate processes (cluster.ts): the centre on PostgreSQL when reachable, the
 * regions on each database engine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  CLUSTER_SECRET,
  login,
  PASSWORD,
  startCluster,
  type Answer,
  type Cluster,
} from '../../test/cluster';
import { databases } from '../../test/databases';
import { CENTRAL_PREFIX, REGION_PREFIX, sign, SIGNATURE_HEADER } from './protocol';

const NEW_PASSWORD = 'Changed456';
const WRONG = 'Wrong1234';

/** The answer of `ask` once `done` holds, or the last one after `seconds` (asked every 250 ms). */
async function until(ask: () => Promise<Answer>, done: (a: Answer) => boolean, seconds = 40) {
  const deadline = Date.now() + seconds * 1000;
  let answer = await ask();
  while (!done(answer) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    answer = await ask();
  }
  return answer;
}

/** A server-to-server call at `origin`, signed as the other side signs it. */
function signed(origin: string, path: string, body: unknown): Promise<Answer> {
  const signature = sign(CLUSTER_SECRET, Math.floor(Date.now() / 1000), path, JSON.stringify(body));
  return api(origin, 'POST', path, { body, headers: { [SIGNATURE_HEADER]: signature } });
}

describe.each(databases)(
  'data centres (regions on $name): a change asked at a region happens on both sides or on neither',
  (regions) => {
    let c: Cluster;
    const eu = () => c.urls.eu;
    const me = (token: string) => api(eu(), 'GET', '/v1/global/getUserInfo', { token });
    const token = async (account: string) => {
      const r = await login(eu(), account);
      expect(r.code).toBe(0);
      return String(r.data?.token);
    };
    const removal = (account: string, name: string) => ({
      account,
      true_name: name,
      data_center: 'eu',
      contact: account,
      passwd: PASSWORD,
    });

    beforeAll(async () => {
      c = await startCluster({ regions });
      await Promise.all([
        c.register('kim@eu.test', 'eu', 'kim'),
        c.register('lee@eu.test', 'eu', 'lee-old'),
        c.register('max@eu.test', 'eu', 'max'),
        c.register('ned@eu.test', 'eu', 'ned'),
        c.register('oli@eu.test', 'eu', 'oli'),
        c.register('pia@eu.test', 'eu', 'pia'),
        c.register('quin@eu.test', 'eu', 'quin'),
      ]);
    }, 120_000);

    afterAll(() => c.close(), 30_000);

    it('a password reset through the region clears its login limits for the account', async () => {
      const kim = 'kim@eu.test';
      // Guess from this address until the region makes it wait a few seconds (ten tries or so).
      let tries = 0;
      for (;;) {
        const r = await login(eu(), kim, WRONG);
        tries += 1;
        if (r.code === 1004) continue;
        expect(r.code).toBe(1201);
        // The limiter's own time: the next guess is let through only once the wait is over.
        if (r.retryAfter >= 4) break;
        await new Promise((resolve) => setTimeout(resolve, r.retryAfter * 1000));
      }
      expect(tries).toBeGreaterThanOrEqual(9);
      const forgot = await api(eu(), 'POST', '/v1/global/forgetverify', { body: { username: kim } });
      expect(forgot.code).toBe(0);
      const body = { username: kim, code: c.recoveryCode(kim), passwd: NEW_PASSWORD, confirm: NEW_PASSWORD };
      expect((await api(eu(), 'POST', '/v1/global/modifyPwd', { body })).code).toBe(0);
      expect((await login(eu(), kim, NEW_PASSWORD)).code).toBe(0);
    }, 60_000);

    it('an address registered again while the region was not told of the removal is a new account', async () => {
      const lee = 'lee@eu.test';
      const old = await token(lee);
      const oldInfo = await me(old);
      const role = await api(eu(), 'POST', '/v1/roles', {
        token: old,
        body: { name: 'Old', permissions: [2] },
      });
      expect(role.code).toBe(0);
      await c.centreToEu.cut();
      let fresh = '';
      try {
        const removed = await api(c.urls.central, 'POST', '/v1/global/removal', {
          body: removal(lee, 'lee-old'),
        });
        expect(removed.code).toBe(0);
        await c.register(lee, 'eu', 'lee-new');
        fresh = await token(lee);
        const info = await me(fresh);
        expect(info).toMatchObject({ code: 0, data: { account: lee, name: 'lee-new', is_main: true } });
        expect(info.data?.team_id).not.toBe(oldInfo.data?.team_id);
        const roles = await api(eu(), 'GET', '/v1/roles', { token: fresh });
        expect(roles.code).toBe(0);
        expect(JSON.stringify(roles.data)).not.toContain('"Old"');
        // The removed account's session ended here when its address became a new account.
        expect((await me(old)).code).toBe(1055);
      } finally {
        await c.centreToEu.heal();
      }
      // The late notice of the removal is about the old account: the new one stays.
      const told = () => c.log('central').includes('region told: removed');
      const deadline = Date.now() + 40_000;
      while (!told() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
      expect(told()).toBe(true);
      expect(await me(fresh)).toMatchObject({ code: 0, data: { name: 'lee-new' } });
    }, 90_000);

    it('a removal asked while the centre hangs reaches the region once the centre resumes', async () => {
      const max = await token('max@eu.test');
      c.hang('central');
      const asked = await api(eu(), 'POST', '/v1/global/removal', {
        token: max,
        body: removal('max@eu.test', 'max'),
      });
      c.resume('central');
      expect(asked.code).toBe(1207);
      expect(
        (
          await until(
            () => me(max),
            (a) => a.code !== 0,
          )
        ).code,
      ).toBe(1055);
      expect((await login(eu(), 'max@eu.test')).code).toBe(1010);
    }, 90_000);

    it('a password change asked while the centre hangs ends the other sessions once it resumes', async () => {
      const caller = await token('ned@eu.test');
      const other = await token('ned@eu.test');
      // Only the centre may tell a region of a password change: an unsigned notice is refused.
      const forged = await api(eu(), 'POST', `${REGION_PREFIX}/password`, {
        body: { username: 'ned@eu.test', account_id: null, keep_session: null, at: 4_000_000_000 },
      });
      expect(forged.code).toBe(1001);
      expect((await me(other)).code).toBe(0);
      c.hang('central');
      const asked = await api(eu(), 'POST', '/v1/global/changePwd', {
        token: caller,
        body: { old_passwd: PASSWORD, passwd: NEW_PASSWORD, confirm: NEW_PASSWORD },
      });
      c.resume('central');
      expect(asked.code).toBe(1207);
      expect(
        (
          await until(
            () => me(other),
            (a) => a.code !== 0,
          )
        ).code,
      ).toBe(1009);
      // The caller's own session stays, as after a change that answered at once.
      expect((await me(caller)).code).toBe(0);
      expect((await login(eu(), 'ned@eu.test', NEW_PASSWORD)).code).toBe(0);
    }, 90_000);

    it('a password reset asked while the centre hangs ends the sessions once it resumes', async () => {
      const oli = 'oli@eu.test';
      const session = await token(oli);
      expect((await api(eu(), 'POST', '/v1/global/forgetverify', { body: { username: oli } })).code).toBe(0);
      const body = { username: oli, code: c.recoveryCode(oli), passwd: NEW_PASSWORD, confirm: NEW_PASSWORD };
      c.hang('central');
      const asked = await api(eu(), 'POST', '/v1/global/modifyPwd', { body });
      c.resume('central');
      expect(asked.code).toBe(1207);
      expect(
        (
          await until(
            () => me(session),
            (a) => a.code !== 0,
          )
        ).code,
      ).toBe(1009);
      expect((await login(eu(), oli, NEW_PASSWORD)).code).toBe(0);
    }, 90_000);

    it('does not refuse a re-registered address’s removal for the team of the account before it', async () => {
      const pia = 'pia@eu.test';
      const owner = await token(pia);
      const role = await api(eu(), 'POST', '/v1/roles', {
        token: owner,
        body: { name: 'Viewer', permissions: [2] },
      });
      const invited = await api(eu(), 'POST', '/v1/team/invitations', {
        token: owner,
        body: { account: 'quin@eu.test', role_id: role.data?.id },
      });
      const joined = await api(eu(), 'POST', '/v1/team/invitation/confirm', {
        token: await token('quin@eu.test'),
        body: { id: invited.data?.id, accept: true },
      });
      expect(joined.code).toBe(0);
      const idOf = async () => {
        const r = await signed(c.urls.central, `${CENTRAL_PREFIX}/directory`, { username: pia });
        return Number((r.data?.account as { id: number }).id);
      };
      const oldId = await idOf();
      await c.centreToEu.cut();
      try {
        expect(
          (await api(c.urls.central, 'POST', '/v1/global/removal', { body: removal(pia, 'pia') })).code,
        ).toBe(0);
        await c.register(pia, 'eu', 'pia-new');
        const newId = await idOf();
        expect(newId).not.toBe(oldId);
        // What the centre asks eu before removing each account: eu still holds the first one's team.
        const removable = (id: number) =>
          signed(eu(), `${REGION_PREFIX}/removable`, { username: pia, account_id: id });
        expect((await removable(oldId)).code).toBe(1202);
        expect((await removable(newId)).code).toBe(0);
      } finally {
        await c.centreToEu.heal();
      }
    }, 90_000);
  },
);
