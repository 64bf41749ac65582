import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Bus } from '../../../platform/bus';
import { epochSeconds, type Clock } from '../../../platform/clock';
import type { Database } from '../../../platform/db/schema';
import type { MessageService } from '../../message';
import { closeRecords, closeStaleRecords, type Closing } from './closing';
import { ChatterDetector, type ChatterOptions } from './chatter';
import { ALARM, step, type PairState } from './core';
import { DeviceStates } from './device-states';
import { sweepOffline } from './offline';
import { loadTemplateRules, type RulesByTag } from './rules';
import { applyChanges, type Applied, type Change, type DeviceRef } from './store';

/** A batch ingest stored (committed), as the engine needs it. */
export interface StoredSamples {
  device: { id: number; team_id: number; template_id: number | null };
  samples: readonly { tag: string; value: string; ts: number }[];
  /** Replayed from a gateway's outbox after an outage (connectivity's StoredBatch.late). */
  late?: boolean;
}

export interface AlarmEngineOptions {
  db: Kysely<Database>;
  /** Where the alarm messages of a step are written, in the step's transaction. */
  messages: Pick<MessageService, 'write'>;
  bus: Bus;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Runs after each committed step that raised alarms (mail). */
  onApplied?: (applied: Applied) => void;
  /** Chattering: N raises in M minutes (default chatter.ts CHATTER). */
  chatter?: ChatterOptions;
}

/** How often devices offline past their template's delay (and back online) are looked for. */
export const OFFLINE_CHECK_MS = 30_000;

interface Pair {
  state: PairState;
  /** Record of a pair in alarm; null until its raise is written. */
  recordId: number | null;
}

interface CachedRules {
  rules: RulesByTag;
  loadedAt: number;
}

/** Rules are re-read after this long even without a change event (one missed, say a direct SQL edit). */
const RULES_CACHE_MS = 30_000;

const pairKey = (ruleId: number, deviceId: number) => `${ruleId}:${deviceId}`;

/** Pairs of one device by rule id. */
type DevicePairs = Map<number, Pair>;

/** The state of one kind of evaluation: pairs not normal, and the latest sample time per TAG. */
interface Track {
  pairs: Map<number, DevicePairs>;
  lastTs: Map<number, Map<string, number>>;
}

const newTrack = (): Track => ({ pairs: new Map(), lastTs: new Map() });

/**
 * Evaluates stored samples against the enabled rules of the device's template. Work is queued and
 * done one step at a time: a step takes every queued batch, decides in memory (only rules of each
 * sample's TAG are looked at, no query per sample) and writes the state changes, if any, in one
 * transaction. Pairs in alarm are reloaded from alarm_records at start, so a restart raises nothing
 * again. A step that fails to write is undone in memory, so the next sample decides again.
 */
export class AlarmEngine {
  /**
   * Live samples: pairs not normal by device id then rule id (numbers: no key built per sample), and
   * the latest sample time evaluated per device and TAG (older samples arrive late and are skipped).
   */
  private readonly live = newTrack();
  /**
   * Late samples (a gateway's outbox replayed in time order after an outage) run through pairs of
   * their own: what they imply is recorded with their sample times, marked late, nobody told, and
   * the live pairs are not moved back in time.
   */
  private readonly late = newTrack();
  private readonly rules = new Map<number, CachedRules>();
  private readonly loading = new Map<number, Promise<RulesByTag>>();
  private queue: StoredSamples[] = [];
  /** Lifecycle changes to apply before the next evaluation (rules ended, templates changed). */
  private closings: Closing[] = [];
  private running: Promise<void> | null = null;
  private readonly unsubscribe: (() => void)[] = [];
  private readonly chatter: ChatterDetector;
  private readonly devices = new DeviceStates();
  private sweeping: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly o: AlarmEngineOptions) {
    this.chatter = new ChatterDetector(o.chatter);
  }

  async start(): Promise<void> {
    this.unsubscribe.push(
      this.o.bus.on('alarmRulesChanged', ({ templateId, ended }) => {
        this.forget(templateId);
        for (const e of ended ?? []) this.end({ kind: 'rules', ...e });
      }),
      this.o.bus.on('deviceTemplateChanged', ({ deviceId }) => this.end({ kind: 'template', deviceId })),
      this.o.bus.on('deviceAlarmsOutOfService', ({ deviceId, until }) => {
        this.devices.outOfService(deviceId, until);
        if (until !== null) this.end({ kind: 'device', deviceId });
      }),
      // A device coming back recovers its offline alarm now rather than at the next check.
      this.o.bus.on('live', ({ event }) => {
        if (event.type !== 'online') return;
        this.devices.reported(event.device_id, event.online === 1);
        if (event.online === 1) void this.checkOffline();
      }),
      // Its records went with it (cascade); so does its state here.
      this.o.bus.on('deviceUnbound', ({ deviceId }) => {
        this.devices.forget(deviceId);
        for (const t of [this.live, this.late]) {
          t.pairs.delete(deviceId);
          t.lastTs.delete(deviceId);
        }
      }),
    );
    const now = epochSeconds(this.o.clock);
    await closeStaleRecords(this.o.db, now);
    await this.devices.load(this.o.db, now);
    this.timer = setInterval(() => void this.checkOffline(), OFFLINE_CHECK_MS);
    this.timer.unref();
    const active = await this.o.db
      .selectFrom('alarm_records')
      .select(['id', 'rule_id', 'device_id'])
      .where('recovery_at', 'is', null)
      .where('rule_id', 'is not', null)
      .execute();
    for (const r of active)
      if (r.rule_id !== null)
        this.pairsOf(this.live, r.device_id).set(r.rule_id, { state: ALARM, recordId: r.id });
  }

  /** Queues a lifecycle change; it is applied between evaluation steps, never inside one. */
  private end(c: Closing): void {
    this.closings.push(c);
    this.kick();
  }

  private kick(): void {
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
  }

  /**
   * Ends the records of the queued closings and forgets the state of their pairs, so a rule enabled
   * or changed again starts from normal (its on-delay too) instead of an alarm already closed.
   */
  private async applyClosings(closings: readonly Closing[]): Promise<void> {
    for (const c of closings) {
      await closeRecords(this.o.db, epochSeconds(this.o.clock), c);
      if (c.kind === 'device') {
        for (const t of [this.live, this.late]) t.pairs.delete(c.deviceId);
      } else if (c.kind === 'rules') {
        for (const t of [this.live, this.late])
          for (const pairs of t.pairs.values()) c.ruleIds.forEach((id) => pairs.delete(id));
      } else {
        // The old template's pairs go; those still in alarm (the template did not change) come back.
        for (const t of [this.live, this.late]) t.pairs.delete(c.deviceId);
        await this.reloadPairs(c.deviceId);
      }
    }
  }

  /** The device's live pairs in alarm, as its active records say. */
  private async reloadPairs(deviceId: number): Promise<void> {
    const active = await this.o.db
      .selectFrom('alarm_records')
      .select(['id', 'rule_id'])
      .where('device_id', '=', deviceId)
      .where('recovery_at', 'is', null)
      .where('rule_id', 'is not', null)
      .execute();
    const pairs = this.pairsOf(this.live, deviceId);
    for (const r of active) if (r.rule_id !== null) pairs.set(r.rule_id, { state: ALARM, recordId: r.id });
  }

  async close(): Promise<void> {
    for (const u of this.unsubscribe) u();
    if (this.timer) clearInterval(this.timer);
    await this.idle();
    while (this.sweeping) await this.sweeping;
  }

  /**
   * Raises the offline alarms now due and recovers those of devices back online (engine/offline.ts);
   * runs every OFFLINE_CHECK_MS and when a device comes back. Resolves when done.
   */
  checkOffline(): Promise<void> {
    this.sweeping ??= sweepOffline(this.o.db, this.o.messages, epochSeconds(this.o.clock))
      .then((applied) => {
        for (const teamId of applied.teams) this.o.bus.emit('messages', { teamId, userId: null });
        if (applied.raised.length) this.o.onApplied?.(applied);
      })
      .catch((err: unknown) => this.o.log.error({ err }, 'offline alarms'))
      .finally(() => {
        this.sweeping = null;
      });
    return this.sweeping;
  }

  /** Drops a template's cached rules; the next sample reloads them. */
  forget(templateId: number): void {
    this.rules.delete(templateId);
  }

  /** Hands the engine a committed batch (ingest's stored listener). */
  accept(batch: StoredSamples): void {
    if (batch.device.template_id === null || !batch.samples.length) return;
    this.queue.push(batch);
    this.kick();
  }

  /** Resolves once every accepted batch has been evaluated and written. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async run(): Promise<void> {
    while (this.queue.length || this.closings.length) {
      // Lets the batches of the commit in progress queue up too: fewer, larger alarm transactions.
      await new Promise<void>((resolve) => setImmediate(resolve));
      const closings = this.closings.splice(0);
      const batches = this.queue.splice(0);
      try {
        if (closings.length) await this.applyClosings(closings);
      } catch (err) {
        this.o.log.error({ err }, 'alarm evaluation');
      }
      for (const late of [false, true])
        try {
          await this.evaluate(
            batches.filter((b) => (b.late === true) === late),
            late ? this.late : this.live,
            late,
          );
        } catch (err) {
          this.o.log.error({ err }, 'alarm evaluation');
        }
    }
  }

  private pairsOf(track: Track, deviceId: number): DevicePairs {
    let m = track.pairs.get(deviceId);
    if (!m) track.pairs.set(deviceId, (m = new Map()));
    return m;
  }

  private cachedRules(templateId: number): RulesByTag | null {
    const hit = this.rules.get(templateId);
    return hit && this.o.clock.now() - hit.loadedAt < RULES_CACHE_MS ? hit.rules : null;
  }

  private async loadRules(templateId: number): Promise<RulesByTag> {
    let p = this.loading.get(templateId);
    if (!p) {
      p = loadTemplateRules(this.o.db, templateId, (ruleId, reason) =>
        this.o.log.warn({ ruleId, reason }, 'alarm rule left out'),
      ).finally(() => this.loading.delete(templateId));
      this.loading.set(templateId, p);
    }
    const rules = await p;
    this.rules.set(templateId, { rules, loadedAt: this.o.clock.now() });
    return rules;
  }

  private async evaluate(batches: readonly StoredSamples[], track: Track, late: boolean): Promise<void> {
    const changes: Change[] = [];
    const now = epochSeconds(this.o.clock);
    /** Pairs this step changed, as they were before it: restored if the write fails. */
    const before = new Map<string, { pairs: DevicePairs; ruleId: number; pair: Pair | undefined }>();
    for (const b of batches) {
      const templateId = b.device.template_id;
      if (templateId === null || !this.devices.evaluates(b.device.id, now, late)) continue;
      const rules = this.cachedRules(templateId) ?? (await this.loadRules(templateId));
      if (!rules.size) continue;
      const device: DeviceRef = { id: b.device.id, team_id: b.device.team_id, template_id: templateId };
      const pairs = this.pairsOf(track, device.id);
      let seen = track.lastTs.get(device.id);
      if (!seen) track.lastTs.set(device.id, (seen = new Map()));
      // A replay's batches each hold one moment; sorted anyway, as the machine needs time order.
      const samples = late ? [...b.samples].sort((x, y) => x.ts - y.ts) : b.samples;
      for (const s of samples) {
        const list = rules.get(s.tag);
        if (!list) continue;
        const last = seen.get(s.tag);
        if (last !== undefined && s.ts < last) continue;
        seen.set(s.tag, s.ts);
        for (const rule of list) {
          if (rule.oosUntil !== null && rule.oosUntil > now) continue;
          const pair = pairs.get(rule.id);
          const next = step(rule, pair?.state, s.value, s.ts);
          if (next.state === pair?.state) continue;
          const key = pairKey(rule.id, device.id);
          if (!before.has(key)) before.set(key, { pairs, ruleId: rule.id, pair: pair && { ...pair } });
          if (next.state === undefined) pairs.delete(rule.id);
          else pairs.set(rule.id, { state: next.state, recordId: pair?.recordId ?? null });
          if (next.decision === 'raise')
            changes.push({
              kind: 'raise',
              key,
              rule,
              device,
              value: s.value,
              ts: s.ts,
              late,
              ...(late ? {} : { chatter: this.chatter.raised(key, s.ts) }),
            });
          else if (next.decision === 'recover')
            changes.push({
              kind: 'recover',
              key,
              recordId: pair?.recordId ?? null,
              rule,
              device,
              value: s.value,
              ts: s.ts,
              late,
            });
        }
      }
    }
    if (!changes.length) return;
    let applied: Applied;
    try {
      applied = await applyChanges(this.o.db, this.o.messages, changes, epochSeconds(this.o.clock));
    } catch (err) {
      for (const { pairs, ruleId, pair } of before.values())
        if (pair) pairs.set(ruleId, pair);
        else pairs.delete(ruleId);
      for (const c of changes) if (c.kind === 'raise' && c.chatter) this.chatter.undo(c.key, c.ts);
      throw err;
    }
    for (const [key, id] of applied.recordIds) {
      const b = before.get(key);
      const pair = b?.pairs.get(b.ruleId);
      if (pair?.state.phase === 'alarm') pair.recordId = id;
    }
    for (const teamId of applied.teams) this.o.bus.emit('messages', { teamId, userId: null });
    if (applied.raised.length) this.o.onApplied?.(applied);
  }
}
