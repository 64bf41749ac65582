/**
 * Bytes taken from the device's traffic at a time (or what is left of it): from the least, doubled
 * at each reservation while the stream is fast, cut back on a tick to twice what the tick carried.
 * What a session holds unused is what a crash of its instance leaves taken from the cards, and what
 * another device of the team cannot use meanwhile: the least is small, and a tick gives back what
 * the next tick will not need.
 */
export const RESERVE_MIN_BYTES = 64 * 1024;
export const RESERVE_MAX_BYTES = 16 * 1024 * 1024;

/** The device's traffic as one session holds it (billing's TrafficHold). */
export interface TrafficHoldPort {
  /** Takes up to `bytes` more from the device's traffic; resolves to how many were taken. */
  reserve(bytes: number): Promise<number>;
  /** Records up to `bytes` of the taken bytes as used; resolves to how many were recorded. */
  settle(bytes: number): Promise<number>;
  /** Gives back what was taken and not settled (at most `bytes` of it when given). */
  release(bytes?: number): Promise<number>;
}

export interface RelayMeterInit {
  hold: TrafficHoldPort;
  /** The ledger has nothing left for bytes already carried: the session ends (traffic). */
  onExhausted(): void;
  onError(err: unknown): void;
}

/**
 * Meters one relay session off the hot path: the relay counts bytes in memory against traffic
 * reserved ahead in blocks (the first once bytes flow: an idle session holds nothing), reserves
 * again when half a block is left, and settles the true total into the ledger on the session's tick
 * (giving back what the next tick will not need) and at close (giving all the unused part back). The
 * session ends when bytes it carried go past what it holds and the ledger has no more; the bytes
 * it carries past its reservation while one is being asked for are at most one transaction's worth.
 *
 * After a crash, the ledger's usage lacks at most one tick of bytes (those are already taken from
 * the cards), and the cards keep at most one block the session held and had not used.
 */
export class RelayMeter {
  /** Bytes carried, both directions. */
  used = 0;
  /** Bytes taken from the traffic so far, and how many of them are recorded as used. */
  reserved = 0;
  settled = 0;
  private asking: Promise<void> | null = null;
  /** The last reservation came back short: asked again only once the held bytes are spent. */
  private dry = false;
  private closed = false;
  private block = RESERVE_MIN_BYTES;
  /** `used` at the last tick. */
  private usedAtTick = 0;
  private settling: Promise<boolean> = Promise.resolve(false);

  constructor(private readonly o: RelayMeterInit) {}

  /** Bytes taken from the traffic and not carried yet: still the device's. */
  get unused(): number {
    return Math.max(0, this.reserved - this.used);
  }

  /** Counts bytes carried (synchronous, no I/O); a reservation is asked for in the background. */
  count(n: number): void {
    this.used += n;
    if (this.reserved - this.used < this.block / 2) this.topUp();
  }

  private topUp(): void {
    if (this.asking || this.closed || (this.dry && this.used <= this.reserved)) return;
    const want = this.block + Math.max(0, this.used - this.reserved);
    this.block = Math.min(RESERVE_MAX_BYTES, this.block * 2);
    this.asking = this.o.hold.reserve(want).then(
      (got) => {
        this.asking = null;
        this.reserved += got;
        this.dry = got < want;
        if (this.closed) return;
        if (this.used > this.reserved && this.dry) this.o.onExhausted();
        else if (!this.dry && this.reserved - this.used < this.block / 2) this.topUp();
      },
      (err: unknown) => {
        // Asked again only once the session is past what it holds, one request at a time.
        this.asking = null;
        this.dry = true;
        this.o.onError(err);
      },
    );
  }

  /**
   * Records what was carried (within the reservation) since the last settle and gives back what the
   * session holds beyond twice that (all of it after a quiet tick); true when anything was carried.
   */
  flush(): Promise<boolean> {
    const carried = this.used - this.usedAtTick;
    this.usedAtTick = this.used;
    const fit = Math.max(RESERVE_MIN_BYTES, 2 ** Math.ceil(Math.log2(Math.max(1, 2 * carried))));
    this.block = Math.min(this.block, fit);
    const keep = carried === 0 ? 0 : 2 * carried;
    this.settling = this.settling.then(async () => {
      const n = Math.min(this.used, this.reserved) - this.settled;
      try {
        if (n > 0) this.settled += await this.o.hold.settle(n);
        await this.giveBack(keep);
      } catch (err) {
        this.o.onError(err);
      }
      return n > 0;
    });
    return this.settling;
  }

  /** Gives the ledger back what is held unused beyond `keep` (not while a reservation is asked). */
  private async giveBack(keep: number): Promise<void> {
    const spare = this.unused - keep;
    if (spare <= 0 || this.asking || this.closed) return;
    this.reserved -= await this.o.hold.release(spare);
  }

  /**
   * The session's end: bytes carried past the reservation are reserved if the ledger still has them,
   * everything carried is settled, the unused rest given back.
   */
  async close(): Promise<void> {
    this.closed = true;
    await this.asking;
    try {
      if (this.used > this.reserved) this.reserved += await this.o.hold.reserve(this.used - this.reserved);
      await this.flush();
      await this.o.hold.release();
    } catch (err) {
      this.o.onError(err);
    }
  }
}
