import { describe, expect, it } from 'vitest';
import type { LiveDevice } from '../../live/types';
import { onlineMoved } from './onlineMoved';

const states = (entries: [number, number][]) =>
  new Map<number, LiveDevice>(entries.map(([id, at]) => [id, { online: { online: 1, at } } as LiveDevice]));

describe('online changes that move the dashboard counters', () => {
  it('a snapshot (each device’s first state) moves nothing; a later change does', () => {
    const seen = new Map<number, number>();
    expect(onlineMoved([1, 2], states([[1, 100]]), seen)).toBe(false);
    expect(
      onlineMoved(
        [1, 2],
        states([
          [1, 100],
          [2, 100],
        ]),
        seen,
      ),
    ).toBe(false);
    expect(
      onlineMoved(
        [1, 2],
        states([
          [1, 100],
          [2, 100],
        ]),
        seen,
      ),
    ).toBe(false);
    expect(
      onlineMoved(
        [1, 2],
        states([
          [1, 200],
          [2, 100],
        ]),
        seen,
      ),
    ).toBe(true);
  });

  it('ignores devices that are not watched', () => {
    const seen = new Map<number, number>([[3, 100]]);
    expect(onlineMoved([1], states([[3, 200]]), seen)).toBe(false);
  });
});
