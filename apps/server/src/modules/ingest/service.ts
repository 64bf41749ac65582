import { randomUUID } from 'node:crypto';
import {
  ackV1,
  numericValue,
  parsePayload,
  stateV1,
  tagsBatchV1,
  TagAccess,
  textToWire,
  topics,
  wireValueText,
  type Command,
  type DeviceCommand,
  type LiveTag,
  type TopicKind,
  type WireValue,
  type WsDeviceEvent,
  type WsTagValue,
} from '@hmi/contract';
import type { FastifyBaseLogger } from 'fastify';
import { epochSeconds, type Clock } from '../../platform/clock';
import type { Bus } from '../../platform/bus';
import { fail, failInput } from '../../platform/errors';
import type { SessionUser } from '../../platform/http/session';
import type { DeviceBroker } from '../../platform/mqtt/broker';
import type { DataPermissionService } from '../data-permissions/service';
import { canSeeDevice } from '../data-permissions/scope';
import type { DeviceRepo } from '../devices/repo';
import type { DeviceBySn, IngestRepo, PendingBatch, Sample, TagDef } from './repo';

/**
 * The zone check of TAG writes (team/roles/zones work): throws when the caller may not operate the
 * device from this address. Wired in app.ts when that module provides it.
 */
export type OperateGuard = (args: { user: SessionUser; deviceId: number; clientIp: string }) => Promise<void>;

export interface IngestOptions {
  repo: IngestRepo;
  devices: DeviceRepo;
  perms: DataPermissionService;
  broker: DeviceBroker;
  bus: Bus;
  clock: Clock;
  log: FastifyBaseLogger;
  commandTimeoutMs: number;
  historyRetentionDays: number;
  /** Zone guard of writes; absent: no zone restriction. */
  mayOperate?: OperateGuard | undefined;
}

/** A batch once committed: never a redelivery, never one whose transaction failed. */
export interface StoredBatch {
  device: DeviceBySn;
  samples: readonly Sample[];
}

export interface IngestStats {
  batches: number;
  values: number;
  duplicates: number;
  rejected: Record<string, number>;
  last_rejection: { reason: string; tag: string | null; at: number } | null;
}

interface CachedDevice {
  device: DeviceBySn | null;
  tags: Map<string, TagDef>;
  loadedAt: number;
}

interface QueuedBatch extends PendingBatch {
  device: DeviceBySn;
  resolve(stored: boolean): void;
  reject(err: unknown): void;
}

/** A command without its envelope fields (each variant on its own). */
type CommandBody = Command extends infer C ? (C extends Command ? Omit<C, 'id' | 'v'> : never) : never;

/** The sync state of a device: in sync when the HMI runs the version of its template. */
function syncEvent(device: {
  id: number;
  template_id: number | null;
  template_version: number | null;
  hmi_version: number | null;
}): Extract<WsDeviceEvent, { type: 'sync' }> {
  const cloud = device.template_id !== null ? device.template_version : null;
  return {
    type: 'sync',
    device_id: device.id,
    sync_status: cloud !== null && device.hmi_version === cloud ? 1 : 0,
    hmi_version: device.hmi_version,
    cloud_version: cloud,
  };
}

/** Registry rows are re-read after this long (template edits reach ingest within it). */
const DEVICE_CACHE_MS = 5000;
/** Most samples one transaction takes. */
const FLUSH_SAMPLES_MAX = 5000;
/** Staged history samples that make a flush file them into chunks (see migration 0010). */
const FILE_AFTER_SAMPLES = 20_000;
/** Staging rows one filing transaction takes (a row: one device's samples of one flush). */
const FILE_ROWS = 500;
/**
 * Staged samples wait at most about this long to be filed: long enough for a slow TAG's chunk to hold
 * more than a sample or two, short enough for readers to decode few staged rows.
 */
const FILE_EVERY_MS = 60_000;

/**
 * Device connectivity: ingests tags batches (validated against the device's template, stored in
 * batched transactions, redeliveries dropped), tracks online and sync state, sends commands
 * (write, sync) and follows their acks, serves latest values and history, prunes old history.
 */
export class IngestService {
  private readonly cache = new Map<string, CachedDevice>();
  private readonly counters = new Map<string, IngestStats>();
  /** Latest values by device id, then TAG name. */
  private readonly latest = new Map<number, Map<string, { value: string; ts: number }>>();
  /** Embedded broker: SNs connected now (bound or not). */
  private readonly present = new Set<string>();
  private queue: QueuedBatch[] = [];
  private flushing: Promise<void> | null = null;
  /** History samples this instance staged and did not file yet. */
  private staged = 0;
  private filing: Promise<void> | null = null;
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly intervals: NodeJS.Timeout[] = [];
  private readonly unsubscribe: (() => void)[] = [];
  private readonly storedListeners: ((batch: StoredBatch) => void)[] = [];

  constructor(private readonly o: IngestOptions) {}

  /** Calls `listener` with every batch after its commit (alarm evaluation); returns the remover. */
  onStored(listener: (batch: StoredBatch) => void): () => void {
    this.storedListeners.push(listener);
    return () => {
      const i = this.storedListeners.indexOf(listener);
      if (i >= 0) this.storedListeners.splice(i, 1);
    };
  }

  private announceStored(batch: StoredBatch): void {
    for (const l of this.storedListeners)
      try {
        l(batch);
      } catch (err) {
        this.logError(err);
      }
  }

  // life cycle

  async start(): Promise<void> {
    this.unsubscribe.push(
      this.o.bus.on('deviceBound', ({ sn }) => {
        this.cache.delete(sn);
        if (this.present.has(sn))
          void this.onlineChange(sn, true).catch((err: unknown) => this.logError(err));
      }),
      // Every instance forgets the device; only the one that unbound it kicks it off the (shared)
      // broker and tells browsers, once for the deployment.
      this.o.bus.on('deviceUnbound', ({ sn }, { local }) => {
        this.cache.delete(sn);
        if (local) void this.o.broker.drop(sn);
      }),
      this.o.bus.on('deviceTemplateChanged', ({ sn }, { local }) => {
        this.cache.delete(sn);
        if (local) void this.pushSync(sn).catch((err: unknown) => this.logError(err));
      }),
      // May come from the operator's CLI (no instance is local to it): each instance acts.
      this.o.bus.on('hardwareRevoked', ({ sn }) => void this.o.broker.revoke(sn)),
    );
    await this.o.broker.start({
      message: (sn, kind, payload) => this.onMessage(sn, kind, payload),
      presence: (sn, connected) => {
        if (connected) this.present.add(sn);
        else this.present.delete(sn);
        void this.onlineChange(sn, connected).catch((err: unknown) => this.logError(err));
      },
    });
    await this.housekeeping();
    const every = (ms: number, fn: () => Promise<void>) => {
      const t = setInterval(() => void fn().catch((err: unknown) => this.logError(err)), ms);
      t.unref();
      this.intervals.push(t);
    };
    every(60 * 60 * 1000, () => this.housekeeping());
    every(FILE_EVERY_MS, () => (this.staged ? this.fileHistory() : Promise.resolve()));
    every(30 * 1000, () => this.dropRevoked());
  }

  async close(): Promise<void> {
    for (const u of this.unsubscribe) u();
    for (const t of this.intervals) clearInterval(t);
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    await this.o.broker.close();
    while (this.flushing) await this.flushing;
    await this.fileHistory();
  }

  private logError(err: unknown): void {
    this.o.log.error({ err }, 'connectivity');
  }

  private nowMs(): number {
    return this.o.clock.now();
  }

  /** Retention of history and commands, and commands left pending by a stopped instance. */
  async housekeeping(): Promise<void> {
    // Staged samples left by a stopped process (or another instance) are filed before retention.
    if (await this.o.repo.hasStaged()) await this.fileHistory(Infinity);
    const now = this.nowMs();
    const pruned = await this.o.repo.pruneHistory(now - this.o.historyRetentionDays * 86_400_000);
    if (pruned) this.o.log.info({ pruned }, 'history pruned');
    await this.o.repo.pruneCommands(now - 30 * 86_400_000);
    for (const c of await this.o.repo.expireCommands(now - this.o.commandTimeoutMs))
      if (!this.timers.has(c.id)) await this.finish(c.sn, c.id, 'failed', 'timeout');
  }

  /** Hardware revoked by another process (admin CLI): drop its connection. */
  async dropRevoked(): Promise<void> {
    for (const sn of await this.o.repo.isRevoked(this.o.broker.connected())) await this.o.broker.drop(sn);
  }

  // registry view

  private async device(sn: string): Promise<CachedDevice> {
    const hit = this.cache.get(sn);
    const now = Date.now();
    if (hit && now - hit.loadedAt < DEVICE_CACHE_MS) return hit;
    const device = (await this.o.repo.deviceBySn(sn)) ?? null;
    const tags = new Map<string, TagDef>();
    if (device?.template_id != null)
      for (const t of await this.o.repo.templateTags(device.template_id)) tags.set(t.name, t);
    const entry = { device, tags, loadedAt: now };
    this.cache.set(sn, entry);
    return entry;
  }

  private emit(teamId: number, event: WsDeviceEvent): void {
    this.o.bus.emit('live', { teamId, event });
  }

  // counters

  private statsOf(sn: string): IngestStats {
    let s = this.counters.get(sn);
    if (!s) {
      s = { batches: 0, values: 0, duplicates: 0, rejected: {}, last_rejection: null };
      this.counters.set(sn, s);
    }
    return s;
  }

  private reject(sn: string, reason: string, tag: string | null, n = 1): void {
    const s = this.statsOf(sn);
    s.rejected[reason] = (s.rejected[reason] ?? 0) + n;
    s.last_rejection = { reason, tag, at: this.nowMs() };
    this.o.log.debug({ sn, reason, tag }, 'device data rejected');
  }

  // inbound

  private async onMessage(sn: string, kind: TopicKind, payload: Buffer): Promise<void> {
    if (kind === 'tags') return this.onTags(sn, payload);
    if (kind === 'state') return this.onState(sn, payload);
    if (kind === 'ack') return this.onAck(sn, payload);
  }

  private async onTags(sn: string, payload: Buffer): Promise<void> {
    const parsed = parsePayload(tagsBatchV1, payload);
    if (!parsed.ok) return this.reject(sn, 'schema', null);
    const batch = parsed.data;
    const { device, tags } = await this.device(sn);
    if (!device) return this.reject(sn, 'unbound', null, batch.values.length);
    const samples: Sample[] = [];
    for (const v of batch.values) {
      const def = tags.get(v.tag);
      if (!def) {
        this.reject(sn, 'unknownTag', v.tag);
        continue;
      }
      const r = wireValueText(def.data_type, v.value);
      if (!r.ok) {
        this.reject(sn, r.reason, v.tag);
        continue;
      }
      samples.push({
        tag: def.name,
        value: r.text,
        num: numericValue(def.data_type, r.text),
        ts: v.ts,
        history: def.save_history === 1,
      });
    }
    if (!(await this.enqueue({ sn, seq: batch.seq, deviceId: device.id, samples, device })))
      this.statsOf(sn).duplicates += 1;
  }

  /**
   * What follows the commit of stored batches: counters, alarm evaluation, latest values in memory,
   * and one `values` event per device for all its batches of the transaction (a browser gets a
   * message per device and flush, not per batch).
   */
  private afterCommit(batches: readonly QueuedBatch[]): void {
    const events = new Map<number, { teamId: number; values: WsTagValue[] }>();
    for (const { sn, device, samples } of batches) {
      const s = this.statsOf(sn);
      s.batches += 1;
      s.values += samples.length;
      if (!samples.length) continue;
      this.announceStored({ device, samples });
      let mem = this.latest.get(device.id);
      if (!mem) this.latest.set(device.id, (mem = new Map()));
      let event = events.get(device.id);
      if (!event) events.set(device.id, (event = { teamId: device.team_id, values: [] }));
      for (const x of samples) {
        const prev = mem.get(x.tag);
        if (!prev || x.ts >= prev.ts) mem.set(x.tag, { value: x.value, ts: x.ts });
        event.values.push({ tag: x.tag, value: x.value, ts: x.ts });
      }
    }
    for (const [deviceId, { teamId, values }] of events)
      this.emit(teamId, { type: 'values', device_id: deviceId, values });
  }

  /** Queues a batch for the next transaction; resolves with whether it was stored (not a redelivery). */
  private enqueue(b: PendingBatch & { device: DeviceBySn }): Promise<boolean> {
    return new Promise<boolean>((resolve, reject) => {
      this.queue.push({ ...b, resolve, reject });
      this.scheduleFlush();
    });
  }

  /**
   * Starts the transaction of what is queued on the next turn of the event loop, unless one runs or is
   * due already: messages of every connection read in this turn are queued by then and go into one
   * transaction, not one each (SQLite statements complete within microtasks). One transaction at a
   * time: whatever queues while it runs goes into the next, larger one (concurrent smaller ones were
   * slower on both engines).
   */
  private scheduleFlush(): void {
    if (this.flushing) return;
    this.flushing = new Promise<void>((turn) => setImmediate(turn))
      .then(() => this.flush(this.takeQueued()))
      .finally(() => {
        this.flushing = null;
        if (this.queue.length) this.scheduleFlush();
      });
  }

  /** The oldest queued batches, up to FLUSH_SAMPLES_MAX samples (at least one batch). */
  private takeQueued(): QueuedBatch[] {
    let n = 0;
    let count = 0;
    while (
      n < this.queue.length &&
      (n === 0 || count + (this.queue[n]?.samples.length ?? 0) <= FLUSH_SAMPLES_MAX)
    ) {
      count += this.queue[n]?.samples.length ?? 0;
      n += 1;
    }
    return this.queue.splice(0, n);
  }

  private async flush(part: QueuedBatch[]): Promise<void> {
    try {
      const stored = await this.o.repo.storeBatches(part, this.nowMs());
      const fresh = part.filter((_, i) => stored[i]);
      for (const b of fresh) this.staged += b.samples.filter((x) => x.history).length;
      try {
        this.afterCommit(fresh);
      } catch (err) {
        this.logError(err);
      }
      part.forEach((b, i) => b.resolve(stored[i] ?? false));
    } catch (err) {
      for (const b of part) b.reject(err);
    }
    if (this.staged >= FILE_AFTER_SAMPLES)
      await this.fileHistory().catch((err: unknown) => this.logError(err));
  }

  /**
   * Files staged history into chunks: what this instance staged so far, or with `Infinity`
   * everything staged (by anyone). One filing at a time.
   */
  async fileHistory(samples = this.staged): Promise<void> {
    while (this.filing) await this.filing;
    this.filing = (async () => {
      let left = samples;
      this.staged = Math.max(0, this.staged - samples);
      try {
        while (left > 0) {
          const filed = await this.o.repo.fileStaged(FILE_ROWS);
          if (!filed) break;
          left -= filed;
        }
      } catch (err) {
        if (Number.isFinite(left)) this.staged += left;
        throw err;
      }
    })().finally(() => {
      this.filing = null;
    });
    await this.filing;
  }

  private async onState(sn: string, payload: Buffer): Promise<void> {
    const parsed = parsePayload(stateV1, payload);
    if (!parsed.ok) return this.reject(sn, 'schema', null);
    const state = parsed.data;
    await this.onlineChange(sn, state.online);
    if (state.config_version !== undefined && state.config_version > 0)
      await this.hmiVersion(sn, state.config_version);
  }

  private async onlineChange(sn: string, online: boolean): Promise<void> {
    const { device } = await this.device(sn);
    if (!device) return;
    const at = epochSeconds(this.o.clock);
    if (await this.o.repo.setOnline(device.id, online ? 1 : 0, at)) {
      device.online = online ? 1 : 0;
      this.emit(device.team_id, { type: 'online', device_id: device.id, online: online ? 1 : 0, at });
    }
  }

  private async hmiVersion(sn: string, version: number): Promise<void> {
    const { device } = await this.device(sn);
    if (!device) return;
    if (await this.o.repo.setHmiVersion(device.id, version)) {
      device.hmi_version = version;
      this.emitSync(device);
    }
  }

  private emitSync(device: DeviceBySn): void {
    this.emit(device.team_id, syncEvent(device));
  }

  private async pushSync(sn: string): Promise<void> {
    const { device } = await this.device(sn);
    if (device) this.emitSync(device);
  }

  private async onAck(sn: string, payload: Buffer): Promise<void> {
    const parsed = parsePayload(ackV1, payload);
    if (!parsed.ok) return this.reject(sn, 'schema', null);
    const ack = parsed.data;
    const done = await this.finish(
      sn,
      ack.id,
      ack.ok ? 'done' : 'failed',
      ack.ok ? null : (ack.error ?? 'refused'),
    );
    if (done && ack.ok && done.type === 'sync') {
      const version = ack.config_version ?? done.config_version;
      if (version !== null && version !== undefined) {
        this.cache.delete(sn);
        await this.hmiVersion(sn, version);
      }
    }
  }

  private async finish(sn: string, id: string, status: 'done' | 'failed', error: string | null) {
    const t = this.timers.get(id);
    if (t) clearTimeout(t);
    this.timers.delete(id);
    const row = await this.o.repo.finishCommand(sn, id, status, error, this.nowMs());
    if (row)
      this.emit(row.team_id, { type: 'command', device_id: row.device_id, command_id: id, status, error });
    return row;
  }

  /** Embedded broker: is the device with this SN connected to this instance? */
  isPresent(sn: string): boolean {
    return this.present.has(sn);
  }

  // API

  private async visible(user: SessionUser, id: number) {
    const scope = await this.o.perms.scope(user);
    const row = await this.o.devices.find(scope.teamId, id);
    if (!row || !canSeeDevice(scope, row)) fail(1003);
    return row;
  }

  /** Ids among `ids` the caller may see (websocket subscriptions). */
  async visibleIds(user: SessionUser, ids: readonly number[]): Promise<number[]> {
    if (!ids.length) return [];
    const scope = await this.o.perms.scope(user);
    const rows = await this.o.devices.teamDevices(scope.teamId, ids);
    return rows.filter((r) => canSeeDevice(scope, r)).map((r) => r.id);
  }

  /**
   * What a new websocket subscriber needs of these devices: latest values held in memory, online
   * state with the time of its last change (the bind time while it never changed) and sync state.
   */
  async snapshot(deviceIds: readonly number[]): Promise<WsDeviceEvent[]> {
    if (!deviceIds.length) return [];
    const events: WsDeviceEvent[] = [];
    for (const d of await this.o.repo.deviceStates(deviceIds)) {
      events.push(
        {
          type: 'online',
          device_id: d.id,
          online: d.online,
          at: Number(d.last_online_change ?? d.created_at),
        },
        syncEvent(d),
      );
      const values = this.memoryValues(d.id);
      if (values.length) events.push({ type: 'values', device_id: d.id, values });
    }
    return events;
  }

  /** Latest values held in memory (for a websocket snapshot). */
  memoryValues(deviceId: number): { tag: string; value: string; ts: number }[] {
    return [...(this.latest.get(deviceId) ?? new Map<string, { value: string; ts: number }>()).entries()].map(
      ([tag, v]) => ({ tag, ...v }),
    );
  }

  async tags(user: SessionUser, id: number): Promise<{ list: LiveTag[]; total: number }> {
    const row = await this.visible(user, id);
    if (row.template_id === null) return { list: [], total: 0 };
    const [defs, values] = await Promise.all([
      this.o.repo.templateTags(row.template_id),
      this.o.repo.latest(id),
    ]);
    const byTag = new Map(values.map((v) => [v.tag, v]));
    const list = defs.map((d) => {
      const v = byTag.get(d.name);
      return {
        id: d.id,
        name: d.name,
        data_type: d.data_type,
        access: d.access,
        save_history: d.save_history === 1,
        description: d.description,
        value: v ? v.value : null,
        ts: v ? Number(v.ts) : null,
      };
    });
    return { list, total: list.length };
  }

  private async tagOf(row: { template_id: number | null }, tagId: number, field: string): Promise<TagDef> {
    const defs = row.template_id === null ? [] : await this.o.repo.templateTags(row.template_id);
    return defs.find((d) => d.id === tagId) ?? failInput(field, 'unknownId');
  }

  async history(
    user: SessionUser,
    id: number,
    q: { tag: number; from: number; to: number; buckets: number },
  ) {
    const row = await this.visible(user, id);
    const def = await this.tagOf(row, q.tag, 'tag');
    const bucketMs = Math.max(1, Math.ceil((q.to - q.from) / q.buckets));
    const numeric = def.data_type !== 9;
    return {
      tag: def.name,
      data_type: def.data_type,
      from: q.from,
      to: q.to,
      bucket_ms: bucketMs,
      points: numeric ? await this.o.repo.buckets(id, def.name, q.from, q.to, bucketMs) : [],
      samples: numeric ? [] : await this.o.repo.samples(id, def.name, q.from, q.to, q.buckets),
    };
  }

  async stats(user: SessionUser, id: number): Promise<IngestStats> {
    const row = await this.visible(user, id);
    return this.statsOf(row.sn);
  }

  private toCommand(r: {
    id: string;
    device_id: number;
    type: string;
    tag: string | null;
    value: string | null;
    status: string;
    error: string | null;
    created_at: number;
    updated_at: number;
  }): DeviceCommand {
    return {
      id: r.id,
      device_id: r.device_id,
      type: r.type,
      tag: r.tag,
      value: r.value,
      status: r.status as DeviceCommand['status'],
      error: r.error,
      created_at: Math.floor(Number(r.created_at) / 1000),
      updated_at: Math.floor(Number(r.updated_at) / 1000),
    };
  }

  async command(user: SessionUser, id: number, cmdId: string): Promise<DeviceCommand> {
    await this.visible(user, id);
    const r = await this.o.repo.command(id, cmdId);
    if (!r) fail(1003);
    return this.toCommand(r);
  }

  /** Records and sends a command; offline devices fail it at once. */
  private async send(
    row: { id: number; sn: string; online: number },
    user: SessionUser,
    cmd: CommandBody,
    meta: { tag: string | null; value: string | null; config_version: number | null },
  ): Promise<DeviceCommand> {
    const id = randomUUID();
    const now = this.nowMs();
    const offline = row.online !== 1 && !this.present.has(row.sn);
    const record = {
      id,
      device_id: row.id,
      type: cmd.type,
      tag: meta.tag,
      value: meta.value,
      config_version: meta.config_version,
      status: offline ? 'failed' : 'pending',
      error: offline ? 'offline' : null,
      user_id: user.id,
      created_at: now,
      updated_at: now,
    };
    await this.o.repo.insertCommand(record);
    if (!offline) {
      const timer = setTimeout(() => {
        this.timers.delete(id);
        void this.finish(row.sn, id, 'failed', 'timeout').catch((err: unknown) => this.logError(err));
      }, this.o.commandTimeoutMs);
      timer.unref();
      this.timers.set(id, timer);
      try {
        await this.o.broker.publish(topics.cmd(row.sn), JSON.stringify({ v: 1, id, ...cmd }), { qos: 1 });
      } catch (err) {
        this.logError(err);
        await this.finish(row.sn, id, 'failed', 'broker');
        return this.toCommand({ ...record, status: 'failed', error: 'broker' });
      }
    }
    return this.toCommand(record);
  }

  async write(
    user: SessionUser,
    id: number,
    tagId: number,
    value: WireValue,
    clientIp: string,
  ): Promise<DeviceCommand> {
    const row = await this.visible(user, id);
    const def = await this.tagOf(row, tagId, 'tagId');
    if (def.access === TagAccess.READ) failInput('tagId', 'readOnly');
    // A form may send the value as text ("12.5", "1"); wireValueText checks text for every type.
    const checked = wireValueText(def.data_type, value);
    if (!checked.ok) failInput('value', checked.reason);
    const text = checked.text;
    // The single call site of the zone check (who may operate this device from this address).
    if (this.o.mayOperate) await this.o.mayOperate({ user, deviceId: id, clientIp });
    return this.send(
      row,
      user,
      { type: 'write', tag: def.name, value: textToWire(def.data_type, text) },
      { tag: def.name, value: text, config_version: null },
    );
  }

  async sync(user: SessionUser, id: number): Promise<DeviceCommand> {
    const row = await this.visible(user, id);
    if (row.template_id === null || row.template_version === null) fail(1029);
    const tags = (await this.o.repo.templateTags(row.template_id)).map((t) => ({
      name: t.name,
      data_type: t.data_type,
      access: t.access,
      address_type: t.address_type,
      address: t.address,
      scan_time_ms: t.scan_time_ms,
      save_history: t.save_history === 1,
      default_value: t.default_value,
    }));
    return this.send(
      row,
      user,
      { type: 'sync', config_version: row.template_version, tags },
      { tag: null, value: null, config_version: row.template_version },
    );
  }
}
