import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';
import { signAccessToken, tokenFromHeader, verifyAccessToken } from './tokens';

const SECRET = 's'.repeat(40);

describe('access tokens', () => {
  const claims = { sub: 7, fam: 'f1', iat: 1000, exp: 2000 };

  it('round-trips and expires at exp', () => {
    const t = signAccessToken(claims, SECRET);
    expect(t.split('.')).toHaveLength(3);
    expect(verifyAccessToken(t, SECRET, 1999)).toEqual({ ok: true, claims });
    expect(verifyAccessToken(t, SECRET, 2000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('rejects another key, a tampered payload and garbage as malformed', () => {
    const t = signAccessToken(claims, SECRET);
    expect(verifyAccessToken(t, 'x'.repeat(40), 1500)).toEqual({ ok: false, reason: 'malformed' });
    const [h, , s] = t.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 8 })).toString('base64url');
    expect(verifyAccessToken(`${h}.${forged}.${s}`, SECRET, 1500)).toEqual({
      ok: false,
      reason: 'malformed',
    });
    expect(verifyAccessToken('nope', SECRET, 1500)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('reads raw and Bearer authorization headers', () => {
    expect(tokenFromHeader('Bearer abc')).toBe('abc');
    expect(tokenFromHeader('abc')).toBe('abc');
    expect(tokenFromHeader('Bearer ')).toBeNull();
    expect(tokenFromHeader(undefined)).toBeNull();
  });
});

describe('passwords', () => {
  it('hashes with scrypt and a random salt', async () => {
    const a = await hashPassword('Secret#2026');
    const b = await hashPassword('Secret#2026');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('Secret#2026', a)).toBe(true);
    expect(await verifyPassword('Secret#2027', a)).toBe(false);
    expect(await verifyPassword('Secret#2026', '')).toBe(false);
  });
});
