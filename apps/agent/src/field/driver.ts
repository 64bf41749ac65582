/**
 * The one small interface every field driver offers (connect, read a plan, write, close, state
 * events), and the link handling they share: connect on demand with back-off, a bounded number of
 * requests in flight, retries after a timeout, pending requests failed at once when the link drops,
 * and the counters of the diagnostics report.
 */
import type { FieldAddress, FieldConnectionReport, QualityReason, WireValue } from '@hmi/contract';
import { FieldError, asFieldError } from './errors';
import { ResponseTimes } from './stats';

export type FieldProtocol = FieldConnectionReport['protocol'];
export type ConnectionState = FieldConnectionReport['state'];

/** A polled TAG of the applied template, its address parsed. */
export interface FieldTag {
  name: string;
  dataType: number;
  access: number;
  address: FieldAddress;
}

/** A TAG's reading: its value, or why it has none. */
export type TagReading = { tag: string; value: WireValue } | { tag: string; q: QualityReason };

/** The reads of one group of TAGs, planned once; `requests` is what one scan costs. */
export interface ScanPlan {
  readonly requests: number;
  read(): Promise<TagReading[]>;
}

export interface FieldDriver {
  readonly name: string;
  readonly protocol: FieldProtocol;
  /** Opens the link now (`gateway --check`); a FieldError says why it cannot be. */
  connect(): Promise<void>;
  plan(tags: readonly FieldTag[]): ScanPlan;
  /** Writes one TAG; a failure is a FieldError with its reason. */
  write(tag: FieldTag, value: WireValue): Promise<void>;
  close(): Promise<void>;
  report(tags: number): FieldConnectionReport;
  /** Called when the state, the last error or a counter changes. */
  onChange(listener: () => void): void;
}

export interface LinkOptions {
  timeoutMs: number;
  retries: number;
  maxInFlight: number;
}

const BACKOFF_MIN_MS = 500;
const BACKOFF_MAX_MS = 30_000;

/** The shared link handling; a protocol supplies open, shut and its operations. */
export abstract class LinkedDriver implements FieldDriver {
  abstract readonly protocol: FieldProtocol;
  private state: ConnectionState = 'connecting';
  private opening: Promise<void> | null = null;
  private isOpen = false;
  private failures = 0;
  private nextAttempt = 0;
  private readonly dropped = new Set<(e: FieldError) => void>();
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];
  private requests = 0;
  private errors = 0;
  private lastError: { reason: QualityReason; at: number } | undefined;
  private readonly times = new ResponseTimes();
  private readonly listeners: (() => void)[] = [];
  private closed = false;

  constructor(
    readonly name: string,
    protected readonly options: LinkOptions,
  ) {}

  abstract plan(tags: readonly FieldTag[]): ScanPlan;
  abstract write(tag: FieldTag, value: WireValue): Promise<void>;
  /** Opens the link; `onDrop` is called when it goes down later. */
  protected abstract open(onDrop: (why: string) => void): Promise<void>;
  protected abstract shut(): Promise<void>;

  connect(): Promise<void> {
    return this.ensureOpen();
  }

  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }

  private fail(e: FieldError): void {
    this.errors++;
    this.lastError = { reason: e.reason, at: Date.now() };
  }

  /** Resolves once the link is up; a FieldError (`disconnected`) while it cannot be. */
  private async ensureOpen(): Promise<void> {
    if (this.isOpen) return;
    if (this.closed) throw new FieldError('disconnected', 'the connection is closed');
    if (!this.opening) {
      if (Date.now() < this.nextAttempt) throw this.downError();
      this.state = 'connecting';
      this.opening = this.open((why) => this.drop(why)).then(
        () => {
          this.isOpen = true;
          this.failures = 0;
          this.state = 'connected';
          this.opening = null;
          this.changed();
        },
        (err: unknown) => {
          const e = new FieldError(
            'disconnected',
            `${this.name}: cannot connect: ${asFieldError(err, false).message}`,
          );
          this.opening = null;
          this.backOff(e);
          throw e;
        },
      );
    }
    return this.opening;
  }

  /** Why the link is down, for requests while it is: the reason it went down (a silent PLC: timeout). */
  private downError(): FieldError {
    const reason = this.lastError?.reason ?? 'disconnected';
    return new FieldError(reason, `${this.name}: reconnecting after ${reason}`);
  }

  private backOff(e: FieldError): void {
    this.nextAttempt = Date.now() + Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** this.failures);
    this.failures++;
    this.state = 'error';
    this.fail(e);
    this.changed();
  }

  /** The link went down: pending requests fail now (not at their timeout) and the next read reconnects. */
  private drop(why: string, reason: QualityReason = 'disconnected'): void {
    if (!this.isOpen) return;
    this.isOpen = false;
    const e = new FieldError(reason, `${this.name}: ${why}`);
    this.failPending(e);
    this.backOff(e);
    if (!this.closed) void this.shut().catch(() => undefined);
  }

  /** Pending requests fail with `e` now. */
  private failPending(e: FieldError): void {
    const pending = [...this.dropped];
    this.dropped.clear();
    for (const reject of pending) reject(e);
  }

  /**
   * `op`'s answer, or the error of the link dropping first. One promise a request, no chained
   * `finally`: on a serial line polled back to back this is on the path from an answer to the next
   * request.
   */
  private untilDropped<T>(op: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.dropped.add(reject);
      op().then(
        (v) => {
          this.dropped.delete(reject);
          resolve(v);
        },
        (err: unknown) => {
          this.dropped.delete(reject);
          reject(err);
        },
      );
    });
  }

  /** A request slot; a released slot passes straight to the next waiter, so the limit always holds. */
  private async slot(): Promise<() => void> {
    if (this.inFlight < this.options.maxInFlight) this.inFlight++;
    else await new Promise<void>((r) => this.waiting.push(r));
    return () => {
      const next = this.waiting.shift();
      if (next) next();
      else this.inFlight--;
    };
  }

  /**
   * Runs one protocol request on the open link: waits for a slot, counts it, retries a timeout, and
   * fails with the link when it drops. Errors come back as FieldErrors.
   */
  protected async request<T>(op: () => Promise<T>): Promise<T> {
    await this.ensureOpen();
    const release = await this.slot();
    try {
      // the link may have gone down while this request waited for its slot
      if (!this.isOpen) throw this.downError();
      for (let attempt = 0; ; attempt++) {
        const started = performance.now();
        this.requests++;
        try {
          const result = await this.untilDropped(op);
          this.times.add(performance.now() - started);
          return result;
        } catch (err) {
          const e = asFieldError(err, this.isOpen);
          if (e.reason === 'timeout' && attempt >= this.options.retries && this.isOpen) {
            // A PLC that stopped answering: what waits for it fails now (not one timeout after another,
            // which would hold its TAGs' quality for many scans) and the next scan reconnects.
            this.drop(`no answer in ${this.options.timeoutMs} ms`, 'timeout');
            throw e;
          }
          if (e.reason === 'disconnected' && this.isOpen) {
            // The link broke under this request (its close event may come later): it is down now.
            this.drop(e.message);
            throw e;
          }
          if (e.reason !== 'timeout' || attempt >= this.options.retries) {
            this.fail(e);
            this.changed();
            throw e;
          }
        }
      }
    } finally {
      release();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const e = new FieldError('disconnected', `${this.name}: closed`);
    this.failPending(e);
    this.isOpen = false;
    await this.opening?.catch(() => undefined);
    await this.shut().catch(() => undefined);
  }

  report(tags: number): FieldConnectionReport {
    const r: FieldConnectionReport = {
      name: this.name,
      protocol: this.protocol,
      state: this.state,
      requests: this.requests,
      errors: this.errors,
      tags,
    };
    if (this.lastError) {
      r.last_error = this.lastError.reason;
      r.last_error_at = this.lastError.at;
    }
    const p50 = this.times.percentile(50);
    const p99 = this.times.percentile(99);
    if (p50 !== undefined) r.p50_ms = Math.round(p50 * 100) / 100;
    if (p99 !== undefined) r.p99_ms = Math.round(p99 * 100) / 100;
    return r;
  }
}
