import { describe, expect, it } from 'vitest';
import { addressAllowed, resolveTarget, urlRefusal } from './target';

describe('webhook target rules', () => {
  it('takes only https URLs without credentials in production (public)', () => {
    expect(urlRefusal('https://hooks.example.com/alarm?x=1', 'public')).toBeNull();
    expect(urlRefusal('http://hooks.example.com/alarm', 'public')).toBe('https only');
    expect(urlRefusal('http://127.0.0.1:9000/', 'public')).toBe('https only');
    expect(urlRefusal('ftp://hooks.example.com/', 'public')).toBe('https only');
    expect(urlRefusal('https://u:p@hooks.example.com/', 'public')).toBe('credentials in the URL');
    expect(urlRefusal('not a url', 'public')).toBe('not a URL');
  });

  it('refuses private, loopback, link-local and reserved literal addresses in production', () => {
    for (const host of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.10',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '[::1]',
      '[fd00::1]',
      '[fe80::1]',
      '[::ffff:10.0.0.1]',
    ])
      expect(urlRefusal(`https://${host}/hook`, 'public'), host).toBe('refused address');
    expect(urlRefusal('https://203.0.114.7/hook', 'public')).toBeNull();
    expect(addressAllowed('8.8.8.8', 'public')).toBe(true);
    expect(addressAllowed('2606:4700::1111', 'public')).toBe(true);
  });

  it('lets dev and tests (loopback) reach loopback only, over http too', () => {
    expect(urlRefusal('http://127.0.0.1:9000/hook', 'loopback')).toBeNull();
    expect(urlRefusal('http://localhost:9000/hook', 'loopback')).toBeNull();
    expect(urlRefusal('http://[::1]:9000/hook', 'loopback')).toBeNull();
    expect(urlRefusal('http://10.0.0.1/hook', 'loopback')).toBe('https only');
    expect(urlRefusal('https://192.168.0.1/hook', 'loopback')).toBe('refused address');
  });

  it('checks what a name resolves to at delivery time', async () => {
    await expect(resolveTarget(new URL('https://localhost/hook'), 'public')).rejects.toThrow(
      'refused address',
    );
    await expect(resolveTarget(new URL('http://localhost/hook'), 'loopback')).resolves.toBe('127.0.0.1');
    await expect(resolveTarget(new URL('https://[::1]/hook'), 'public')).rejects.toThrow('refused address');
  });
});
