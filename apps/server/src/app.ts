import { randomUUID } from 'node:crypto';
import { allCalls } from '@hmi/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { type AccountDeps, installAccounts } from './modules/account';
import { centreClientFor, regionNoticesFor, serveSignedRole } from './modules/central';
import { installAlarmRules } from './modules/alarm-rules';
import { installAlarms } from './modules/alarms';
import { installNotifyChannels } from './modules/notify-channels';
import { installAlarmKpi } from './modules/alarm-kpi';
import { installDashboard } from './modules/dashboard';
import { installDataPermissions } from './modules/data-permissions';
import { installDemo, type Demo } from './modules/demo';
import { installDevices } from './modules/devices';
import { installGroups } from './modules/groups';
import { installLabels } from './modules/labels';
import { installMessages } from './modules/message';
import { installProjects } from './modules/projects';
import { installScreens } from './modules/screens';
import { installRoles } from './modules/roles';
import { installTeam } from './modules/team';
import { installTemplates } from './modules/templates';
import { installZones } from './modules/zones';
import { installAudit } from './modules/audit';
import { installConnectivity } from './modules/connectivity';
import { installLive, type LiveDeps } from './modules/live';
import { installBilling } from './modules/billing';
import { installRemote, type RemoteDeps } from './modules/remote';
import { installPassthrough, type PassthroughDeps } from './modules/passthrough';
import { Bus } from './platform/bus';
import { RedisBus } from './platform/redis-bus';
import { systemClock, type Clock } from './platform/clock';
import { ensureTokenSecret, type Config } from './platform/config';
import { migrate, openDatabase, type Db } from './platform/db';
import { installCompression } from './platform/http/compress';
import { installCors } from './platform/http/cors';
import { installSecurityHeaders } from './platform/http/security-headers';
import { installRequestContext } from './platform/http/request-context';
import { installWebApp } from './platform/http/static';
import { frameworkErrors, installErrorHandling } from './platform/http/errors';
import { installInternalMetrics } from './platform/http/metrics';
import { buildOpenApi } from './platform/http/openapi';
import type { InstallContext } from './platform/install';
import { OutboxMailer, SmtpMailer, type Mailer } from './platform/mail';
import { OutboxSms, type SmsSender } from './platform/sms';

declare module 'fastify' {
  interface FastifyInstance {
    database: Db;
    /** DEMO=1: the demo account (null otherwise). */
    demo: Demo['seed'];
    /** DEMO=1: the demo HMIs' device ids and simulators (null otherwise). */
    demoHmis: Demo['hmis'];
  }
}

export interface AppDeps {
  clock?: Clock;
  mailer?: Mailer;
  sms?: SmsSender;
  /** Test knobs of the live websocket hub. */
  hub?: LiveDeps['hub'];
  /** Test knobs of the remote view relay. */
  relay?: RemoteDeps['relay'];
  /** Test knobs of the pass-through relay. */
  passthrough?: PassthroughDeps['relay'];
  /** Test knob: how a login checks a password (tests count the checks). */
  verifyPassword?: AccountDeps['verifyPassword'];
}

/** Fields never written to logs. */
export const redactedLogPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.passwd',
  '*.password',
  '*.old_passwd',
  '*.confirm',
  '*.token',
  '*.refresh_token',
  '*.authorization',
];

/** Builds the whole server (database migrated, routes registered) without listening. */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: redactedLogPaths, censor: '[redacted]' },
    },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    return503OnClosing: true,
    trustProxy: config.trustProxy,
  });
  // Callback style: an async hook costs a promise on every answer.
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('x-request-id', req.id);
    done(null, payload);
  });

  installErrorHandling(app);
  installCors(app, config);
  installSecurityHeaders(app, config);
  installRequestContext(app);
  installCompression(app);

  const clock = deps.clock ?? systemClock;
  const tokenSecret = ensureTokenSecret(config);
  const database = openDatabase(config);
  app.decorate('database', database);
  const mailer: Mailer =
    deps.mailer ??
    (config.smtpUrl
      ? new SmtpMailer(config.smtpUrl, config.mailFrom)
      : new OutboxMailer(config.dataDir, app.log));
  const sms = deps.sms ?? new OutboxSms(config.dataDir, app.log);
  const beforeDbClose: (() => Promise<void>)[] = [];
  app.addHook('onClose', async () => {
    mailer.close?.();
    for (const fn of beforeDbClose) await fn().catch((err: unknown) => app.log.error({ err }, 'close'));
    await database.close();
  });

  try {
    const applied = await migrate(database);
    app.log.info({ database: database.description, applied }, 'database ready');
  } catch (err) {
    await database.close();
    throw err;
  }

  // Created before the services that emit on it (accounts, messages, team, registry).
  // The one place that chooses the bus: in-process, or Redis between instances (REDIS_URL).
  const bus = config.redisUrl
    ? await RedisBus.connect({ url: config.redisUrl, prefix: config.redisPrefix, log: app.log })
    : new Bus();
  // ROLE=region: logins, passwords and the directory of accounts are the central service's.
  const centre = centreClientFor(config, clock, app.log) ?? undefined;
  // ROLE=central: an account removed at the centre is told to its region.
  const regions =
    regionNoticesFor(config, {
      db: database.db,
      clock,
      log: app.log,
      onShutdown: (fn) => beforeDbClose.push(fn),
    }) ?? undefined;
  const installed = installAccounts(
    { db: database.db, clock, bus },
    { app, config, tokenSecret, mailer, sms, verifyPassword: deps.verifyPassword, centre, regions },
  );
  const { accounts, membership, registerCall, seedDemo, useTemplateAllowance } = installed;
  serveSignedRole(app, config, { clock, ...installed });
  // What every role serves last: metrics, the OpenAPI document of its calls, the web app.
  const finish = async (openapi: ReturnType<typeof buildOpenApi>) => {
    installInternalMetrics(app, config);
    app.get('/v1/openapi.json', async () => openapi);
    await installWebApp(app, config.webDist);
  };
  // ROLE=central serves identity, the directory, registration, activation, recovery, password change
  // and removal only: no business call, socket, broker or job runs there.
  if (config.role === 'central') {
    await finish(buildOpenApi(app.callTable, config.publicUrl));
    // Last to close, as below.
    beforeDbClose.push(() => bus.close());
    return app;
  }
  const ctx: InstallContext = { db: database.db, registerCall, clock, bus };
  // Listens before any module can announce an action (every announcement comes from a request or a job).
  app.decorate(
    'audit',
    installAudit(ctx, {
      retentionDays: config.auditRetentionDays,
      log: app.log,
      onShutdown: (fn) => beforeDbClose.push(fn),
    }),
  );
  const messages = installMessages(ctx);
  const perms = installDataPermissions(ctx);
  const billing = installBilling(ctx, {
    app,
    config,
    perms,
    messages,
    onShutdown: (fn) => beforeDbClose.push(fn),
  });
  useTemplateAllowance((teamId) => billing.templateAllowance(teamId));
  installGroups(ctx, { perms });
  const labels = installLabels(ctx, { perms });
  const templates = installTemplates(ctx, {
    perms,
    billing,
    hooks: installAlarmRules(ctx, { perms, billing }),
  });
  const devices = installDevices(ctx, { perms, templates, labels, billing });
  const projects = installProjects(ctx, { perms, devices, billing });
  const screens = installScreens(ctx, { perms, templates, devices, projects });
  installDashboard(ctx, { perms });
  installAlarmKpi(ctx, { perms });
  const { zones, guard: zoneGuard } = installZones(ctx, { perms, devices });
  installTeam(ctx, {
    roles: installRoles(ctx, { zones }),
    messages,
    membership,
    perms,
    devices,
    billing,
    directory: centre ? installed.regionAccounts : undefined,
  });
  const connectivity = await installConnectivity(ctx, {
    app,
    config,
    database,
    perms,
    devices,
    onShutdown: (fn) => beforeDbClose.push(fn),
    mayOperate: (check) => zoneGuard.assertMayOperateDevice(check),
    historyPolicy: billing.enabled ? (deviceId) => billing.historyPolicy(deviceId) : undefined,
  });
  await installLive(ctx, {
    app,
    config,
    authenticate: (token) => accounts.authenticate(`Bearer ${token}`),
    devices: connectivity.ingest.reads,
    onShutdown: (fn) => beforeDbClose.push(fn),
    hub: deps.hub,
  });
  const channels = installNotifyChannels(ctx, {
    targets: config.webhookTargets,
    log: app.log,
    onShutdown: (fn) => beforeDbClose.push(fn),
  });
  const alarms = await installAlarms(ctx, {
    app,
    mailer,
    sms,
    channels,
    perms,
    messages,
    ingest: connectivity.ingest,
    onShutdown: (fn) => beforeDbClose.push(fn),
  });

  const { ingest } = connectivity;
  const remotePorts: RemoteDeps['ports'] = {
    visibleDevice: (user, id) => ingest.reads.visible(user, id),
    mayOperate: (check) => zoneGuard.assertMayOperateDevice(check),
    isPresent: (sn) => ingest.isPresent(sn),
    mayUseTraffic: (id) => billing.mayUseTraffic(id),
    remaining: (id) => billing.remaining(id),
  };
  installRemote(ctx, {
    app,
    config,
    ports: remotePorts,
    authenticate: (token) => accounts.authenticate(`Bearer ${token}`),
    sessionLive: (userId, familyId) => accounts.sessionLive(userId, familyId),
    sendVnc: (user, device, open) => ingest.commands.vnc(user, device, open),
    hold: (id) => billing.hold(id),
    onShutdown: (fn) => beforeDbClose.push(fn),
    relay: deps.relay,
  });
  installPassthrough(ctx, {
    app,
    config,
    ports: remotePorts,
    authenticate: (token) => accounts.authenticate(`Bearer ${token}`),
    sessionLive: (userId, familyId) => accounts.sessionLive(userId, familyId),
    send: (user, device, open) => ingest.commands.passthrough(user, device, open),
    hold: (id) => billing.hold(id),
    onShutdown: (fn) => beforeDbClose.push(fn),
    relay: deps.passthrough,
  });

  await finish(buildOpenApi(allCalls, `${config.publicUrl}`));

  const demo = await installDemo(ctx, {
    config,
    database,
    log: app.log,
    onReady: (fn) => app.addHook('onReady', fn),
    // preClose: the simulators say offline while the broker still runs (it closes in onClose).
    onClosing: (fn) => app.addHook('preClose', fn),
    devices,
    templates,
    projects,
    screens,
    brokerPort: () => connectivity.broker.port,
    offlineAlarm: (owner, templateId, settings) => alarms.operations.putSettings(owner, templateId, settings),
    seedAccount: seedDemo,
    seedBilling: (owner, deviceId) => billing.seedDemo(owner, deviceId),
  });
  // For the start-up banner (main.ts) and tests; modules get the demo through nothing.
  app.decorate('demo', demo.seed);
  app.decorate('demoHmis', demo.hmis);

  // Last to close: whatever the modules emit while they shut down still reaches the other instances.
  beforeDbClose.push(() => bus.close());
  return app;
}
