import { describe, expect, it } from 'vitest';
import { SEEN_RANGES_MAX, acceptSeq, highestSeen, parseSeen, seenText, type SeqRange } from './seen-seqs';

/** Deterministic shuffle (a linear congruential generator): the same order on every run. */
function shuffled(xs: readonly number[]): number[] {
  const out = [...xs];
  let r = 12345;
  for (let i = out.length - 1; i > 0; i -= 1) {
    r = (r * 1103515245 + 12345) % 2 ** 31;
    const j = r % (i + 1);
    [out[i], out[j]] = [out[j] ?? 0, out[i] ?? 0];
  }
  return out;
}

/** Shuffled within consecutive slices of `n` (batches in flight together, taken in any order). */
const shuffledWithin = (xs: readonly number[], n: number) =>
  Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => shuffled(xs.slice(i * n, i * n + n))).flat();

const run = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

describe('seen batch numbers', () => {
  it('a live run is one range; a redelivery is dropped', () => {
    const seen: SeqRange[] = [];
    for (const s of run(10, 100)) expect(acceptSeq(seen, s)).toBe(true);
    expect(seen).toEqual([[10, 109]]);
    expect(acceptSeq(seen, 109)).toBe(false);
    expect(acceptSeq(seen, 10)).toBe(false);
    expect(highestSeen(seen)).toBe(109);
  });

  it('an hour replayed after the live numbers moved on is taken once: in order, newest first, or shuffled in flight', () => {
    // A gateway restarted during its outage: the hour is two runs, its clock in microseconds apart.
    const start = 1_772_352_000_000_000;
    const hour = [...run(start, 1800), ...run(start + 2_000_000_000, 1800)];
    const live = run(start + 5_000_000_000, 600);
    for (const order of [hour, [...hour].reverse(), shuffledWithin(hour, 200)]) {
      const seen: SeqRange[] = [];
      for (const s of live) acceptSeq(seen, s);
      expect(order.filter((s) => acceptSeq(seen, s))).toHaveLength(3600);
      // Replayed again (confirmations lost, a gateway killed mid-drain): nothing taken twice.
      expect(shuffled(hour).filter((s) => acceptSeq(seen, s))).toHaveLength(0);
      expect(live.filter((s) => acceptSeq(seen, s))).toHaveLength(0);
      // The restarts' gaps are never filled; everything sent is covered by three ranges.
      expect(seen).toHaveLength(3);
      expect(acceptSeq(seen, start + 1800)).toBe(true);
    }
  });

  it('numbers a million apart (a clock per batch) are judged one by one', () => {
    const seen: SeqRange[] = [];
    const sparse = run(0, 100).map((i) => 1_000_000 * (i + 1));
    for (const s of sparse.filter((_, i) => i % 2 === 1)) expect(acceptSeq(seen, s)).toBe(true);
    for (const s of sparse) expect(acceptSeq(seen, s)).toBe(sparse.indexOf(s) % 2 === 0);
    expect(sparse.filter((s) => acceptSeq(seen, s))).toHaveLength(0);
  });

  it('keeps at most SEEN_RANGES_MAX ranges, joining the lowest', () => {
    const seen: SeqRange[] = [];
    for (let i = 0; i <= SEEN_RANGES_MAX; i += 1) acceptSeq(seen, i * 10);
    expect(seen).toHaveLength(SEEN_RANGES_MAX);
    expect(seen[0]).toEqual([0, 10]);
    // Inside the joined gap: counted as seen; above it: judged exactly.
    expect(acceptSeq(seen, 5)).toBe(false);
    expect(acceptSeq(seen, 25)).toBe(true);
  });

  it('round-trips through the cursor row text', () => {
    const seen: SeqRange[] = [];
    for (const s of [...run(0, 5), 9, ...run(20, 3)]) acceptSeq(seen, s);
    expect(seenText(seen)).toBe('0-4,9,20-22');
    expect(parseSeen(seenText(seen))).toEqual(seen);
    expect(parseSeen('')).toEqual([]);
    expect(highestSeen([])).toBe(-1);
  });
});
