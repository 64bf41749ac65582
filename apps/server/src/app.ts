import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { allCalls } from '@hmi/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { seedDemo, type DemoSeed } from './modules/account/demo';
import { installDemoHmis } from './modules/demo/hmis';
import { AccountRepo } from './modules/account/repo';
import { accountRoutes } from './modules/account/routes';
import { AccountService } from './modules/account/service';
import { DashboardService } from './modules/dashboard/service';
import { dashboardRoutes } from './modules/dashboard/routes';
import { DataPermissionRepo } from './modules/data-permissions/repo';
import { dataPermissionRoutes } from './modules/data-permissions/routes';
import { DataPermissionService } from './modules/data-permissions/service';
import { DeviceRepo } from './modules/devices/repo';
import { deviceRoutes } from './modules/devices/routes';
import { DeviceService } from './modules/devices/service';
import { installConnectivity } from './modules/ingest/install';
import { installAlarmRules } from './modules/alarm-rules/install';
import { installAlarms } from './modules/alarms/install';
import { GroupRepo } from './modules/groups/repo';
import { groupRoutes } from './modules/groups/routes';
import { GroupService } from './modules/groups/service';
import { LabelRepo } from './modules/labels/repo';
import { labelRoutes } from './modules/labels/routes';
import { LabelService } from './modules/labels/service';
import { ProjectRepo } from './modules/projects/repo';
import { projectRoutes } from './modules/projects/routes';
import { ProjectService } from './modules/projects/service';
import { TemplateRepo } from './modules/templates/repo';
import { templateRoutes } from './modules/templates/routes';
import { TemplateService } from './modules/templates/service';
import { MessageRepo } from './modules/message/repo';
import { messageRoutes } from './modules/message/routes';
import { MessageService } from './modules/message/service';
import { RoleRepo } from './modules/roles/repo';
import { roleRoutes } from './modules/roles/routes';
import { RoleService } from './modules/roles/service';
import { TeamRepo } from './modules/team/repo';
import { teamRoutes } from './modules/team/routes';
import { TeamService } from './modules/team/service';
import { ZoneRepo } from './modules/zones/repo';
import { zoneRoutes } from './modules/zones/routes';
import { ZoneService } from './modules/zones/service';
import { ZoneGuard } from './modules/zones/enforce';
import { Bus } from './platform/bus';
import { RedisBus } from './platform/redis-bus';
import { systemClock, type Clock } from './platform/clock';
import { ensureTokenSecret, type Config } from './platform/config';
import { migrate, openDatabase, type Db } from './platform/db';
import { installCors } from './platform/http/cors';
import { installErrorHandling } from './platform/http/errors';
import { buildOpenApi } from './platform/http/openapi';
import { createRegistrar, type RegisterCall } from './platform/http/register-call';
import { OutboxMailer, SmtpMailer, type Mailer } from './platform/mail';
import { OutboxSms, type SmsSender } from './platform/sms';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when DEMO=1 seeded (or found) the demo account. */
    demo: DemoSeed | null;
    database: Db;
  }
}

export interface AppDeps {
  clock?: Clock;
  mailer?: Mailer;
  sms?: SmsSender;
  /** Test knobs of the live websocket hub. */
  hub?: Parameters<typeof installConnectivity>[1]['hub'];
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

/** The device registry: groups, labels, devices, templates, projects, dashboard, data permissions. */
function registerRegistry(registerCall: RegisterCall, db: Db['db'], clock: Clock, bus: Bus) {
  const perms = new DataPermissionService(new DataPermissionRepo(db));
  const devices = new DeviceRepo(db);
  const templates = new TemplateRepo(db);
  const labels = new LabelRepo(db);
  dataPermissionRoutes(registerCall, perms);
  groupRoutes(registerCall, new GroupService(new GroupRepo(db), perms, clock));
  labelRoutes(registerCall, new LabelService(labels, perms, clock));
  deviceRoutes(registerCall, new DeviceService(devices, templates, labels, perms, clock, bus));
  const alarmRuleHooks = installAlarmRules(registerCall, db, perms, clock, bus);
  templateRoutes(registerCall, new TemplateService(templates, perms, clock, alarmRuleHooks));
  projectRoutes(registerCall, new ProjectService(new ProjectRepo(db), devices, perms, clock));
  dashboardRoutes(registerCall, new DashboardService(devices, perms));
  registerTeam(registerCall, db, clock, devices, perms, bus);
  return { perms, devices };
}

/** Team and access: members and invitations, roles, security zones. */
function registerTeam(
  registerCall: RegisterCall,
  db: Db['db'],
  clock: Clock,
  devices: DeviceRepo,
  perms: DataPermissionService,
  bus: Bus,
): void {
  const roles = new RoleRepo(db);
  const zones = new ZoneRepo(db);
  teamRoutes(registerCall, new TeamService(new TeamRepo(db), roles, new MessageRepo(db), clock, bus));
  roleRoutes(registerCall, new RoleService(roles, zones, clock));
  zoneRoutes(registerCall, new ZoneService(zones, devices, perms, clock));
}

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
    return503OnClosing: true,
    trustProxy: config.trustProxy,
  });
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  installErrorHandling(app);
  installCors(app, config);

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

  const accounts = new AccountService({
    repo: new AccountRepo(database.db),
    config,
    tokenSecret,
    clock,
    mailer,
    sms,
    log: app.log,
  });
  const registerCall = createRegistrar(app, {
    authenticate: (req) => accounts.authenticate(req.headers.authorization),
    checkResponses: process.env.NODE_ENV === 'test',
  });
  accountRoutes(registerCall, accounts, config);
  // Created before the services that emit on it (messages, team, registry).
  // The one place that chooses the bus: in-process, or Redis between instances (REDIS_URL).
  const bus = config.redisUrl
    ? await RedisBus.connect({ url: config.redisUrl, prefix: config.redisPrefix, log: app.log })
    : new Bus();
  messageRoutes(registerCall, new MessageService(new MessageRepo(database.db), clock, bus));
  const registry = registerRegistry(registerCall, database.db, clock, bus);
  const zoneGuard = new ZoneGuard(database.db);
  await installConnectivity(app, {
    config,
    database,
    clock,
    bus,
    perms: registry.perms,
    devices: registry.devices,
    registerCall,
    onShutdown: (fn) => beforeDbClose.push(fn),
    authenticate: (token) => accounts.authenticate(`Bearer ${token}`),
    hub: deps.hub,
    mayOperate: (check) => zoneGuard.assertMayOperateDevice(check),
  });
  await installAlarms(app, {
    database,
    clock,
    bus,
    mailer,
    perms: registry.perms,
    ingest: app.connectivity.ingest,
    registerCall,
    onShutdown: (fn) => beforeDbClose.push(fn),
  });

  const openapi = buildOpenApi(allCalls, `${config.publicUrl}`);
  app.get('/v1/openapi.json', async () => openapi);

  if (existsSync(join(config.webDist, 'index.html'))) {
    await app.register(fastifyStatic, { root: config.webDist, prefix: '/' });
  } else {
    app.get('/', async (_req, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .send(
          `The web app is not built (${config.webDist} is missing). Run \`npm run build\`, then reload.\n`,
        ),
    );
  }

  app.decorate('demo', null);
  if (config.demo) app.demo = await seedDemo(accounts);
  // DEMO=1: three simulated HMIs bound to the demo team, live once the app is ready.
  if (config.demo) await installDemoHmis(app, { config, database, clock, bus, perms: registry.perms });
  else app.decorate('demoHmis', null);

  // Last to close: whatever the modules emit while they shut down still reaches the other instances.
  beforeDbClose.push(() => bus.close());
  return app;
}
