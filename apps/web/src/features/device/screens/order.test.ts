import { describe, expect, it } from 'vitest';
import { moveUpdates } from './order';

const list = (...sorts: number[]) => sorts.map((sort, i) => ({ id: i + 1, sort }));

describe('moving a screen', () => {
  it('renumbers the list by position and sends only the sorts that change', () => {
    // All at the default 0: the moved screen and those after it get their positions.
    expect(moveUpdates(list(0, 0, 0), 0, 1)).toEqual([
      { id: 1, sort: 1 },
      { id: 3, sort: 2 },
    ]);
    expect(moveUpdates(list(0, 1, 2), 2, -1)).toEqual([
      { id: 3, sort: 1 },
      { id: 2, sort: 2 },
    ]);
    // Gaps left by deleted screens close up.
    expect(moveUpdates(list(0, 5, 9), 1, -1)).toEqual([
      { id: 2, sort: 0 },
      { id: 1, sort: 1 },
      { id: 3, sort: 2 },
    ]);
  });

  it('does nothing for a move off either end', () => {
    expect(moveUpdates(list(0, 1), 0, -1)).toEqual([]);
    expect(moveUpdates(list(0, 1), 1, 1)).toEqual([]);
    expect(moveUpdates(list(0, 1), 5, -1)).toEqual([]);
  });
});
