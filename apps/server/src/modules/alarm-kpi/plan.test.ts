import { describe, expect, it } from 'vitest';
import { bucketPlan, windowPlan, type Plan } from './plan';

const B = 100;

/** How many times the plan counts second `t` (rows of `size` seconds and signed edges). */
function coverage(plan: Plan, size: number, t: number): number {
  let n = 0;
  if (plan.rows && t >= plan.rows.from * size && t < plan.rows.to * size) n += 1;
  for (const e of plan.edges) if (t >= e.start && t < e.end) n += e.sign;
  return n;
}

describe('range plans', () => {
  it('counts every second of the range once and none outside, whatever the edges', () => {
    for (const [start, end] of [
      [0, 1000],
      [130, 770],
      [190, 710],
      [110, 190],
      [150, 260],
      [199, 201],
    ] as const) {
      const plan = bucketPlan(start, end, B);
      for (let t = start - 2 * B; t < end + 2 * B; t++)
        expect(coverage(plan, B, t), `${start}-${end} at ${t}`).toBe(t >= start && t < end ? 1 : 0);
    }
  });

  it('reads the fewer records: inside up to a whole bucket, or a bucket less what lies outside', () => {
    expect(bucketPlan(170, 730, B)).toEqual({
      rows: { from: 2, to: 7 },
      edges: [
        { start: 170, end: 200, sign: 1 },
        { start: 700, end: 730, sign: 1 },
      ],
    });
    expect(bucketPlan(110, 790, B)).toEqual({
      rows: { from: 1, to: 8 },
      edges: [
        { start: 100, end: 110, sign: -1 },
        { start: 790, end: 800, sign: -1 },
      ],
    });
    expect(bucketPlan(200, 700, B)).toEqual({ rows: { from: 2, to: 7 }, edges: [] });
    // A short range inside a bucket: its records alone are fewer than the bucket's others.
    expect(bucketPlan(130, 170, B)).toEqual({ rows: null, edges: [{ start: 130, end: 170, sign: 1 }] });
    expect(bucketPlan(110, 190, B).rows).toEqual({ from: 1, to: 2 });
  });

  it('takes whole ten-minute windows and adds the partial ones at the edges', () => {
    expect(windowPlan(1300, 3100)).toEqual({
      rows: { from: 3, to: 5 },
      edges: [
        { start: 1300, end: 1800, sign: 1 },
        { start: 3000, end: 3100, sign: 1 },
      ],
    });
    expect(windowPlan(1300, 1700)).toEqual({ rows: null, edges: [{ start: 1300, end: 1700, sign: 1 }] });
  });
});
