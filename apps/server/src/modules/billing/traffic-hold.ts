import { epochSeconds, type Clock } from '../../platform/clock';
import { monthOf } from './months';
import type { BillingRepo } from './repo';

/** What one card gave a hold: taken from the card ahead of use, and how much of it was used. */
interface HoldTake {
  cardId: number;
  taken: number;
  settled: number;
}

/**
 * Remote traffic taken ahead of use by one relay session, so the relay does not touch the ledger
 * for every chunk it carries. `reserve` takes bytes from the device's cards (the same order and
 * never-overspend rule as `Traffic.charge`) without counting them as used; `settle` records bytes
 * that really flowed (the device's usage and the cards' charges, in the order the cards gave them);
 * `release` gives the cards back what was taken and not used. Calls run one at a time, in order.
 *
 * Bound after a crash: the cards keep what the hold had taken and not settled (at most one
 * reservation), and the usage lacks the bytes carried since the last settle.
 */
export class TrafficHold {
  private readonly takes: HoldTake[] = [];
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly repo: BillingRepo,
    private readonly clock: Clock,
    readonly deviceId: number,
    /** The device's team; null when billing is off (unlimited, nothing recorded). */
    private readonly teamId: number | null,
  ) {}

  /** Bytes taken and not yet settled. */
  get held(): number {
    return this.takes.reduce((n, t) => n + t.taken - t.settled, 0);
  }

  /** Takes up to `bytes` more from the device's cards; resolves to how many were taken. */
  reserve(bytes: number): Promise<number> {
    return this.serial(async () => {
      const teamId = this.teamId;
      if (teamId === null) return bytes;
      if (bytes <= 0) return 0;
      const now = epochSeconds(this.clock);
      const traffic = this.repo.traffic;
      // Applied to `takes` only once committed.
      const got = await this.repo.transaction(async (trx) => {
        const out: { cardId: number; take: number }[] = [];
        let left = bytes;
        for (const card of await traffic.chargeableCards(teamId, this.deviceId, now, trx)) {
          let available = Number(card.traffic_bytes) - Number(card.used_bytes);
          while (left > 0 && available > 0) {
            const take = Math.min(left, available);
            if (await traffic.takeFromCard(card.id, take, trx)) {
              out.push({ cardId: card.id, take });
              left -= take;
              available -= take;
            } else {
              // A concurrent hold or charge got there first: what the card has now.
              const cards = await traffic.chargeableCards(teamId, this.deviceId, now, trx);
              const fresh = cards.find((c) => c.id === card.id);
              available = fresh ? Number(fresh.traffic_bytes) - Number(fresh.used_bytes) : 0;
            }
          }
          if (left === 0) break;
        }
        return out;
      });
      for (const { cardId, take } of got) {
        const known = this.takes.find((t) => t.cardId === cardId);
        if (known) known.taken += take;
        else this.takes.push({ cardId, taken: take, settled: 0 });
      }
      return got.reduce((n, g) => n + g.take, 0);
    });
  }

  /** Records up to `bytes` of the held bytes as used this month; resolves to how many were recorded. */
  settle(bytes: number): Promise<number> {
    return this.serial(async () => {
      const teamId = this.teamId;
      if (teamId === null) return bytes;
      const month = monthOf(epochSeconds(this.clock));
      const parts: { take: HoldTake; n: number }[] = [];
      let left = bytes;
      for (const take of this.takes) {
        const n = Math.min(left, take.taken - take.settled);
        if (n <= 0) continue;
        parts.push({ take, n });
        left -= n;
      }
      if (!parts.length) return 0;
      await this.repo.transaction(async (trx) => {
        for (const { take, n } of parts)
          await this.repo.traffic.recordCharge(take.cardId, this.deviceId, month, n, trx);
        await this.repo.traffic.recordUsage(this.deviceId, teamId, month, bytes - left, trx);
      });
      for (const { take, n } of parts) take.settled += n;
      return bytes - left;
    });
  }

  /**
   * Gives the cards back what they gave and was not used (at most `limit` bytes, the latest taken
   * first so the earliest-expiring cards stay charged); resolves to the bytes given back.
   */
  release(limit = Infinity): Promise<number> {
    return this.serial(async () => {
      const back: { take: HoldTake; n: number }[] = [];
      let left = limit;
      for (const take of [...this.takes].reverse()) {
        const n = Math.min(left, take.taken - take.settled);
        if (n <= 0) continue;
        back.push({ take, n });
        left -= n;
      }
      if (this.teamId === null || !back.length) return 0;
      await this.repo.transaction(async (trx) => {
        for (const { take, n } of back) await this.repo.traffic.returnToCard(take.cardId, n, trx);
      });
      let total = 0;
      for (const { take, n } of back) {
        total += n;
        take.taken -= n;
      }
      return total;
    });
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn);
    this.queue = run.catch(() => undefined);
    return run;
  }
}
