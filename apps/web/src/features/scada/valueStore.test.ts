import { describe, expect, it } from 'vitest';
import type { TagSample } from '../../live/types';
import { createValueStore, valueKey } from './valueStore';

/** Frames run only when the test says so. */
function frames() {
  const queued = new Map<number, () => void>();
  let n = 0;
  return {
    requestFrame: (fn: () => void) => {
      n += 1;
      queued.set(n, fn);
      return n;
    },
    cancelFrame: (h: number) => void queued.delete(h),
    run() {
      const now = [...queued.values()];
      queued.clear();
      now.forEach((fn) => fn());
      return now.length;
    },
  };
}

const sample = (value: string, ts = 1): TagSample => ({ value, ts });

describe('screen value store', () => {
  const a = valueKey(1, 'a');
  const b = valueKey(1, 'b');
  const c = valueKey(2, 'a');

  it('notifies only the keys whose sample changed, once per frame however many messages came', () => {
    const f = frames();
    const store = createValueStore([a, b, c], f);
    const calls: string[] = [];
    for (const key of [a, b, c]) store.subscribe(key, () => calls.push(key));

    const sa = sample('1');
    const sb = sample('2');
    store.push(
      1,
      new Map([
        ['a', sa],
        ['b', sb],
        ['unbound', sample('x')],
      ]),
    );
    store.push(
      1,
      new Map([
        ['a', sample('3', 2)],
        ['b', sb],
      ]),
    );
    expect(calls).toEqual([]);
    expect(f.run()).toBe(1);
    expect(calls.sort()).toEqual([a, b]);
    expect(store.get(a).sample?.value).toBe('3');

    // The same sample objects again (the live cache keeps unchanged TAGs): nothing to do.
    calls.length = 0;
    const before = store.get(b);
    store.push(
      1,
      new Map([
        ['a', store.get(a).sample as TagSample],
        ['b', sb],
      ]),
    );
    expect(f.run()).toBe(0);
    expect(calls).toEqual([]);
    expect(store.get(b)).toBe(before);

    // A device that the screen does not show is ignored; another device's key is its own.
    store.push(9, new Map([['a', sample('7')]]));
    store.push(2, new Map([['a', sample('7')]]));
    f.run();
    expect(calls).toEqual([c]);
  });

  it('naive mode re-renders every bound key on each message, at once', () => {
    const f = frames();
    const store = createValueStore([a, b], { ...f, mode: 'every-message' });
    const calls: string[] = [];
    for (const key of [a, b]) store.subscribe(key, () => calls.push(key));
    const sb = sample('2');
    store.push(1, new Map([['b', sb]]));
    const first = store.get(a);
    store.push(1, new Map([['b', sb]]));
    expect(calls).toEqual([a, b, a, b]);
    expect(store.get(a)).not.toBe(first);
    expect(f.run()).toBe(0);
  });

  it('drops a pending frame when disposed', () => {
    const f = frames();
    const store = createValueStore([a], f);
    const calls: string[] = [];
    store.subscribe(a, () => calls.push(a));
    store.push(1, new Map([['a', sample('1')]]));
    store.dispose();
    expect(f.run()).toBe(0);
    expect(calls).toEqual([]);
  });
});
