import { describe, expect, it } from 'vitest';
import type { LiveDevice } from '../../live/types';
import { onlineMoved } from './onlineMoved';

/** Live states of devices online since the given time, by device id. */
const states = (onlineSince: Record<number, number>) =>
  new Map<number, LiveDevice>(
    Object.entries(onlineSince).map(([id, at]) => [Number(id), { online: { online: 1, at } } as LiveDevice]),
  );

describe('online changes that move the dashboard counters', () => {
  it('a snapshot (each device’s first state) moves nothing; a later change does', () => {
    const seen = new Map<number, number>();
    // Each step: the states the devices are in, and whether they move the counters.
    const steps: [Record<number, number>, boolean][] = [
      [{ 1: 100 }, false],
      [{ 1: 100, 2: 100 }, false],
      [{ 1: 100, 2: 100 }, false],
      [{ 1: 200, 2: 100 }, true],
    ];
    for (const [onlineSince, moved] of steps)
      expect(onlineMoved([1, 2], states(onlineSince), seen)).toBe(moved);
  });

  it('ignores devices that are not watched', () => {
    const seen = new Map<number, number>([[3, 100]]);
    expect(onlineMoved([1], states({ 3: 200 }), seen)).toBe(false);
  });
});
