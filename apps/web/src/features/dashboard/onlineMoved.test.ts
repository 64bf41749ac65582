import { describe, expect, it } from 'vitest';
import type { LiveDevice } from '../../live/types';
import { onlineMoved } from './onlineMoved';

/** Live states of devices online since the given time, by device id. */
const states = (onlineSince: Record<number, number>) =>
  new Map<number, LiveDevice>(
    Object.entries(onlineSince).map(([id, at]) => [Number(id), { online: { online: 1, at } } as LiveDevice]),
  );

describe('online changes that move the dashboard counters', () => {
  it('a snapshot (each device’s first state) from before the counters moves nothing; a later change does', () => {
    const seen = new Map<number, string>();
    // Each step: the states the devices are in, and whether they move the counters.
    const steps: [Record<number, number>, boolean][] = [
      [{ 1: 100 }, false],
      [{ 1: 100, 2: 100 }, false],
      [{ 1: 100, 2: 100 }, false],
      [{ 1: 200, 2: 100 }, true],
    ];
    for (const [onlineSince, moved] of steps)
      expect(onlineMoved([1, 2], states(onlineSince), seen, 150)).toBe(moved);
  });

  it('a snapshot of a change at or after the counters were read moves them (the socket came late)', () => {
    expect(onlineMoved([1], states({ 1: 150 }), new Map(), 150)).toBe(true);
    expect(onlineMoved([1], states({ 1: 149 }), new Map(), 150)).toBe(false);
    // Counters not read yet: whatever they read later counts the state already.
    expect(onlineMoved([1], states({ 1: 900 }), new Map(), undefined)).toBe(false);
  });

  it('a device that goes offline in the second it came online moves them (times are whole seconds)', () => {
    const seen = new Map<number, string>();
    const state = (online: number) => new Map([[1, { online: { online, at: 200 } } as LiveDevice]]);
    expect(onlineMoved([1], state(1), seen, 150)).toBe(true);
    expect(onlineMoved([1], state(0), seen, 150)).toBe(true);
    expect(onlineMoved([1], state(0), seen, 150)).toBe(false);
  });

  it('ignores devices that are not watched', () => {
    const seen = new Map<number, string>([[3, '1@100']]);
    expect(onlineMoved([1], states({ 3: 200 }), seen, 0)).toBe(false);
  });
});
