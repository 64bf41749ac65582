import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { call } from '../../test/harness';
import { freePort } from '../../test/server-process';
import { useHarness } from '../../test/suite';

// A region whose central account service is not there (nothing listens on CENTRAL_URL).
describe.each(databases)('a region with its centre down on %s', (database) => {
  const h = useHarness(database, {
    env: async () => ({
      ROLE: 'region',
      DATA_CENTER: 'eu',
      CENTRAL_URL: `http://127.0.0.1:${await freePort()}`,
      CENTRAL_SECRET: 'a-shared-secret-of-at-least-32-characters',
      DATA_CENTER_URLS: 'eu=http://eu.test,cn=http://cn.test',
    }),
  });

  const login = () =>
    call(h.app, 'POST', '/v1/global/login?type=1', { body: { user: 'a@eu.test', passwd: 'Secret123' } });

  it('answers a login 1207 (503), and never counts it as a failed attempt', async () => {
    // More attempts than the free failures of an (account, address) pair: none is slowed down.
    for (let i = 0; i < 8; i += 1) {
      const r = await login();
      expect([r.status, r.body.code]).toEqual([503, 1207]);
    }
  });

  it('answers the central calls sent on to the centre 1207', async () => {
    const r = await call(h.app, 'POST', '/v1/global/forgetverify', { body: { username: 'a@eu.test' } });
    expect(r.body.code).toBe(1207);
    const a = await call(h.app, 'GET', `/v1/global/activate?code=${'x'.repeat(32)}`);
    expect(a.body.code).toBe(1207);
  });
});
