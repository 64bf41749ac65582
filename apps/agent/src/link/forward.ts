import type { TagsBatch } from '@hmi/contract';
import type { Outbox, OutboxBatch } from './outbox';

/**
 * Unconfirmed batches on the link at once, per kind (live and replayed). Replay runs at the pace of
 * the server's confirmations, never more than this ahead, so live batches (sent at once, beside the
 * replay) always find room. Also what keeps a batch the server may have stored within its anti-replay
 * window (64) when it comes again after a reconnect.
 */
export const IN_FLIGHT_MAX = 32;

export interface ForwardLink {
  connected(): boolean;
  /** Publishes one tags batch (QoS 1); rejects when the link fails. */
  publish(body: string): Promise<void>;
  onError(err: unknown): void;
}

/**
 * Store and forward over an Outbox: each batch is stored before it is sent; a live link gets it at
 * once (room permitting), otherwise it waits. On (re)connect the batches handed to the link before
 * and not confirmed go first (before any new batch, so the server's window still recognises those it
 * stored), then the rest in seq order, all as `late: true`. The server's `stored` deletes them.
 */
export class Forwarder {
  private readonly live = new Set<number>();
  private readonly late = new Set<number>();
  /** Highest seq the replay handed out on this connection. */
  private cursor = -1;
  private pumping = false;

  constructor(
    private readonly outbox: Outbox,
    private readonly link: ForwardLink,
  ) {}

  /** Stores `batch`; resolves once it is stored and, on a live link with room, acknowledged by the broker. */
  async submit(batch: TagsBatch): Promise<void> {
    const body = JSON.stringify({ ...batch, confirm: true });
    const live = this.link.connected() && this.live.size < IN_FLIGHT_MAX;
    this.outbox.add({ seq: batch.seq, ts: batch.ts ?? Date.now(), body, live });
    if (!live) return this.pump();
    this.live.add(batch.seq);
    await this.link.publish(body);
  }

  /** The link is up (again): unconfirmed batches first, then the replay. */
  onConnect(): void {
    this.live.clear();
    this.late.clear();
    this.cursor = -1;
    for (const b of this.outbox.unconfirmedLive()) this.send(b);
    void this.pump();
  }

  /** The server stored these batches (`cmd stored`). */
  confirm(seqs: readonly number[]): void {
    this.outbox.confirm(seqs);
    for (const s of seqs) {
      this.live.delete(s);
      this.late.delete(s);
    }
    void this.pump();
  }

  private send(b: OutboxBatch): void {
    this.late.add(b.seq);
    const replay = { ...(JSON.parse(b.body) as TagsBatch), late: true };
    this.link.publish(JSON.stringify(replay)).catch((err: unknown) => this.link.onError(err));
  }

  /** Replays stored batches in seq order while the window has room. */
  private pump(): Promise<void> {
    if (this.pumping) return Promise.resolve();
    this.pumping = true;
    try {
      while (this.link.connected() && this.late.size < IN_FLIGHT_MAX) {
        const rows = this.outbox.batchesAfter(this.cursor, IN_FLIGHT_MAX);
        if (!rows.length) break;
        for (const b of rows) {
          if (this.late.size >= IN_FLIGHT_MAX) break;
          this.cursor = b.seq;
          if (!this.live.has(b.seq) && !this.late.has(b.seq)) this.send(b);
        }
      }
    } finally {
      this.pumping = false;
    }
    return Promise.resolve();
  }
}
