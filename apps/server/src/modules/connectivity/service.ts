import type { WsDeviceEvent } from '@hmi/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../platform/bus';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import type { DeviceBroker } from '../../platform/mqtt/broker';
import type { DataPermissionService } from '../data-permissions';
import { DeviceCommands, type OperateGuard } from './commands';
import { IngestCounters } from './counters';
import { DeviceCache } from './device-cache';
import { DeviceStateTracker } from './device-state';
import { HistoryFilter, type HistoryPolicySource } from './history-policy';
import { FairIngest } from './fair-ingest';
import { FieldReports } from './field-reports';
import { IngestPipeline, type StoredBatch } from './pipeline';
import { FieldStore } from './repo/field-store';
import { DeviceReads, type DeviceDirectory } from './reads';
import { CommandStore } from './repo/command-store';
import { HistoryStore } from './repo/history-store';
import { StateStore } from './repo/state-store';
import { WritePath } from './repo/write-path';

export interface ConnectivityOptions {
  database: Db;
  devices: DeviceDirectory;
  perms: DataPermissionService;
  broker: DeviceBroker;
  bus: Bus;
  clock: Clock;
  log: FastifyBaseLogger;
  commandTimeoutMs: number;
  historyRetentionDays: number;
  /** Zone guard of writes; absent: no zone restriction. */
  mayOperate?: OperateGuard | undefined;
  /** Values a second one device may send (MQTT_DEVICE_RATE; 0: unlimited). */
  deviceRate: number;
  /** Billing's history policy per device; absent: history of every sample (BILLING=off). */
  historyPolicy?: HistoryPolicySource | undefined;
}

/**
 * Staged samples wait at most about this long to be filed: long enough for a slow TAG's chunk to hold
 * more than a sample or two, short enough for readers to decode few staged rows.
 */
const FILE_EVERY_MS = 60_000;

/**
 * Device connectivity: ingests tags batches (pipeline.ts), tracks online and sync state
 * (device-state.ts), sends commands and follows their acks (commands.ts), serves latest values,
 * history and live snapshots (reads.ts); here its life cycle: bus and broker wiring, housekeeping.
 */
export class ConnectivityService {
  readonly reads: DeviceReads;
  readonly commands: DeviceCommands;
  private readonly pipeline: IngestPipeline;
  private readonly fair: FairIngest;
  private readonly state: DeviceStateTracker;
  private readonly cache: DeviceCache;
  private readonly history: HistoryStore;
  private readonly states: StateStore;
  private readonly intervals: NodeJS.Timeout[] = [];
  private readonly unsubscribe: (() => void)[] = [];

  constructor(private readonly o: ConnectivityOptions) {
    const { db, dialect } = o.database;
    const emit = (teamId: number, event: WsDeviceEvent) => {
      o.bus.emit('live', { teamId, event });
      // The facts other modules act on also go out as domain events, so none of them has to read
      // the browsers' channel (the remote relay ends a device's sessions on them).
      if (event.type === 'online' && event.online === 0)
        o.bus.emit('deviceOffline', { deviceId: event.device_id, teamId });
      if (event.type === 'command' && event.status === 'failed')
        o.bus.emit('commandFailed', {
          deviceId: event.device_id,
          teamId,
          commandId: event.command_id,
          error: event.error,
        });
    };
    const counters = new IngestCounters(o.clock, o.log);
    this.states = new StateStore(db);
    const historyFilter = o.historyPolicy ? new HistoryFilter(o.historyPolicy) : undefined;
    this.history = new HistoryStore(db, dialect, historyFilter && ((id) => historyFilter.periodMs(id)));
    this.cache = new DeviceCache(this.states);
    const field = new FieldReports({
      store: new FieldStore(db),
      cache: this.cache,
      counters,
      clock: o.clock,
      log: o.log,
    });
    this.state = new DeviceStateTracker({
      store: this.states,
      cache: this.cache,
      counters,
      clock: o.clock,
      emit,
      field,
    });
    const memoryValues = (deviceId: number) => this.pipeline.memoryValues(deviceId);
    this.reads = new DeviceReads({
      store: this.states,
      history: this.history,
      devices: o.devices,
      perms: o.perms,
      counters,
      memoryValues,
      field,
    });
    this.commands = new DeviceCommands({
      commands: new CommandStore(db),
      store: this.states,
      cache: this.cache,
      state: this.state,
      reads: this.reads,
      counters,
      broker: o.broker,
      clock: o.clock,
      log: o.log,
      emit,
      commandTimeoutMs: o.commandTimeoutMs,
      mayOperate: o.mayOperate,
      bus: o.bus,
    });
    this.fair = new FairIngest({ ratePerSecond: o.deviceRate, counters, log: o.log });
    this.pipeline = new IngestPipeline({
      writes: new WritePath(db, dialect),
      history: this.history,
      cache: this.cache,
      counters,
      state: this.state,
      commands: this.commands,
      field,
      broker: o.broker,
      clock: o.clock,
      log: o.log,
      emit,
      historyFilter,
    });
  }

  /** Calls `listener` with every batch after its commit (alarm evaluation); returns the remover. */
  /** The device holds a broker connection right now (its stored online flag may lag behind). */
  isPresent(sn: string): boolean {
    return this.state.isPresent(sn);
  }

  onStored(listener: (batch: StoredBatch) => void): () => void {
    return this.pipeline.onStored(listener);
  }

  /**
   * Files staged history into chunks: what this instance staged so far, or with `Infinity`
   * everything staged (by anyone).
   */
  fileHistory(samples?: number): Promise<void> {
    return this.pipeline.fileHistory(samples);
  }

  // life cycle

  async start(): Promise<void> {
    const { bus, broker } = this.o;
    this.unsubscribe.push(
      bus.on('deviceBound', ({ sn }) => {
        this.cache.forget(sn);
        if (this.state.isPresent(sn))
          void this.state.onlineChange(sn, true).catch((err: unknown) => this.logError(err));
      }),
      // Every instance forgets the device; only the one that unbound it kicks it off the (shared)
      // broker and tells browsers, once for the deployment.
      bus.on('deviceUnbound', ({ sn }, { local }) => {
        this.cache.forget(sn);
        if (local) void broker.drop(sn);
      }),
      bus.on('deviceTemplateChanged', ({ sn }, { local }) => {
        this.cache.forget(sn);
        if (local) void this.state.pushSync(sn).catch((err: unknown) => this.logError(err));
      }),
      // May come from the operator's CLI (no instance is local to it): each instance acts.
      bus.on('hardwareRevoked', ({ sn }) => void broker.revoke(sn)),
    );
    await broker.start({
      message: (sn, kind, payload, qos) =>
        this.fair.admit(sn, kind, qos, () => this.pipeline.onMessage(sn, kind, payload)),
      presence: (sn, connected) => {
        if (!connected) this.fair.forget(sn);
        void this.state.presence(sn, connected).catch((err: unknown) => this.logError(err));
      },
    });
    await this.housekeeping();
    const every = (ms: number, fn: () => Promise<void>) => {
      const t = setInterval(() => void fn().catch((err: unknown) => this.logError(err)), ms);
      t.unref();
      this.intervals.push(t);
    };
    every(60 * 60 * 1000, () => this.housekeeping());
    every(FILE_EVERY_MS, () => (this.pipeline.hasStaged ? this.pipeline.fileHistory() : Promise.resolve()));
    every(30 * 1000, () => this.dropRevoked());
  }

  async close(): Promise<void> {
    for (const u of this.unsubscribe) u();
    for (const t of this.intervals) clearInterval(t);
    this.commands.close();
    await this.o.broker.close();
    await this.pipeline.drain();
  }

  private logError(err: unknown): void {
    this.o.log.error({ err }, 'connectivity');
  }

  /** Retention of history and commands, and commands left pending by a stopped instance. */
  async housekeeping(): Promise<void> {
    // Staged samples left by a stopped process (or another instance) are filed before retention.
    if (await this.history.hasStaged()) await this.pipeline.fileHistory(Infinity);
    const now = this.o.clock.now();
    const pruned = await this.history.pruneHistory(now - this.o.historyRetentionDays * 86_400_000);
    if (pruned) this.o.log.info({ pruned }, 'history pruned');
    await this.commands.housekeeping(now);
  }

  /** Hardware revoked by another process (admin CLI): drop its connection. */
  async dropRevoked(): Promise<void> {
    for (const sn of await this.states.isRevoked(this.o.broker.connected())) await this.o.broker.drop(sn);
  }
}
