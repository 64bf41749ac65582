import {
  BATCH_VALUES_MAX,
  numericValue,
  parsePayload,
  tagsBatchV1,
  wireValueText,
  type TopicKind,
  type WsTagValue,
} from '@hmi/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock';
import type { DeviceBroker } from '../../platform/mqtt/broker';
import type { DeviceCommands } from './commands';
import type { IngestCounters } from './counters';
import type { DeviceCache } from './device-cache';
import type { DeviceStateTracker, EmitLive } from './device-state';
import type { FieldReports } from './field-reports';
import type { HistoryFilter } from './history-policy';
import { badSampleOf, holdBad, wireHeld, type HeldValue } from './quality';
import type { HistoryStore } from './repo/history-store';
import type { DeviceBySn } from './repo/state-store';
import type { BadSample } from './repo/quality-write';
import type { PendingBatch, Sample, WritePath } from './repo/write-path';
import { confirmStored } from './stored-confirmations';

/** A batch once committed: never a redelivery, never one whose transaction failed. */
export interface StoredBatch {
  device: DeviceBySn;
  samples: readonly Sample[];
  /** Replayed from a gateway's outbox: samples of the past, not live values. */
  late: boolean;
}

interface QueuedBatch extends PendingBatch {
  device: DeviceBySn;
  /** The sender waits for `cmd stored` (stored-confirmations.ts). */
  confirm: boolean;
  resolve(stored: boolean): void;
  reject(err: unknown): void;
}

/** Most samples one transaction takes. */
const FLUSH_SAMPLES_MAX = 5000;
/** Staged history samples that make a flush file them into chunks (see migration 0010). */
const FILE_AFTER_SAMPLES = 20_000;
/**
 * Staging rows one filing transaction takes (a row: one device's samples of one flush). SQLite runs a
 * transaction's statements synchronously, so a transaction is time no request is served: 500 rows
 * (~1,500 chunks at 1,000 devices × 3 TAGs) held the event loop for 0.3-1.1 s in the soak.
 */
const FILE_ROWS = 100;

export interface IngestPipelineOptions {
  writes: WritePath;
  history: HistoryStore;
  cache: DeviceCache;
  counters: IngestCounters;
  state: DeviceStateTracker;
  commands: DeviceCommands;
  /** Field reports, agent versions, protocol versions refused. */
  field: FieldReports;
  /** Where `cmd stored` goes out. */
  broker: DeviceBroker;
  clock: Clock;
  log: FastifyBaseLogger;
  emit: EmitLive;
  /** Billing's history rule (absent with BILLING=off: every history TAG's every sample is stored). */
  historyFilter?: HistoryFilter | undefined;
}

/**
 * The inbound pipeline: each device message to its handler; tags batches validated against the
 * device's template, stored in batched transactions (redeliveries dropped), then announced to
 * listeners and browsers; staged history filed into chunks.
 */
export class IngestPipeline {
  /** Latest values by device id, then TAG name. */
  private readonly latest = new Map<number, Map<string, HeldValue>>();
  private queue: QueuedBatch[] = [];
  private flushing: Promise<void> | null = null;
  /** History samples this instance staged and did not file yet. */
  private staged = 0;
  private filing: Promise<void> | null = null;
  private readonly storedListeners: ((batch: StoredBatch) => void)[] = [];

  constructor(private readonly o: IngestPipelineOptions) {}

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

  private logError(err: unknown): void {
    this.o.log.error({ err }, 'connectivity');
  }

  /** Whether samples staged by this instance wait to be filed. */
  get hasStaged(): boolean {
    return this.staged > 0;
  }

  /** Waits for the transaction under way, then files what this instance staged. */
  async drain(): Promise<void> {
    while (this.flushing) await this.flushing;
    await this.fileHistory();
  }

  /** Handles one device message; resolves with the TAG values it held (what the device's share pays). */
  async onMessage(sn: string, kind: TopicKind, payload: Buffer): Promise<number> {
    if (kind === 'tags') return this.onTags(sn, payload);
    if (kind === 'state') await this.o.state.onState(sn, payload);
    if (kind === 'ack') await this.o.commands.onAck(sn, payload);
    if (kind === 'field') await this.o.field.onField(sn, payload);
    return 0;
  }

  private async onTags(sn: string, payload: Buffer): Promise<number> {
    const { counters } = this.o;
    const parsed = parsePayload(tagsBatchV1, payload);
    if (!parsed.ok) {
      if (!(await this.o.field.refusedVersion(sn, payload))) counters.reject(sn, 'schema', null);
      // Parsing it cost what the largest batch would: so it counts against the device's share.
      return BATCH_VALUES_MAX;
    }
    const batch = parsed.data;
    const { device, tags } = await this.o.cache.get(sn);
    if (!device) {
      counters.reject(sn, 'unbound', null, batch.values.length);
      return batch.values.length;
    }
    const samples: Sample[] = [];
    const bad: BadSample[] = [];
    for (const v of batch.values) {
      const def = tags.get(v.tag);
      if (!def) {
        counters.reject(sn, 'unknownTag', v.tag);
        continue;
      }
      const badSample = badSampleOf(def.name, v);
      if (badSample) bad.push(badSample);
      if (v.value === undefined) continue;
      const r = wireValueText(def.data_type, v.value);
      if (!r.ok) {
        counters.reject(sn, r.reason, v.tag);
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
    if (this.o.historyFilter) await this.o.historyFilter.apply(device.id, tags, samples);
    if (
      !(await this.enqueue({
        sn,
        seq: batch.seq,
        deviceId: device.id,
        samples,
        bad,
        device,
        ...lateness(batch),
      }))
    )
      counters.of(sn).duplicates += 1;
    return batch.values.length;
  }

  /** Latest values held in memory (for a websocket snapshot). */
  memoryValues(deviceId: number): WsTagValue[] {
    return [...(this.latest.get(deviceId) ?? new Map<string, HeldValue>()).entries()].map(([tag, v]) =>
      wireHeld(tag, v),
    );
  }

  /**
   * What follows the commit of stored batches: counters, alarm evaluation, latest values in memory,
   * and one `values` event per device for all its batches of the transaction (a browser gets a
   * message per device and flush, not per batch).
   */
  private afterCommit(batches: readonly QueuedBatch[]): void {
    const events = new Map<number, { teamId: number; values: WsTagValue[] }>();
    for (const { sn, device, samples, bad = [], late = false } of batches) {
      const s = this.o.counters.of(sn);
      s.batches += 1;
      s.values += samples.length;
      if (!samples.length && !bad.length) continue;
      if (samples.length) this.announceStored({ device, samples, late });
      let mem = this.latest.get(device.id);
      if (!mem) this.latest.set(device.id, (mem = new Map()));
      if (late) {
        keepNewest(mem, samples);
        continue;
      }
      let event = events.get(device.id);
      if (!event) events.set(device.id, (event = { teamId: device.team_id, values: [] }));
      for (const x of samples) {
        const prev = mem.get(x.tag);
        if (!prev || x.ts >= prev.ts) mem.set(x.tag, { value: x.value, ts: x.ts });
        event.values.push({ tag: x.tag, value: x.value, ts: x.ts });
      }
      holdBad(mem, bad, event.values);
    }
    for (const [deviceId, { teamId, values }] of events)
      this.o.emit(teamId, { type: 'values', device_id: deviceId, values });
  }

  /** Queues a batch for the next transaction; resolves with whether it was stored (not a redelivery). */
  private enqueue(b: PendingBatch & { device: DeviceBySn; confirm: boolean }): Promise<boolean> {
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

  /**
   * The oldest queued batches, up to FLUSH_SAMPLES_MAX samples (at least one batch), live ones before
   * late ones: a gateway draining its outbox keeps a dozen batches of 1,000 values queued, and another
   * device's live value would otherwise wait for every transaction of them ahead of it.
   */
  private takeQueued(): QueuedBatch[] {
    if (this.queue.some((b) => b.late))
      this.queue = [...this.queue.filter((b) => !b.late), ...this.queue.filter((b) => b.late)];
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
      const stored = await this.o.writes.storeBatches(part, this.o.clock.now());
      const fresh = part.filter((_, i) => stored[i]);
      for (const b of fresh) this.staged += b.samples.filter((x) => x.history).length;
      try {
        this.afterCommit(fresh);
      } catch (err) {
        this.logError(err);
      }
      part.forEach((b, i) => b.resolve(stored[i] ?? false));
      confirmStored(this.o.broker, this.o.log, part);
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
          // A turn of the event loop between transactions: requests that arrived meanwhile are served
          // (on SQLite the transactions would otherwise run back to back within one task).
          await new Promise((turn) => setImmediate(turn));
          const filed = await this.o.history.fileStaged(FILE_ROWS);
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
}

/** A tags batch's store-and-forward flags as the queue keeps them. */
function lateness(b: { late?: boolean | undefined; confirm?: boolean | undefined }) {
  return { late: b.late === true, confirm: b.confirm === true };
}

/** Late samples reach the latest values only where newer (never back in time); no live event. */
function keepNewest(mem: Map<string, HeldValue>, samples: readonly Sample[]): void {
  for (const x of samples) {
    const prev = mem.get(x.tag);
    if (!prev || x.ts > prev.ts) mem.set(x.tag, { value: x.value, ts: x.ts });
  }
}
