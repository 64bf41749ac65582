import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, configVariables, ensureTokenSecret, findRepoRoot, loadConfig } from './config';

const root = '/repo';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({}, root);
    expect(c).toMatchObject({
      port: 8080,
      dataDir: '/repo/data',
      databaseUrl: null,
      mqttUrl: null,
      mqttPort: 1883,
      mqttMaxPacket: 266240,
      redisUrl: null,
      smtpUrl: null,
      publicUrl: 'http://localhost:8080',
      dataCenter: 'cn',
      dataCenterUrls: {
        eu: 'http://localhost:8080',
        cn: 'http://localhost:8080',
        in: 'http://localhost:8080',
      },
      demo: false,
      logLevel: 'info',
      accessTokenTtl: 7200,
      refreshTokenTtl: 2592000,
      tokenSecret: null,
      webDist: '/repo/apps/web/dist',
    });
  });

  it('reads every variable', () => {
    const c = loadConfig(
      {
        PORT: '9000',
        DATA_DIR: 'rel/dir',
        DATABASE_URL: 'postgres://u@db/x',
        MQTT_URL: 'mqtt://broker:1883',
        MQTT_PORT: '1884',
        MQTT_MAX_PACKET: '1048576',
        REDIS_URL: 'redis://r:6379',
        SMTP_URL: 'smtp://u:p@mail:25',
        PUBLIC_URL: 'https://cn.example.com/',
        DATA_CENTER: 'eu',
        DATA_CENTER_URLS: 'eu=https://eu.example.com, in=https://in.example.com',
        DEMO: '1',
        LOG_LEVEL: 'warn',
        ACCESS_TOKEN_TTL: '600',
        REFRESH_TOKEN_TTL: '3600',
        TOKEN_SECRET: 's'.repeat(32),
        WEB_DIST: '/srv/web',
      },
      root,
    );
    expect(c).toMatchObject({
      port: 9000,
      dataDir: resolve('rel/dir'),
      databaseUrl: 'postgres://u@db/x',
      mqttUrl: 'mqtt://broker:1883',
      mqttPort: 1884,
      mqttMaxPacket: 1048576,
      publicUrl: 'https://cn.example.com',
      dataCenter: 'eu',
      dataCenterUrls: {
        eu: 'https://eu.example.com',
        cn: 'https://cn.example.com',
        in: 'https://in.example.com',
      },
      demo: true,
      logLevel: 'warn',
      accessTokenTtl: 600,
      refreshTokenTtl: 3600,
      tokenSecret: 's'.repeat(32),
      webDist: '/srv/web',
    });
  });

  it('defaults DEMO to 1 under npm start', () => {
    expect(loadConfig({ npm_lifecycle_event: 'start' }, root).demo).toBe(true);
    expect(loadConfig({ npm_lifecycle_event: 'start', DEMO: '0' }, root).demo).toBe(false);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['SMTP_URL', 'not a url'],
    ['PUBLIC_URL', 'ftp://x'],
    ['DATA_CENTER', 'us'],
    ['DATA_CENTER_URLS', 'us=https://x'],
    ['DEMO', 'yes'],
    ['LOG_LEVEL', 'loud'],
    ['ACCESS_TOKEN_TTL', '-5'],
    ['REFRESH_TOKEN_TTL', '1'],
    ['TOKEN_SECRET', 'short'],
    ['MQTT_PORT', 'x'],
    ['MQTT_MAX_PACKET', '1024'],
    ['MQTT_MAX_PACKET', '300000000'],
    ['TRUST_PROXY', '10.0.0.1,proxy.local'],
    ['TRUST_PROXY', '2'],
  ])('a bad %s names the variable', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value }, root);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe(name);
    expect((error as Error).message).toContain(name);
  });

  it('reads TRUST_PROXY as none, any peer or a list of addresses', () => {
    expect(loadConfig({}, root).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }, root).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1' }, root).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
    ]);
  });

  it('documents every variable it reads', () => {
    expect(configVariables.map((v) => v.name)).toEqual(
      expect.arrayContaining([
        'PORT',
        'DATA_DIR',
        'DATABASE_URL',
        'TOKEN_SECRET',
        'DATA_CENTER_URLS',
        'WEB_DIST',
      ]),
    );
  });

  it('finds the repository root from its own location', () => {
    const found = findRepoRoot();
    expect(JSON.parse(readFileSync(join(found, 'package.json'), 'utf8'))).toHaveProperty('workspaces');
  });
});

describe('ensureTokenSecret', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('generates the secret once into DATA_DIR/secrets.json (0600) and reuses it', () => {
    dir = mkdtempSync(join(tmpdir(), 'hmi-secret-'));
    const first = ensureTokenSecret({ tokenSecret: null, dataDir: dir });
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = join(dir, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(ensureTokenSecret({ tokenSecret: null, dataDir: dir })).toBe(first);
    expect(ensureTokenSecret({ tokenSecret: 'x'.repeat(40), dataDir: dir })).toBe('x'.repeat(40));
  });
});
