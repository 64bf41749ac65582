import { describe, expect, it } from 'vitest';
import { ManualClock } from './clock';
import { SlidingWindowLimiter } from './rate-limit';

describe('SlidingWindowLimiter', () => {
  it('blocks at the limit until the oldest counted event leaves the window', () => {
    const clock = new ManualClock();
    const l = new SlidingWindowLimiter(clock, 3, 60);
    l.hit('k');
    clock.advance(10);
    l.hit('k');
    l.hit('k');
    expect(l.retryAfter('k')).toBe(50);
    expect(l.retryAfter('other')).toBe(0);
    clock.advance(50);
    expect(l.retryAfter('k')).toBe(0);
    l.hit('k');
    expect(l.retryAfter('k')).toBe(10);
    l.reset('k');
    expect(l.retryAfter('k')).toBe(0);
  });
});
