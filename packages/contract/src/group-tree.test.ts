import { describe, expect, it } from 'vitest';
import {
  buildGroupTree,
  groupPathNames,
  groupPathText,
  groupWithDescendants,
  shortGroupPath,
} from './group-tree';

const names = (n: number) => Array.from({ length: n }, (_, i) => `L${i + 1}`);

describe('group paths', () => {
  it('shows up to 3 levels in full', () => {
    expect(shortGroupPath([])).toEqual([]);
    expect(shortGroupPath(names(1))).toEqual(['L1']);
    expect(shortGroupPath(names(2))).toEqual(['L1', 'L2']);
    expect(shortGroupPath(names(3))).toEqual(['L1', 'L2', 'L3']);
  });

  it('beyond 3 levels shows first, middle and last', () => {
    expect(shortGroupPath(names(4))).toEqual(['L1', 'L2', 'L4']);
    expect(shortGroupPath(names(5))).toEqual(['L1', 'L3', 'L5']);
    expect(shortGroupPath(names(7))).toEqual(['L1', 'L4', 'L7']);
    expect(groupPathText(names(7))).toBe('L1/L4/L7');
  });

  it('walks a stored tree to the path, treating an unknown parent as top level', () => {
    const rows = [
      { id: 1, parent_id: null, name: 'Plant' },
      { id: 2, parent_id: 1, name: 'Hall' },
      { id: 3, parent_id: 2, name: 'Line' },
      { id: 4, parent_id: 3, name: 'Cell' },
      { id: 5, parent_id: 99, name: 'Orphan' },
      { id: 6, parent_id: 5, name: 'Child' },
    ];
    expect(groupPathNames(4, rows)).toEqual(['Plant', 'Hall', 'Line', 'Cell']);
    expect(groupPathNames(6, rows)).toEqual(['Orphan', 'Child']);
    expect(groupPathNames(null, rows)).toEqual([]);
    expect(groupPathNames(42, rows)).toEqual([]);
  });
});

describe('group tree', () => {
  it('builds nodes with title, key, level, parent name and device counts including sub-groups', () => {
    const rows = [
      { id: 3, parent_id: 1, name: 'B' },
      { id: 1, parent_id: null, name: 'A' },
      { id: 2, parent_id: 1, name: 'C' },
      { id: 4, parent_id: 3, name: 'D' },
      { id: 5, parent_id: 77, name: 'E' },
    ];
    const own: Record<number, number> = { 1: 1, 3: 2, 4: 5, 5: 1 };
    const tree = buildGroupTree(rows, (id) => own[id] ?? 0);
    expect(tree.map((n) => n.id)).toEqual([1, 5]);
    const a = tree[0];
    expect(a).toMatchObject({
      title: 'A',
      key: '1',
      level: 1,
      parent_name: '',
      parent_id: null,
      device_count: 8,
    });
    expect(a?.children.map((c) => c.id)).toEqual([2, 3]);
    expect(a?.children[1]).toMatchObject({ level: 2, parent_name: 'A', device_count: 7 });
    expect(a?.children[1]?.children[0]).toMatchObject({ id: 4, level: 3, parent_name: 'B' });
    expect(tree[1]).toMatchObject({ name: 'E', level: 1, parent_id: null, parent_name: '' });
  });

  it('survives a stored cycle (each group appears once)', () => {
    const rows = [
      { id: 1, parent_id: 2, name: 'A' },
      { id: 2, parent_id: 1, name: 'B' },
      { id: 3, parent_id: 3, name: 'Self' },
    ];
    const tree = buildGroupTree(rows);
    const ids: number[] = [];
    const walk = (ns: typeof tree) => ns.forEach((n) => (ids.push(n.id), walk(n.children)));
    walk(tree);
    expect(ids.sort()).toEqual([1, 2, 3]);
    expect(groupPathNames(1, rows)).toEqual(['B', 'A']);
  });

  it('collects a group with every descendant', () => {
    const rows = [
      { id: 1, parent_id: null, name: 'A' },
      { id: 2, parent_id: 1, name: 'B' },
      { id: 3, parent_id: 2, name: 'C' },
      { id: 4, parent_id: null, name: 'D' },
    ];
    expect([...groupWithDescendants(1, rows)].sort()).toEqual([1, 2, 3]);
    expect([...groupWithDescendants(4, rows)]).toEqual([4]);
    expect([...groupWithDescendants(9, rows)]).toEqual([]);
  });
});
