import { describe, expect, it } from 'vitest';
import { ConfigError, configVariables, loadConfig } from './config';

const root = '/repo';
const SECRET = 'x'.repeat(32);
const region = {
  ROLE: 'region',
  DATA_CENTER: 'eu',
  CENTRAL_URL: 'https://accounts.example.com/',
  CENTRAL_SECRET: SECRET,
  DATA_CENTER_URLS: 'eu=https://eu.example.com,cn=https://cn.example.com',
};

function refusal(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env, root);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('accepted');
}

describe('process role (ROLE, CENTRAL_URL, CENTRAL_SECRET, REGION_URLS)', () => {
  it('defaults to one process serving every role, needing nothing else', () => {
    const c = loadConfig({}, root);
    expect([c.role, c.centralUrl, c.centralSecret]).toEqual(['all', null, null]);
  });

  it('reads a region: its data centre, the centre’s origin and the shared secret', () => {
    const c = loadConfig(region, root);
    expect(c).toMatchObject({
      role: 'region',
      dataCenter: 'eu',
      centralUrl: 'https://accounts.example.com',
      centralSecret: SECRET,
    });
  });

  it('reads the centre: the regions it calls are REGION_URLS over DATA_CENTER_URLS', () => {
    const hosts = 'eu=https://eu.example.com,cn=https://cn.example.com,in=https://in.example.com';
    const central = { ROLE: 'central', CENTRAL_SECRET: SECRET, DATA_CENTER_URLS: hosts };
    expect(loadConfig(central, root)).toMatchObject({
      role: 'central',
      regionUrls: {
        eu: 'https://eu.example.com',
        cn: 'https://cn.example.com',
        in: 'https://in.example.com',
      },
    });
    const inside = loadConfig({ ...central, REGION_URLS: 'eu=http://10.0.1.5:8080/' }, root);
    expect(inside.regionUrls).toEqual({
      eu: 'http://10.0.1.5:8080',
      cn: 'https://cn.example.com',
      in: 'https://in.example.com',
    });
    expect(loadConfig(region, root).regionUrls).toBeNull();
  });

  it.each([
    [{ ROLE: 'regional' }, 'ROLE'],
    [{ ROLE: 'central' }, 'CENTRAL_SECRET'],
    [{ ROLE: 'central', CENTRAL_SECRET: 'short' }, 'CENTRAL_SECRET'],
    [{ ROLE: 'central', CENTRAL_SECRET: SECRET }, 'DATA_CENTER_URLS'],
    [
      {
        ROLE: 'central',
        CENTRAL_SECRET: SECRET,
        DATA_CENTER_URLS: region.DATA_CENTER_URLS,
        REGION_URLS: 'eu',
      },
      'REGION_URLS',
    ],
    [{ ...region, REGION_URLS: 'eu=http://10.0.1.5' }, 'REGION_URLS'],
    [{ ...region, CENTRAL_SECRET: '' }, 'CENTRAL_SECRET'],
    [{ ...region, CENTRAL_URL: '' }, 'CENTRAL_URL'],
    [{ ...region, CENTRAL_URL: 'ftp://accounts.example.com' }, 'CENTRAL_URL'],
    [{ ...region, CENTRAL_URL: 'accounts' }, 'CENTRAL_URL'],
    [{ ...region, DATA_CENTER_URLS: '' }, 'DATA_CENTER_URLS'],
  ])('refuses %o naming %s', (env, variable) => {
    const err = refusal(env);
    expect(err.variable).toBe(variable);
    expect(err.message).toContain(variable);
  });

  it('documents its variables', () => {
    expect(configVariables.map((v) => v.name)).toEqual(
      expect.arrayContaining(['ROLE', 'CENTRAL_URL', 'CENTRAL_SECRET', 'REGION_URLS']),
    );
  });
});
