import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock';

export interface IngestStats {
  batches: number;
  values: number;
  duplicates: number;
  rejected: Record<string, number>;
  last_rejection: { reason: string; tag: string | null; at: number } | null;
}

/** What this instance took in and turned away per SN (the ingest-stats call). */
export class IngestCounters {
  private readonly counters = new Map<string, IngestStats>();

  constructor(
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  of(sn: string): IngestStats {
    let s = this.counters.get(sn);
    if (!s) {
      s = { batches: 0, values: 0, duplicates: 0, rejected: {}, last_rejection: null };
      this.counters.set(sn, s);
    }
    return s;
  }

  reject(sn: string, reason: string, tag: string | null, n = 1): void {
    const s = this.of(sn);
    s.rejected[reason] = (s.rejected[reason] ?? 0) + n;
    s.last_rejection = { reason, tag, at: this.clock.now() };
    this.log.debug({ sn, reason, tag }, 'device data rejected');
  }
}
