import { BATCH_VALUES_MAX, type TopicKind } from '@hmi/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { IngestCounters } from './counters';

export interface FairIngestOptions {
  /** Values a second one device may send (0: unlimited). */
  ratePerSecond: number;
  /** Tags batches of one device being handled at once. */
  inflightMax?: number;
  counters: IngestCounters;
  log: FastifyBaseLogger;
  /** Milliseconds on a monotonic clock (tests may drive it). */
  now?: () => number;
}

interface DeviceShare {
  /** Values it may still send; negative after a batch bigger than what was left (paid off first). */
  tokens: number;
  at: number;
  inflight: number;
  /** QoS 1 batches waiting for an inflight slot. */
  waiting: (() => void)[];
  /** When this device's throttling was last logged. */
  loggedAt: number;
}

/** Batches one device may have handled at once (the embedded broker reads a connection's next batch only after). */
const INFLIGHT_MAX_DEFAULT = 16;
/** The bucket holds this many seconds of the rate: a burst after a quiet spell is taken whole. */
const BURST_SECONDS = 2;
const LOG_EVERY_MS = 60_000;

/**
 * Fair shares of ingest between devices: a token bucket of values a second and a bound on batches in
 * flight per device. A device over either has its QoS 0 batches dropped (nothing is parsed; counted
 * as `rateLimited` batches) and its QoS 1 batches held until it is within both again; either way the
 * broker reads nothing more from that connection meanwhile (and acknowledges QoS 1 only after), so
 * TCP slows the device down. Other devices never wait behind it.
 */
export class FairIngest {
  private readonly shares = new Map<string, DeviceShare>();
  private readonly now: () => number;
  private readonly inflightMax: number;

  constructor(private readonly o: FairIngestOptions) {
    this.now = o.now ?? (() => performance.now());
    this.inflightMax = o.inflightMax ?? INFLIGHT_MAX_DEFAULT;
  }

  /**
   * Runs `handle` (which resolves with the values the batch held) when the device's share allows,
   * or drops a QoS 0 batch that it does not allow. State and ack messages are never held.
   */
  async admit(sn: string, kind: TopicKind, qos: number, handle: () => Promise<number>): Promise<void> {
    if (kind !== 'tags' || this.o.ratePerSecond <= 0) {
      await handle();
      return;
    }
    const share = this.share(sn);
    if (qos === 0 && (this.refill(share) <= 0 || share.inflight >= this.inflightMax)) {
      this.drop(sn, share);
      // Answered only once the device has tokens again: the broker reads nothing more from it
      // meanwhile, so a flood is held back by TCP instead of being read and dropped at full speed.
      await this.tokensBack(share);
      return;
    }
    while (share.inflight >= this.inflightMax) await new Promise<void>((go) => share.waiting.push(go));
    if (this.refill(share) <= 0) await this.tokensBack(share);
    // The largest batch is paid up front, so batches admitted together cannot all spend the same
    // tokens; what it did not hold is paid back once handled.
    share.inflight += 1;
    share.tokens -= BATCH_VALUES_MAX;
    let held = BATCH_VALUES_MAX;
    try {
      held = await handle();
    } finally {
      share.tokens += BATCH_VALUES_MAX - held;
      share.inflight -= 1;
      share.waiting.shift()?.();
    }
  }

  /** Resolves once the device has tokens left. */
  private async tokensBack(share: DeviceShare): Promise<void> {
    let debt = -this.refill(share);
    while (debt >= 0) {
      await new Promise((resume) => setTimeout(resume, ((debt + 1) / this.o.ratePerSecond) * 1000));
      debt = -this.refill(share);
    }
  }

  /** Forgets a device that disconnected with nothing owed or in flight (a fresh share is the same). */
  forget(sn: string): void {
    const share = this.shares.get(sn);
    if (share && share.inflight === 0 && !share.waiting.length && this.refill(share) >= this.capacity)
      this.shares.delete(sn);
  }

  private get capacity(): number {
    return this.o.ratePerSecond * BURST_SECONDS;
  }

  private share(sn: string): DeviceShare {
    let share = this.shares.get(sn);
    if (!share) {
      share = { tokens: this.capacity, at: this.now(), inflight: 0, waiting: [], loggedAt: -Infinity };
      this.shares.set(sn, share);
    }
    return share;
  }

  /** Adds what the time since the last refill earned; returns the tokens now. */
  private refill(share: DeviceShare): number {
    const now = this.now();
    share.tokens = Math.min(this.capacity, share.tokens + ((now - share.at) / 1000) * this.o.ratePerSecond);
    share.at = now;
    return share.tokens;
  }

  private drop(sn: string, share: DeviceShare): void {
    this.o.counters.reject(sn, 'rateLimited', null);
    const now = this.now();
    if (now - share.loggedAt < LOG_EVERY_MS) return;
    share.loggedAt = now;
    this.o.log.warn(
      { sn, rate: this.o.ratePerSecond },
      'device over its ingest share; QoS 0 batches dropped',
    );
  }
}
