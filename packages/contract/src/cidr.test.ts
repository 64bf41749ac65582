import { describe, expect, it } from 'vitest';
import { checkCidr, cidrContains, normalizeCidr, parseCidr, parseIp } from './cidr';

describe('cidr', () => {
  it('normalises IPv4 and IPv6 blocks (host bits cleared, bare address = one host)', () => {
    expect(normalizeCidr('10.1.2.3/16')).toBe('10.1.0.0/16');
    expect(normalizeCidr('192.168.1.7')).toBe('192.168.1.7/32');
    expect(normalizeCidr('0.0.0.0/0')).toBe('0.0.0.0/0');
    expect(normalizeCidr('2001:DB8:0:0:0:0:0:1/32')).toBe('2001:db8::/32');
    expect(normalizeCidr('::1')).toBe('::1/128');
    expect(normalizeCidr('fe80::1:2/10')).toBe('fe80::/10');
    expect(normalizeCidr('::ffff:10.0.0.1/120')).toBe('::ffff:a00:0/120');
  });

  it('refuses what is not an address or block', () => {
    for (const bad of [
      '',
      '10.0.0.0/33',
      '256.0.0.1',
      '10.0.0/8',
      '01.2.3.4',
      '1::2::3',
      '::/129',
      'a.b.c.d',
      '10.0.0.0/08',
      '1:2:3:4:5:6:7:8:9',
    ])
      expect(parseCidr(bad), bad).toBeNull();
    expect(checkCidr(' ')).toBe('required');
    expect(checkCidr('10.0.0.0/40')).toBe('cidr');
    expect(checkCidr('10.0.0.0/8')).toBeNull();
  });

  it('matches addresses, mapping IPv4-mapped IPv6 to IPv4', () => {
    const block = parseCidr('10.1.0.0/16');
    if (!block) throw new Error('parse');
    expect(cidrContains(block, parseIp('10.1.255.255') ?? block)).toBe(true);
    expect(cidrContains(block, parseIp('10.2.0.0') ?? block)).toBe(false);
    expect(parseIp('::ffff:10.1.0.1')).toEqual({ version: 4, bytes: [10, 1, 0, 1] });
    const v6 = parseCidr('2001:db8::/32');
    if (!v6) throw new Error('parse');
    expect(cidrContains(v6, parseIp('2001:db8:ffff::1%eth0') ?? v6)).toBe(true);
    expect(cidrContains(v6, parseIp('10.1.0.1') ?? v6)).toBe(false);
    const mapped = parseCidr('::ffff:10.1.0.0/112');
    if (!mapped) throw new Error('parse');
    expect(cidrContains(mapped, parseIp('10.1.3.4') ?? mapped)).toBe(true);
  });
});
