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

describe('process role (ROLE, CENTRAL_URL, CENTRAL_SECRET)', () => {
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
    expect(loadConfig({ ROLE: 'central', CENTRAL_SECRET: SECRET }, root).role).toBe('central');
  });

  it.each([
    [{ ROLE: 'regional' }, 'ROLE'],
    [{ ROLE: 'central' }, 'CENTRAL_SECRET'],
    [{ ROLE: 'central', CENTRAL_SECRET: 'short' }, 'CENTRAL_SECRET'],
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
      expect.arrayContaining(['ROLE', 'CENTRAL_URL', 'CENTRAL_SECRET']),
    );
  });
});
