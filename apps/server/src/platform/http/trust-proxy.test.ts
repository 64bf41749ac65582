import { beforeAll, describe, expect, it } from 'vitest';
import { sqliteDatabase } from '../../test/databases';
import type { Harness } from '../../test/harness';
import { useHarness } from '../../test/suite';

/**
 * The client address decides security-zone networks and per-address login limits, so it may come
 * from X-Forwarded-For only when the peer is a proxy named in TRUST_PROXY.
 */
describe('client address behind a reverse proxy', () => {
  const trusting = useHarness(sqliteDatabase, { env: { TRUST_PROXY: '127.0.0.1' } });
  const plain = useHarness(sqliteDatabase);
  const ipOf = async (h: Harness, peer: string) => {
    const res = await h.app.inject({
      method: 'GET',
      url: '/test/ip',
      remoteAddress: peer,
      headers: { 'x-forwarded-for': '10.20.1.5' },
    });
    return res.json<{ ip: string }>().ip;
  };

  beforeAll(() => {
    for (const h of [trusting, plain]) h.app.get('/test/ip', async (req) => ({ ip: req.ip }));
  });

  it('takes the forwarded address from a trusted proxy only', async () => {
    expect(await ipOf(trusting, '127.0.0.1')).toBe('10.20.1.5');
    expect(await ipOf(trusting, '192.0.2.7')).toBe('192.0.2.7');
  });

  it('ignores X-Forwarded-For without TRUST_PROXY', async () => {
    expect(await ipOf(plain, '127.0.0.1')).toBe('127.0.0.1');
  });
});
