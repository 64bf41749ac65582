import { describe, expect, it } from 'vitest';
import { RESERVE_MAX_BYTES, RESERVE_MIN_BYTES, RelayMeter, type TrafficHoldPort } from './meter';

const MB = 1024 * 1024;

/** A ledger of `capacity` bytes whose reservations resolve when the test says so. */
class FakeHold implements TrafficHoldPort {
  taken = 0;
  settled = 0;
  asks: number[] = [];
  /** Answer reservations at once (from then on). */
  auto = false;
  private pending: (() => void)[] = [];

  constructor(private capacity: number) {}

  reserve(bytes: number): Promise<number> {
    this.asks.push(bytes);
    const answered = new Promise<number>((resolve) =>
      this.pending.push(() => {
        const got = Math.min(bytes, this.capacity - this.taken);
        this.taken += got;
        resolve(got);
      }),
    );
    if (this.auto) void this.answer();
    return answered;
  }
  async settle(bytes: number): Promise<number> {
    const n = Math.min(bytes, this.taken - this.settled);
    this.settled += n;
    return n;
  }
  async release(limit = Infinity): Promise<number> {
    const back = Math.min(limit, this.taken - this.settled);
    this.taken -= back;
    return back;
  }
  /** Answers every reservation asked so far (and those they ask in turn). */
  async answer(): Promise<void> {
    while (this.pending.length) {
      for (const p of this.pending.splice(0)) p();
      await new Promise((r) => setImmediate(r));
    }
  }
}

function meter(hold: FakeHold) {
  const events: string[] = [];
  const m = new RelayMeter({
    hold,
    onExhausted: () => events.push('exhausted'),
    onError: () => events.push('error'),
  });
  return { m, events };
}

describe('relay meter', () => {
  it('reserves ahead, grows its block while the stream is fast and cuts it back on a quiet tick', async () => {
    const hold = new FakeHold(1024 * MB);
    const { m } = meter(hold);
    await hold.answer();
    // Nothing carried, nothing held.
    expect(hold.asks).toEqual([]);
    for (let i = 0; i < 64; i += 1) {
      m.count(MB / 2);
      await hold.answer();
    }
    // 32 MB carried: the blocks doubled up to the largest, never more than one in flight.
    expect(hold.asks[0]).toBe(RESERVE_MIN_BYTES + MB / 2);
    const growing = hold.asks.slice(0, 6);
    expect(growing).toEqual([...growing].sort((a, b) => a - b));
    expect(Math.max(...hold.asks)).toBe(RESERVE_MAX_BYTES);
    expect(m.reserved - m.used).toBeGreaterThan(0);
    // Nothing crossed the ledger per chunk: a handful of reservations and no settle yet.
    expect(hold.asks.length).toBeLessThanOrEqual(12);
    expect(hold.settled).toBe(0);

    expect(await m.flush()).toBe(true);
    expect(hold.settled).toBe(32 * MB);
    // That tick carried 32 MB: the session keeps up to twice that for the next one.
    expect(hold.taken - hold.settled).toBe(m.reserved - m.used);
    expect(await m.flush()).toBe(false);
    // A quiet tick gives back all the session held unused.
    expect([hold.taken, m.reserved]).toEqual([32 * MB, 32 * MB]);
    // A quiet tick (nothing carried): the next reservation is the smallest again.
    const asked = hold.asks.length;
    while (hold.asks.length === asked) {
      m.count(MB / 2);
      await hold.answer();
    }
    // (what was carried past the nothing it held, and the smallest block ahead)
    expect(hold.asks.at(-1)).toBe(MB / 2 + RESERVE_MIN_BYTES);
  });

  it('gives back on a tick what the next tick will not need, and nothing is overspent', async () => {
    const hold = new FakeHold(1024 * MB);
    const { m } = meter(hold);
    for (let i = 0; i < 40; i += 1) {
      m.count(MB / 2);
      await hold.answer();
    }
    await m.flush();
    const held = hold.taken - hold.settled;
    // A slow tick (100 KiB): the session keeps twice that, the rest goes back to the ledger.
    m.count(100 * 1024);
    await hold.answer();
    await m.flush();
    expect(held).toBeGreaterThan(MB);
    expect(hold.taken - hold.settled).toBeLessThanOrEqual(200 * 1024);
    expect(hold.taken - hold.settled).toBe(m.reserved - m.used);
    expect(hold.settled).toBe(m.used);
  });

  it('settles what was carried at close and gives the unused rest back', async () => {
    const hold = new FakeHold(1024 * MB);
    const { m } = meter(hold);
    await hold.answer();
    m.count(300 * 1024);
    await hold.answer();
    await m.close();
    expect([hold.settled, hold.taken]).toEqual([300 * 1024, 300 * 1024]);
  });

  it('ends the session only once it is past what it holds and the ledger has no more', async () => {
    const hold = new FakeHold(1536 * 1024);
    const { m, events } = meter(hold);
    await hold.answer();
    m.count(1200 * 1024);
    await hold.answer();
    expect([m.reserved, events]).toEqual([1264 * 1024, []]);
    m.count(300 * 1024);
    await hold.answer();
    // The ledger gave its last 272 KiB: still within what the session holds.
    expect([m.reserved, events]).toEqual([1536 * 1024, []]);
    m.count(64 * 1024);
    await hold.answer();
    expect(events).toEqual(['exhausted']);
    hold.auto = true;
    await m.close();
    expect(hold.settled).toBe(1536 * 1024);
  });
});
