import type { FastifyInstance } from 'fastify';
import type { Bus } from '../../platform/bus';
import type { Config } from '../../platform/config';
import { ConfigError } from '../../platform/config';
import type { Db } from '../../platform/db';
import { BrokerPortError, type DeviceBroker } from '../../platform/mqtt/broker';
import { checkDeviceCredentials } from '../../platform/mqtt/credentials';
import { EmbeddedBroker } from '../../platform/mqtt/embedded';
import { ExternalBroker } from '../../platform/mqtt/external';
import type { InstallContext } from '../../platform/install';
import type { DataPermissionService } from '../data-permissions';
import type { OperateGuard } from './commands';
import type { HistoryPolicySource } from './history-policy';
import type { DeviceDirectory } from './reads';
import { connectivityRoutes } from './routes';
import { ConnectivityService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    connectivity: { ingest: ConnectivityService; broker: DeviceBroker; bus: Bus };
  }
}

/** What the app and the other modules use of connectivity: ingest (reads, commands) and the broker. */
export interface Connectivity {
  ingest: ConnectivityService;
  broker: DeviceBroker;
}

export interface ConnectivityDeps {
  /** The instance whose log it writes to (tests read the `connectivity` decoration). */
  app: FastifyInstance;
  config: Config;
  database: Db;
  perms: DataPermissionService;
  devices: DeviceDirectory;
  /** Runs `fn` on app close before the database closes. */
  onShutdown(fn: () => Promise<void>): void;
  mayOperate?: OperateGuard | undefined;
  /** Billing's history policy (absent with BILLING=off). */
  historyPolicy?: HistoryPolicySource | undefined;
}

/** MQTT broker (embedded or external), ingest and the device calls. */
export async function installConnectivity(ctx: InstallContext, d: ConnectivityDeps): Promise<Connectivity> {
  const { app, config } = d;
  const broker: DeviceBroker = config.mqttUrl
    ? new ExternalBroker({ url: config.mqttUrl, log: app.log, hardware: d.database.db })
    : new EmbeddedBroker({
        port: config.mqttPort,
        freePortIfTaken: !config.mqttPortSet,
        maxPacket: config.mqttMaxPacket,
        authenticate: (u, p) => checkDeviceCredentials(d.database.db, u, p),
        log: app.log,
      });
  const ingest = new ConnectivityService({
    database: d.database,
    devices: d.devices,
    perms: d.perms,
    broker,
    bus: ctx.bus,
    clock: ctx.clock,
    log: app.log,
    commandTimeoutMs: config.commandTimeoutSeconds * 1000,
    historyRetentionDays: config.historyRetentionDays,
    mayOperate: d.mayOperate,
    deviceRate: config.mqttDeviceRate,
    historyPolicy: d.historyPolicy,
  });
  try {
    await ingest.start();
  } catch (err) {
    if (err instanceof BrokerPortError)
      throw new ConfigError('MQTT_PORT', err.message.replace(/^MQTT_PORT /, ''));
    throw err;
  }
  connectivityRoutes(ctx.registerCall, ingest);
  d.onShutdown(() => ingest.close());
  app.decorate('connectivity', { ingest, broker, bus: ctx.bus });
  return { ingest, broker };
}
