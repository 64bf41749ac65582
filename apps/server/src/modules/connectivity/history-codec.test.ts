import { describe, expect, it } from 'vitest';
import {
  ChunkBuilder as Frozen0010Chunks,
  decodeStaged as frozen0010Staged,
} from '../../platform/db/migrations/frozen/0010-history-codec';
import { decodeChunk, decodeStaged, eachNumber, encodeChunk, encodeStaged } from './history-codec';

describe('history codec', () => {
  const samples = [
    { ts: 1772352000000, num: 21.5, value: '21.5' },
    { ts: 1772352000001, num: -0, value: '-0' },
    { ts: 1772352000001, num: 1e21, value: '1e21' },
    { ts: 1772352000002, num: 18446744073709552000, value: '18446744073709551615' },
    { ts: 1772352000003, num: -9223372036854776000, value: '-9223372036854775808' },
    { ts: 1772352000004, num: null, value: '' },
    { ts: 1772352000005, num: null, value: '温度 ok ✓' },
    { ts: 1772352000006, num: 1, value: '1' },
    { ts: 0, num: 0.1 + 0.2, value: String(0.1 + 0.2) },
  ];

  it('gives back every sample of a chunk exactly, text and number', () => {
    expect(decodeChunk(encodeChunk(samples))).toEqual(samples);
    expect(decodeChunk(encodeChunk([]))).toEqual([]);
  });

  it('keeps what arrived in an interval beside its last value, and walks it as one summary', () => {
    const points = [
      { ts: 1772352000000, num: 24.5, value: '24.5', agg: { min: 18, max: 32, sum: 300, n: 12 } },
      { ts: 1772352060000, num: null, value: 'last ✓' },
      { ts: 1772352120000, num: 1e21, value: '1e21', agg: { min: -1, max: 1e21, sum: 1e21, n: 3 } },
      { ts: 1772352180000, num: 7, value: '7' },
    ];
    const data = encodeChunk(points);
    expect(decodeChunk(data)).toEqual(points);
    expect(decodeStaged(encodeStaged(points.map((p) => ({ ...p, tag: 't' }))))).toEqual(
      points.map((p) => ({ tag: 't', ...p })),
    );
    const seen: number[][] = [];
    eachNumber(data, (ts, min, max, sum, n) => seen.push([ts, min, max, sum, n]));
    expect(seen).toEqual([
      [1772352000000, 18, 32, 300, 12],
      [1772352120000, -1, 1e21, 1e21, 3],
      [1772352180000, 7, 7, 7, 1],
    ]);
  });

  it('walks the numeric samples of a chunk, time and number, as decoding finds them', () => {
    for (const data of [encodeChunk(samples), new Uint8Array(encodeChunk(samples)), encodeChunk([])]) {
      const seen: [number, number][] = [];
      eachNumber(data, (ts, num) => seen.push([ts, num]));
      expect(seen).toEqual(
        decodeChunk(data).flatMap((s) => (s.num === null ? [] : [[s.ts, s.num] as [number, number]])),
      );
    }
    // An offset view into a larger buffer (as a driver may hand a row's bytes back).
    const padded = Buffer.concat([Buffer.from([7, 7, 7]), encodeChunk(samples)]);
    const seen: number[] = [];
    eachNumber(padded.subarray(3), (_, num) => seen.push(num));
    expect(seen).toHaveLength(7);
  });

  it('stores a number without its text when the text is how the number prints', () => {
    expect(encodeChunk([{ ts: 1, num: 21.5, value: '21.5' }])).toHaveLength(17);
    expect(encodeChunk([{ ts: 1, num: 21.5, value: '21.50' }]).length).toBe(17 + 4 + 5);
  });

  it('gives back staged samples of several TAGs with their TAG, in order', () => {
    const tagged = samples.map((s, i) => ({ ...s, tag: ['temp', 'label', 'Ünïcode'][i % 3] ?? 'x' }));
    expect(decodeStaged(encodeStaged(tagged))).toEqual(tagged);
    // A TAG name is written once.
    const one = encodeStaged([{ tag: 'temperature', ts: 1, num: 1, value: '1' }]).length;
    const two = encodeStaged([
      { tag: 'temperature', ts: 1, num: 1, value: '1' },
      { tag: 'temperature', ts: 2, num: 2, value: '2' },
    ]).length;
    expect(two - one).toBe(19);
  });

  // Rows written by migration 0010 stay in the database: this codec must keep reading them (a change
  // of format comes with a migration that rewrites them, and then this test changes with it).
  it('reads what migration 0010 wrote, and writes what it read', () => {
    const tagged = samples.map((s) => ({ ...s, tag: 'temp' }));
    const chunks = new Frozen0010Chunks();
    for (const s of tagged) chunks.add(1, s);
    const byTime = (a: { ts: number }, b: { ts: number }) => a.ts - b.ts;
    const read = chunks.rows().flatMap((r) => decodeChunk(r.samples));
    expect(read.sort(byTime)).toEqual([...samples].sort(byTime));
    expect(frozen0010Staged(encodeStaged(tagged))).toEqual(tagged);
  });

  it('reads a copy that is not a Buffer (as PostgreSQL or SQLite may hand it back)', () => {
    const buf = encodeChunk(samples);
    expect(decodeChunk(new Uint8Array(buf))).toEqual(samples);
  });
});
