/**
 * The poller: the applied template's TAGs read from the connections of the gateway's file. TAGs of one
 * connection and one scan time form a group with its own plan and timer; a scan starts one scan time
 * after the previous one started (never overlapping it), so a slow or dead PLC delays only its own
 * groups. Results are reported by exception (a changed value or quality) plus a periodic refresh of
 * everything; between scans nothing runs (timers only).
 */
import {
  parseTagAddress,
  type FieldReport,
  type QualityReason,
  type SyncTag,
  type WireValue,
} from '@hmi/contract';
import type { ConnectionConfig } from './connections';
import type { FieldDriver, FieldTag, ScanPlan, TagReading } from './driver';
import { FieldError } from './errors';

export type FieldSample =
  { tag: string; value: WireValue; ts: number } | { tag: string; q: QualityReason; ts: number };

export interface PollerOptions {
  connections: Record<string, ConnectionConfig>;
  /** Opens the driver of a connection (called when a template first polls it). */
  openDriver(name: string, config: ConnectionConfig): FieldDriver;
  /** Changed samples after a scan, and every sample at each refresh. */
  publish(samples: FieldSample[]): void;
  refreshMs?: number;
  /** A connection's state or last problem changed (its diagnostics are worth reporting now). */
  onConnectionChange?(): void;
}

export const UNKNOWN_CONNECTION: QualityReason = 'config:unknown connection';

/**
 * A scan that took at least this long waited for its PLC: when overdue, the next follows in the same
 * turn. (A poll on a serial line takes 2.9 ms on the wire at 115,200 baud; without the hop through the
 * event loop between an answer and the next request, the gateway's median turnaround on the bench's
 * line went from 0.94-1.19 ms to 0.74-0.87 ms over six runs each: bench/README.md, "Field gateway".)
 */
const WAITED_FOR_IO_MS = 1;

/** The TAG to poll, why the gateway cannot poll it, or null when it is not a field TAG. */
export function classifyFieldTag(
  t: SyncTag,
  connections: Record<string, ConnectionConfig>,
): FieldTag | { q: QualityReason } | null {
  const parsed = parseTagAddress(t);
  if (!parsed.ok) return { q: 'config:address' };
  const address = parsed.address;
  if (!address) return null;
  const config = connections[address.connection];
  if (!config) return { q: UNKNOWN_CONNECTION };
  if ((config.protocol === 'opcua') !== (address.protocol === 'opcua')) return { q: 'config:protocol' };
  return { name: t.name, dataType: t.data_type, access: t.access, address };
}

interface Group {
  driver: FieldDriver;
  scanMs: number;
  plan: ScanPlan;
  /** Cancels the next scan (a timer, or an immediate when the scan is overdue). */
  cancel: (() => void) | null;
}

const sameReading = (a: FieldSample | undefined, b: TagReading) =>
  a !== undefined && ('q' in a ? 'q' in b && a.q === b.q : 'value' in b && a.value === b.value);

export class Poller {
  private readonly drivers = new Map<string, FieldDriver>();
  private groups: Group[] = [];
  private readonly tags = new Map<string, FieldTag>();
  private tagsPerConnection = new Map<string, number>();
  private readonly latest = new Map<string, FieldSample>();
  private unknownTags: string[] = [];
  private generation = 0;
  private readonly refreshTimer: NodeJS.Timeout;

  constructor(private readonly o: PollerOptions) {
    this.refreshTimer = setInterval(() => this.refresh(), o.refreshMs ?? 60_000);
  }

  /** Polls `tags` from now on, replacing what was polled (no restart, connections kept). */
  apply(tags: readonly SyncTag[]): void {
    this.stopGroups();
    this.tags.clear();
    this.latest.clear();
    const now = Date.now();
    const unknown: FieldSample[] = [];
    const byGroup = new Map<string, FieldTag[]>();
    for (const t of tags) {
      const c = classifyFieldTag(t, this.o.connections);
      if (!c) continue;
      if ('q' in c) {
        unknown.push({ tag: t.name, q: c.q, ts: now });
        continue;
      }
      this.tags.set(t.name, c);
      const key = `${c.address.connection}\n${t.scan_time_ms}`;
      byGroup.set(key, [...(byGroup.get(key) ?? []), c]);
    }
    this.unknownTags = unknown.filter((s) => 'q' in s && s.q === UNKNOWN_CONNECTION).map((s) => s.tag);
    for (const s of unknown) this.latest.set(s.tag, s);
    this.tagsPerConnection = new Map();
    for (const [key, groupTags] of byGroup) {
      const [connection = '', scan = '1000'] = key.split('\n');
      this.tagsPerConnection.set(
        connection,
        (this.tagsPerConnection.get(connection) ?? 0) + groupTags.length,
      );
      const driver = this.driverOf(connection);
      this.groups.push({ driver, scanMs: Number(scan), plan: driver.plan(groupTags), cancel: null });
    }
    for (const [name, driver] of this.drivers)
      if (!this.tagsPerConnection.has(name)) {
        this.drivers.delete(name);
        void driver.close();
      }
    if (unknown.length) this.o.publish(unknown);
    const generation = this.generation;
    for (const g of this.groups) this.scan(g, generation);
  }

  private driverOf(name: string): FieldDriver {
    let d = this.drivers.get(name);
    const config = this.o.connections[name];
    if (!d && config) {
      const opened = this.o.openDriver(name, config);
      // The driver speaks of every counter; the link is told only when the state or the problem moves.
      let last = '';
      opened.onChange(() => {
        const r = opened.report(0);
        const now = `${r.state} ${r.last_error ?? ''}`;
        if (now === last) return;
        last = now;
        this.o.onConnectionChange?.();
      });
      d = opened;
      this.drivers.set(name, d);
    }
    if (!d) throw new Error(`no connection ${name}`);
    return d;
  }

  private scan(g: Group, generation: number): void {
    g.cancel = null;
    const started = performance.now();
    const failed = (err: unknown) => console.error(`field scan of ${g.driver.name}:`, err);
    // One reaction to the read, not a then/catch/finally chain: on a serial line polled back to back
    // this is on the path from an answer to the next request.
    g.plan.read().then(
      (readings) => {
        try {
          if (generation === this.generation) this.take(readings);
        } catch (err) {
          failed(err);
        }
        this.next(g, generation, started);
      },
      (err: unknown) => {
        failed(err);
        this.next(g, generation, started);
      },
    );
  }

  /** Schedules the group's next scan, one scan time after this one `started` (performance.now()). */
  private next(g: Group, generation: number, started: number): void {
    if (generation !== this.generation) return;
    const now = performance.now();
    const wait = started + g.scanMs - now;
    if (wait > 0) {
      const t = setTimeout(() => this.scan(g, generation), wait);
      g.cancel = () => clearTimeout(t);
    } else if (now - started >= WAITED_FOR_IO_MS) {
      // Overdue after waiting for its answers (a busy serial line): the next request goes out now,
      // in the turn that took the answer. Other work had its turns while this scan waited.
      this.scan(g, generation);
    } else {
      // Overdue at once (a read that failed without waiting): a turn for everything else first.
      const t = setImmediate(() => this.scan(g, generation));
      g.cancel = () => clearImmediate(t);
    }
  }

  /** Keeps the readings of a scan and publishes those that changed. */
  private take(readings: readonly TagReading[]): void {
    const ts = Date.now();
    const changed: FieldSample[] = [];
    for (const r of readings) {
      if (sameReading(this.latest.get(r.tag), r)) continue;
      const s: FieldSample = 'q' in r ? { tag: r.tag, q: r.q, ts } : { tag: r.tag, value: r.value, ts };
      this.latest.set(r.tag, s);
      changed.push(s);
    }
    if (changed.length) this.o.publish(changed);
  }

  /** Everything known, stamped now: the periodic refresh. */
  refresh(): void {
    const ts = Date.now();
    const all = [...this.latest.values()].map((s) => ({ ...s, ts }));
    if (all.length) this.o.publish(all);
  }

  /** Writes a TAG of the applied template to its PLC; a FieldError says why not. */
  async write(name: string, value: WireValue): Promise<void> {
    const tag = this.tags.get(name);
    if (!tag) {
      const q = this.latest.get(name);
      throw q && 'q' in q
        ? new FieldError(q.q, `${name}: ${q.q}`)
        : new FieldError('config:not polled', `${name} is not a field TAG of the applied template`);
    }
    if (tag.access !== 1 && tag.access !== 2)
      throw new FieldError('config:read only', `${name} is read-only`);
    const driver = this.drivers.get(tag.address.connection);
    if (!driver) throw new FieldError(UNKNOWN_CONNECTION, `${name}: no connection ${tag.address.connection}`);
    await driver.write(tag, value);
  }

  /** Whether `name` is a field TAG of the applied template (polled, or refused by the gateway). */
  has(name: string): boolean {
    return this.tags.has(name) || this.latest.has(name);
  }

  /** The connections' part of a field report (the link adds the outbox's and publishes it). */
  connectionsReport(): Pick<FieldReport, 'connections' | 'unknown_connection_tags'> {
    const connections = [...this.drivers.values()].map((d) =>
      d.report(this.tagsPerConnection.get(d.name) ?? 0),
    );
    return { connections, unknown_connection_tags: this.unknownTags.length };
  }

  /** Requests one scan of every group costs (what the planner made). */
  requestsPerScan(): number {
    return this.groups.reduce((n, g) => n + g.plan.requests, 0);
  }

  private stopGroups(): void {
    this.generation++;
    for (const g of this.groups) g.cancel?.();
    this.groups = [];
  }

  async stop(): Promise<void> {
    this.stopGroups();
    clearInterval(this.refreshTimer);
    await Promise.all([...this.drivers.values()].map((d) => d.close()));
    this.drivers.clear();
  }
}
