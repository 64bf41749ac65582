import { describe, expect, it } from 'vitest';
import { databases } from '../test/databases';
import { useHarness } from '../test/suite';
import { SlidingWindowLimiter } from './rate-limit';

describe.each(databases)('SlidingWindowLimiter on $name', (database) => {
  const h = useHarness(database);

  it('blocks at the limit until the oldest counted attempt leaves the window', async () => {
    const l = new SlidingWindowLimiter(h.app.database.db, h.clock, 'test-a', 3, 60);
    await l.hit('k');
    h.clock.advance(10);
    await l.hit('k');
    await l.hit('k');
    expect(await l.retryAfter('k')).toBe(50);
    expect(await l.retryAfter('other')).toBe(0);
    h.clock.advance(50);
    expect(await l.retryAfter('k')).toBe(0);
    await l.hit('k');
    expect(await l.retryAfter('k')).toBe(10);
    await l.reset('k');
    expect(await l.retryAfter('k')).toBe(0);
  });

  it('shares counts between limiters of one scope (other instances, a restart) and keeps scopes apart', async () => {
    const first = new SlidingWindowLimiter(h.app.database.db, h.clock, 'test-b', 2, 60);
    const second = new SlidingWindowLimiter(h.app.database.db, h.clock, 'test-b', 2, 60);
    const otherScope = new SlidingWindowLimiter(h.app.database.db, h.clock, 'test-c', 2, 60);
    await first.hit('k');
    await second.hit('k');
    expect(await first.retryAfter('k')).toBe(60);
    expect(await second.retryAfter('k')).toBe(60);
    expect(await otherScope.retryAfter('k')).toBe(0);
  });

  it('forgets attempts that left the window when the key is hit again', async () => {
    const l = new SlidingWindowLimiter(h.app.database.db, h.clock, 'test-d', 5, 60);
    await l.hit('k');
    await l.hit('k');
    h.clock.advance(61);
    await l.hit('k');
    const rows = await h.app.database.db
      .selectFrom('attempts')
      .select('at')
      .where('scope', '=', 'test-d')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('claim: of racing attempts at most the limit get through; refused and released ones are uncounted', async () => {
    const l = new SlidingWindowLimiter(h.app.database.db, h.clock, 'test-e', 3, 60);
    const claims = await Promise.all(Array.from({ length: 8 }, () => l.claim('k')));
    const passed = claims.filter((c) => c.retryAfter === 0);
    expect(passed.length).toBeLessThanOrEqual(3);
    for (let i = passed.length; i < 3; i += 1) expect((await l.claim('k')).retryAfter).toBe(0);
    expect((await l.claim('k')).retryAfter).toBe(60);
    await passed[0]?.release();
    if (passed.length) expect((await l.claim('k')).retryAfter).toBe(0);
    expect((await l.claim('other')).retryAfter).toBe(0);
  });
});
