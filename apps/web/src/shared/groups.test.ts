import { describe, expect, it } from 'vitest';
import type { GroupRow } from '@hmi/contract';
import { fullPathOf } from './groups';

/** A chain of rows, each the child of the one before, with ids from `id` on. */
const chain = (names: string[], id: number): GroupRow[] =>
  names.map((name, i) => ({ id: id + i, parent_id: i ? id + i - 1 : null, name }));

describe('the full path a displayed group path stands for', () => {
  const plant = chain(['Plant', 'Hall B', 'Line 2', 'Cell 7'], 1);

  it('is the one path of the tree that shortens to it; a path shown in full is itself', () => {
    expect(fullPathOf(['Plant', 'Hall B', 'Cell 7'], plant)).toEqual(['Plant', 'Hall B', 'Line 2', 'Cell 7']);
    expect(fullPathOf(['Plant', 'Hall B', 'Line 2'], plant)).toEqual(['Plant', 'Hall B', 'Line 2']);
  });

  it('is unknown when no path, or several different ones, shorten to it', () => {
    expect(fullPathOf(['Plant', 'Hall C', 'Cell 7'], plant)).toBeUndefined();
    const twin = chain(['Plant', 'Hall B', 'Line 3', 'Cell 7'], 10);
    expect(fullPathOf(['Plant', 'Hall B', 'Cell 7'], [...plant, ...twin])).toBeUndefined();
  });
});
