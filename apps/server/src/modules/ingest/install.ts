import websocket from '@fastify/websocket';
import { WS_CLOSE_ORIGIN, WS_PATH } from '@hmi/contract';
import type { FastifyInstance } from 'fastify';
import type { Bus } from '../../platform/bus';
import type { Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import { ConfigError } from '../../platform/config';
import type { Db } from '../../platform/db';
import { allowedOrigins } from '../../platform/http/cors';
import type { RegisterCall } from '../../platform/http/register-call';
import type { SessionUser } from '../../platform/http/session';
import { BrokerPortError, type DeviceBroker } from '../../platform/mqtt/broker';
import { checkDeviceCredentials } from '../../platform/mqtt/credentials';
import { EmbeddedBroker } from '../../platform/mqtt/embedded';
import { ExternalBroker } from '../../platform/mqtt/external';
import { WsHub, type HubOptions } from '../../platform/websocket/hub';
import type { DataPermissionService } from '../data-permissions/service';
import type { DeviceRepo } from '../devices/repo';
import { IngestRepo } from './repo';
import { ingestRoutes } from './routes';
import { IngestService, type OperateGuard } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    connectivity: { ingest: IngestService; broker: DeviceBroker; hub: WsHub; bus: Bus };
  }
}

export interface ConnectivityDeps {
  config: Config;
  database: Db;
  clock: Clock;
  bus: Bus;
  perms: DataPermissionService;
  devices: DeviceRepo;
  registerCall: RegisterCall;
  /** Runs `fn` on app close before the database closes. */
  onShutdown(fn: () => Promise<void>): void;
  authenticate(token: string): Promise<SessionUser>;
  mayOperate?: OperateGuard | undefined;
  /** Test knobs of the websocket hub. */
  hub?: Partial<Pick<HubOptions, 'highWaterBytes' | 'recheckMs' | 'authTimeoutMs'>>;
}

/** MQTT broker (embedded or external), ingest, device APIs and the live websocket. */
export async function installConnectivity(app: FastifyInstance, d: ConnectivityDeps): Promise<void> {
  const { config } = d;
  const broker: DeviceBroker = config.mqttUrl
    ? new ExternalBroker({ url: config.mqttUrl, log: app.log, hardware: d.database.db })
    : new EmbeddedBroker({
        port: config.mqttPort,
        authenticate: (u, p) => checkDeviceCredentials(d.database.db, u, p),
        log: app.log,
      });
  const ingest = new IngestService({
    repo: new IngestRepo(d.database.db, d.database.dialect),
    devices: d.devices,
    perms: d.perms,
    broker,
    bus: d.bus,
    clock: d.clock,
    log: app.log,
    commandTimeoutMs: config.commandTimeoutSeconds * 1000,
    historyRetentionDays: config.historyRetentionDays,
    mayOperate: d.mayOperate,
  });
  try {
    await ingest.start();
  } catch (err) {
    if (err instanceof BrokerPortError)
      throw new ConfigError('MQTT_PORT', err.message.replace(/^MQTT_PORT /, ''));
    throw err;
  }
  ingestRoutes(d.registerCall, ingest);

  const hub = new WsHub({
    authenticate: d.authenticate,
    visibleIds: (user, ids) => ingest.visibleIds(user, ids),
    snapshot: (deviceIds) => ingest.snapshot(deviceIds),
    bus: d.bus,
    log: app.log,
    ...d.hub,
  });
  const origins = allowedOrigins(config);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  app.register(async (scope) => {
    scope.get(WS_PATH, { websocket: true }, (socket, req) => {
      const origin = req.headers.origin;
      // Browsers always send Origin; other clients (agents, tools) have none and still need a token.
      if (origin !== undefined && !origins.has(origin)) {
        socket.close(WS_CLOSE_ORIGIN, 'origin not allowed');
        return;
      }
      hub.accept(socket);
    });
  });
  // A logout or account removal ends that session's sockets now rather than at the next check.
  app.addHook('onResponse', async (req) => {
    if (req.url.startsWith('/v1/global/logout') || req.url.startsWith('/v1/global/removal'))
      void hub.recheck();
  });
  d.onShutdown(async () => {
    hub.close();
    await ingest.close();
  });
  app.decorate('connectivity', { ingest, broker, hub, bus: d.bus });
}
