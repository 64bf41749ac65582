import {
  ConfigError,
  dataCenterOrigins,
  int,
  isDataCenter,
  origin,
  str,
  url,
  type Env,
} from './config-values';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkCidr, dataCenters, PAYLOAD_BYTES_MAX, type DataCenter } from '@hmi/contract';
import { loadRoleConfig, type RoleConfig } from './config-role';
import { MQTT_MAX_PACKET_DEFAULT } from './mqtt/packet-limit';

/** Every environment variable the server reads, with its default and meaning (README table). */
export const configVariables = [
  { name: 'PORT', default: '8080', meaning: 'HTTP port (API, websocket, web app)' },
  {
    name: 'DATA_DIR',
    default: '`data/` at the repository root',
    meaning:
      'SQLite file, generated secrets, dev outbox; a relative value is resolved from the working directory',
  },
  {
    name: 'DATABASE_URL',
    default: 'SQLite file `DATA_DIR/hmi.sqlite`',
    meaning: '`postgres://…` for PostgreSQL',
  },
  {
    name: 'MQTT_URL',
    default: 'unset: embedded broker',
    meaning:
      '`mqtt://user:pass@host:port` of an external MQTT 5 broker (Mosquitto); the server subscribes with shared subscriptions so instances split the stream',
  },
  { name: 'MQTT_PORT', default: '1883', meaning: 'port of the embedded broker' },
  {
    name: 'MQTT_MAX_PACKET',
    default: '266240 (260 KiB)',
    meaning:
      'largest MQTT packet the embedded broker takes, in bytes; a larger one closes the connection as its header arrives (Mosquitto: `max_packet_size`)',
  },
  {
    name: 'MQTT_DEVICE_RATE',
    default: '10000',
    meaning:
      'TAG values a second one device may send (a token bucket holding two seconds of it); beyond, its QoS 0 batches are dropped and counted (`rateLimited`) and its QoS 1 batches wait. 0: no limit',
  },
  {
    name: 'HISTORY_RETENTION_DAYS',
    default: '90',
    meaning: 'TAG history older than this is deleted (hourly job)',
  },
  {
    name: 'AUDIT_RETENTION_DAYS',
    default: '365',
    meaning: 'audit log entries older than this are deleted (hourly job)',
  },
  {
    name: 'COMMAND_TIMEOUT_SECONDS',
    default: '15',
    meaning: 'a TAG write or sync not acknowledged by the device within this time is failed',
  },
  {
    name: 'REDIS_URL',
    default: 'unset: in-process bus',
    meaning:
      '`redis://…` bus between instances: live values, messages and cache invalidations reach every instance',
  },
  {
    name: 'REDIS_PREFIX',
    default: '`hmi:$DATA_CENTER`',
    meaning:
      'prefix of the Redis channel (`{prefix}:bus`); deployments sharing one Redis need different prefixes',
  },
  {
    name: 'SMTP_URL',
    default: 'unset: dev outbox',
    meaning: '`smtp://user:pass@host:port` (`smtps://` for TLS)',
  },
  { name: 'MAIL_FROM', default: '`HMI Cloud <no-reply@hmi.local>`', meaning: 'sender of outgoing mail' },
  {
    name: 'PUBLIC_URL',
    default: '`http://localhost:$PORT`',
    meaning: 'used in mail links and VNC relay URLs',
  },
  {
    name: 'RELAY_URL',
    default: '`PUBLIC_URL`',
    meaning:
      "this instance's own origin as devices reach it, for the VNC tunnel (scale-out: each instance its own, since a remote session lives on the instance holding the browser's socket)",
  },
  { name: 'DATA_CENTER', default: 'cn', meaning: "this deployment's data centre (eu, cn, in)" },
  {
    name: 'DATA_CENTER_URLS',
    default: 'every data centre → `PUBLIC_URL`',
    meaning:
      "origin of each data centre, `eu=https://eu.example.com,cn=…`; login returns the user's one as `host`",
  },
  {
    name: 'DEMO',
    default: '1 under `npm start` / `npm run dev`, else 0',
    meaning: 'seed the demo account (demo@hmi.local / Demo@2026) and run 3 simulated HMIs bound to it',
  },
  {
    name: 'WEBHOOK_TARGETS',
    default: 'public',
    meaning:
      'addresses alarm webhooks may reach: `public` (https only, no loopback, private, link-local or reserved address, checked at every delivery) or `loopback` (dev and tests: also loopback, over http too)',
  },
  {
    name: 'TRUST_PROXY',
    default: 'unset: none',
    meaning:
      'reverse proxies whose `X-Forwarded-For` gives the client address (security-zone networks, login limits): `true` (any peer) or addresses/CIDRs `10.0.0.1,10.1.0.0/16`',
  },
  {
    name: 'BILLING',
    default: 'on',
    meaning:
      '`off` for deployments that sell no cards: no TAG, template or traffic limits, billing menu hidden',
  },
  {
    name: 'INTERNAL_METRICS',
    default: '0',
    meaning:
      '1: `GET /internal/metrics` answers peers on this host (memory, event-loop delay) for the soak and abuse runs; 404 otherwise',
  },
  { name: 'LOG_LEVEL', default: 'info', meaning: 'fatal, error, warn, info, debug, trace or silent' },
  { name: 'ACCESS_TOKEN_TTL', default: '7200', meaning: 'access-token lifetime in seconds' },
  { name: 'REFRESH_TOKEN_TTL', default: '2592000 (30 days)', meaning: 'refresh-token lifetime in seconds' },
  {
    name: 'TOKEN_SECRET',
    default: 'generated once into `DATA_DIR/secrets.json` (mode 0600)',
    meaning: 'HMAC key of access tokens (≥ 32 characters); set the same value on every instance',
  },
  { name: 'WEB_DIST', default: '`apps/web/dist`', meaning: 'built web app served at `/`' },
  {
    name: 'ROLE',
    default: 'all',
    meaning:
      '`all`: one process serves everything; `central`: the central account service; `region`: the deployment of `DATA_CENTER`, checking logins with the centre',
  },
  {
    name: 'CENTRAL_URL',
    default: 'unset (required with `ROLE=region`)',
    meaning: "origin of the central account service as the region's server reaches it",
  },
  {
    name: 'CENTRAL_SECRET',
    default: 'unset (required with `ROLE=central` and `ROLE=region`)',
    meaning: 'shared key (≥ 32 characters) signing the calls between the centre and the regions',
  },
  {
    name: 'REGION_URLS',
    default: '`DATA_CENTER_URLS` (read with `ROLE=central` only)',
    meaning:
      "each region's origin as the centre's server reaches it, `eu=http://10.0.1.5:8080,…`, for the calls the centre makes to a region (removal)",
  },
] as const;

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

export interface Config extends RoleConfig {
  port: number;
  dataDir: string;
  /** null: SQLite file in dataDir. */
  databaseUrl: string | null;
  mqttUrl: string | null;
  mqttPort: number;
  /** MQTT_PORT was given: a taken port stops start-up. Unset, the embedded broker takes a free one. */
  mqttPortSet: boolean;
  /** Largest MQTT packet (remaining length) the embedded broker accepts. */
  mqttMaxPacket: number;
  /** Values a second per device (0: unlimited). */
  mqttDeviceRate: number;
  historyRetentionDays: number;
  auditRetentionDays: number;
  commandTimeoutSeconds: number;
  redisUrl: string | null;
  /** Channel prefix of this deployment on Redis. */
  redisPrefix: string;
  smtpUrl: string | null;
  mailFrom: string;
  publicUrl: string;
  /**
   * PUBLIC_URL was given. Unset, the browser is answered the origin it opened the console on (login's
   * `host`, data-centre hosts) wherever `publicUrl` would be, so 127.0.0.1 stays 127.0.0.1.
   */
  publicUrlSet: boolean;
  /** This instance's origin for device VNC tunnels. */
  relayUrl: string;
  dataCenter: DataCenter;
  dataCenterUrls: Record<DataCenter, string>;
  demo: boolean;
  /** Which addresses alarm webhooks may reach (modules/notify-channels/target.ts). */
  webhookTargets: 'public' | 'loopback';
  /** BILLING=on: cards fill the limits; off: no limits. */
  billing: boolean;
  /** INTERNAL_METRICS=1: memory and event-loop delay at /internal/metrics, for loopback peers. */
  internalMetrics: boolean;
  logLevel: LogLevel;
  /** Fastify's trustProxy: which peers may tell the client address in X-Forwarded-For. */
  trustProxy: boolean | string[];
  accessTokenTtl: number;
  refreshTokenTtl: number;
  /**
   * Seconds after its rotation in which a refresh token presented again gets a new pair of its family
   * instead of ending it: tabs sharing one stored session that refresh at once, a reload that lost
   * the answer. Later reuse revokes the family.
   */
  refreshReuseGrace: number;
  /** null: generated and kept in DATA_DIR/secrets.json (see ensureTokenSecret). */
  tokenSecret: string | null;
  webDist: string;
}

export { ConfigError } from './config-values';

/** The repository root: the nearest folder above this file whose package.json has workspaces. */
export function findRepoRoot(from: string = dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) {
      try {
        const parsed: unknown = JSON.parse(readFileSync(pkg, 'utf8'));
        if (typeof parsed === 'object' && parsed !== null && 'workspaces' in parsed) return dir;
      } catch {
        // not a readable package.json; keep looking
      }
    }
    const parent = dirname(dir);
    if (parent === dir) return resolve(from, '../../../..');
    dir = parent;
  }
}

function trustProxy(env: Env): boolean | string[] {
  const v = str(env, 'TRUST_PROXY');
  if (v === null || v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  const list = v.split(',').map((s) => s.trim());
  const bad = list.find(
    (a) => checkCidr(a.includes('/') ? a : `${a}/${a.includes(':') ? 128 : 32}`) !== null,
  );
  if (bad !== undefined)
    throw new ConfigError('TRUST_PROXY', `must be true or addresses/CIDRs, got "${bad}"`);
  return list;
}

/** Parses and checks the configuration; pure (no file system access). */
export function loadConfig(env: Env, repoRoot: string = findRepoRoot()): Config {
  const port = int(env, 'PORT', 8080, 0, 65535);
  const dataDirRaw = str(env, 'DATA_DIR');
  const dataDir = dataDirRaw === null ? join(repoRoot, 'data') : resolve(dataDirRaw);
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const publicUrl = origin('PUBLIC_URL', str(env, 'PUBLIC_URL') ?? `http://localhost:${port}`);
  const relayUrl = origin('RELAY_URL', str(env, 'RELAY_URL') ?? publicUrl);

  const dc = str(env, 'DATA_CENTER') ?? 'cn';
  if (!isDataCenter(dc))
    throw new ConfigError('DATA_CENTER', `must be one of ${dataCenters.join(', ')}, got "${dc}"`);

  const dcUrls = str(env, 'DATA_CENTER_URLS');
  const everyHere = { eu: publicUrl, cn: publicUrl, in: publicUrl } satisfies Record<DataCenter, string>;
  const dataCenterUrls =
    dcUrls === null ? everyHere : dataCenterOrigins('DATA_CENTER_URLS', dcUrls, everyHere);

  const demoRaw = str(env, 'DEMO');
  let demo: boolean;
  if (demoRaw === null) demo = env.npm_lifecycle_event === 'start' || env.npm_lifecycle_event === 'dev';
  else if (demoRaw === '1' || demoRaw === 'true') demo = true;
  else if (demoRaw === '0' || demoRaw === 'false') demo = false;
  else throw new ConfigError('DEMO', `must be 0 or 1, got "${demoRaw}"`);

  const billingRaw = str(env, 'BILLING') ?? 'on';
  if (billingRaw !== 'on' && billingRaw !== 'off')
    throw new ConfigError('BILLING', `must be on or off, got "${billingRaw}"`);

  const webhookTargets = str(env, 'WEBHOOK_TARGETS') ?? 'public';
  if (webhookTargets !== 'public' && webhookTargets !== 'loopback')
    throw new ConfigError('WEBHOOK_TARGETS', `must be public or loopback, got "${webhookTargets}"`);

  const metricsRaw = str(env, 'INTERNAL_METRICS') ?? '0';
  if (metricsRaw !== '0' && metricsRaw !== '1')
    throw new ConfigError('INTERNAL_METRICS', `must be 0 or 1, got "${metricsRaw}"`);

  const logLevel = str(env, 'LOG_LEVEL') ?? 'info';
  if (!(logLevels as readonly string[]).includes(logLevel))
    throw new ConfigError('LOG_LEVEL', `must be one of ${logLevels.join(', ')}, got "${logLevel}"`);

  const tokenSecret = str(env, 'TOKEN_SECRET');
  if (tokenSecret !== null && tokenSecret.length < 32)
    throw new ConfigError('TOKEN_SECRET', 'must be at least 32 characters long');

  const redisPrefix = str(env, 'REDIS_PREFIX') ?? `hmi:${dc}`;
  if (!/^[\w.:-]{1,64}$/.test(redisPrefix))
    throw new ConfigError(
      'REDIS_PREFIX',
      `must be 1-64 letters, digits, ".", ":", "_" or "-", got "${redisPrefix}"`,
    );

  const webDistRaw = str(env, 'WEB_DIST');
  const roleConfig = loadRoleConfig(env, { dataCenterUrls: dcUrls === null ? null : dataCenterUrls });

  return {
    port,
    dataDir,
    databaseUrl,
    mqttUrl: url(env, 'MQTT_URL', ['mqtt:', 'mqtts:', 'ws:', 'wss:', 'tcp:']),
    mqttPort: int(env, 'MQTT_PORT', 1883, 0, 65535),
    mqttPortSet: str(env, 'MQTT_PORT') !== null,
    // At least a full batch (the payload limit); at most what MQTT's remaining length can say.
    mqttMaxPacket: int(env, 'MQTT_MAX_PACKET', MQTT_MAX_PACKET_DEFAULT, PAYLOAD_BYTES_MAX, 268_435_455),
    mqttDeviceRate: int(env, 'MQTT_DEVICE_RATE', 10_000, 0, 100_000_000),
    historyRetentionDays: int(env, 'HISTORY_RETENTION_DAYS', 90, 1, 3650),
    auditRetentionDays: int(env, 'AUDIT_RETENTION_DAYS', 365, 1, 3650),
    commandTimeoutSeconds: int(env, 'COMMAND_TIMEOUT_SECONDS', 15, 1, 3600),
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']),
    redisPrefix,
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: str(env, 'MAIL_FROM') ?? 'HMI Cloud <no-reply@hmi.local>',
    publicUrl,
    publicUrlSet: str(env, 'PUBLIC_URL') !== null,
    relayUrl,
    dataCenter: dc,
    dataCenterUrls,
    demo,
    webhookTargets,
    billing: billingRaw === 'on',
    internalMetrics: metricsRaw === '1',
    logLevel: logLevel as LogLevel,
    trustProxy: trustProxy(env),
    accessTokenTtl: int(env, 'ACCESS_TOKEN_TTL', 7200, 60, 86400 * 7),
    refreshTokenTtl: int(env, 'REFRESH_TOKEN_TTL', 30 * 86400, 300, 86400 * 365),
    refreshReuseGrace: int(env, 'REFRESH_REUSE_GRACE', 30, 0, 300),
    tokenSecret,
    webDist: webDistRaw === null ? join(repoRoot, 'apps/web/dist') : resolve(webDistRaw),
    ...roleConfig,
  };
}

/** TOKEN_SECRET, or the one kept in DATA_DIR/secrets.json (generated on first use, mode 0600). */
export function ensureTokenSecret(config: Pick<Config, 'tokenSecret' | 'dataDir'>): string {
  if (config.tokenSecret !== null) return config.tokenSecret;
  const file = join(config.dataDir, 'secrets.json');
  if (existsSync(file)) {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'tokenSecret' in parsed &&
      typeof parsed.tokenSecret === 'string' &&
      parsed.tokenSecret.length >= 32
    )
      return parsed.tokenSecret;
    throw new ConfigError('TOKEN_SECRET', `is unset and ${file} holds no usable tokenSecret`);
  }
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    writeFileSync(file, JSON.stringify({ tokenSecret: secret }, null, 2) + '\n', { mode: 0o600, flag: 'wx' });
  } catch (err) {
    // Another process created it first: use theirs.
    if (err instanceof Error && 'code' in err && err.code === 'EEXIST') return ensureTokenSecret(config);
    throw err;
  }
  chmodSync(file, 0o600);
  return secret;
}
