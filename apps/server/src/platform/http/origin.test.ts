import { describe, expect, it } from 'vitest';
import { sqliteDatabase } from '../../test/databases';
import { createMainAccount, TEST_PASSWORD } from '../../test/accounts';
import { useHarness } from '../../test/suite';

interface Hosts {
  data_centers: { id: string; host: string }[];
}

describe('hosts answered to the browser', () => {
  describe('PUBLIC_URL unset', () => {
    const h = useHarness(sqliteDatabase, { env: { PUBLIC_URL: '', PORT: '8080' } });

    const loginConfig = async (host: string) =>
      (await h.app.inject({ method: 'GET', url: '/v1/global/login', headers: { host } })).json<{
        data: Hosts;
      }>().data.data_centers;

    it('are the origin the console was opened on, so calls stay same-origin', async () => {
      expect(h.config.publicUrl).toBe('http://localhost:8080');
      for (const dc of await loginConfig('127.0.0.1:8080')) expect(dc.host).toBe('http://127.0.0.1:8080');
      for (const dc of await loginConfig('192.168.1.20:8080'))
        expect(dc.host).toBe('http://192.168.1.20:8080');

      const { username } = await createMainAccount(h);
      const login = await h.app.inject({
        method: 'POST',
        url: '/v1/global/login?type=1',
        headers: { host: '127.0.0.1:8080' },
        payload: { user: username, passwd: TEST_PASSWORD },
      });
      expect(login.json()).toMatchObject({ code: 0, data: { host: 'http://127.0.0.1:8080' } });
    });

    it('fall back to the default for a malformed Host header', async () => {
      for (const dc of await loginConfig('evil.test/path?x')) expect(dc.host).toBe('http://localhost:8080');
    });
  });

  describe('PUBLIC_URL set', () => {
    const h = useHarness(sqliteDatabase, { env: { PUBLIC_URL: 'https://console.example.com' } });

    it('are PUBLIC_URL whatever the Host header says', async () => {
      const r = await h.app.inject({
        method: 'GET',
        url: '/v1/global/login',
        headers: { host: '127.0.0.1:8080' },
      });
      for (const dc of r.json<{ data: Hosts }>().data.data_centers)
        expect(dc.host).toBe('https://console.example.com');
    });
  });
});
