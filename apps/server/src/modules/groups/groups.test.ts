import { listGroups, bindDevice, updateDevice, createGroup, updateGroup, deleteGroup } from '@hmi/contract';
import { describe, expect, it } from 'vitest';
import { createMainAccount, newHardware } from '../../test/accounts';
import { databases } from '../../test/databases';
import { api } from '../../test/harness';
import { accountSuite } from '../../test/suite';
import { ok } from '../../test/registry';

describe.each(databases)('device groups on $name', (database) => {
  const ctx = accountSuite(database);
  const ids: Record<string, number> = {};

  const create = async (name: string, parent?: string) => {
    const g = await ok(ctx.h, ctx.main, createGroup, {
      body: {
        name,
        ...(parent ? { parent_id: ids[parent] } : {}),
      },
    });
    ids[name] = g.id;
    return g;
  };
  const idOf = (name: string): number => {
    const id = ids[name];
    if (id === undefined) throw new Error(`no group ${name}`);
    return id;
  };

  it('builds a tree of any depth with title, key, level, parent name and device counts', async () => {
    await create('L1');
    for (let i = 2; i <= 7; i++) await create(`L${i}`, `L${i - 1}`);
    await create('Other');
    const tree = await ok(ctx.h, ctx.main, listGroups);
    expect(tree.map((n) => n.name)).toEqual(['L1', 'Other']);
    let node = tree[0];
    for (let level = 1; level <= 7; level++) {
      expect(node).toMatchObject({
        name: `L${level}`,
        title: `L${level}`,
        key: String(ids[`L${level}`]),
        level,
      });
      expect(node?.parent_name).toBe(level === 1 ? '' : `L${level - 1}`);
      node = node?.children[0];
    }
  });

  it('a device shows its group path shortened beyond 3 levels; counts include sub-groups', async () => {
    const hw = await newHardware(ctx.h);
    const d = await ok(ctx.h, ctx.main, bindDevice, {
      body: {
        sn: hw.sn,
        pin: hw.pin,
        name: 'Pump',
        group_id: ids.L4,
      },
    });
    expect(d.group_path).toEqual(['L1', 'L2', 'L4']);
    const tree = await ok(ctx.h, ctx.main, listGroups);
    expect(tree[0]?.device_count).toBe(1);
    expect(tree[1]?.device_count).toBe(0);
    const moved = await ok(ctx.h, ctx.main, updateDevice, {
      params: { id: (d as { id: number }).id },
      body: {
        group_id: ids.L7,
      },
    });
    expect(moved.group_path).toEqual(['L1', 'L4', 'L7']);
    const three = await ok(ctx.h, ctx.main, updateDevice, {
      params: { id: (d as { id: number }).id },
      body: {
        group_id: ids.L3,
      },
    });
    expect(three.group_path).toEqual(['L1', 'L2', 'L3']);
  });

  it('refuses a duplicate name in the team (1083) and a bad name (1006)', async () => {
    const dup = await api(ctx.h.app, createGroup, { token: ctx.main.token, body: { name: 'L1' } });
    expect(dup.body).toMatchObject({ code: 1083, data: null });
    const rename = await api(ctx.h.app, updateGroup, {
      params: { id: idOf('L2') },
      token: ctx.main.token,
      body: { name: 'L1' },
    });
    expect(rename.body.code).toBe(1083);
    const blank = await api(ctx.h.app, createGroup, { token: ctx.main.token, body: { name: '   ' } });
    expect(blank.body).toMatchObject({ code: 1006, data: { field: 'name', issue: 'whitespace' } });
    // Another team may use the same name.
    const other = await createMainAccount(ctx.h);
    await ok(ctx.h, other, createGroup, { body: { name: 'L1' } });
  });

  it('refuses an unknown parent and moving a group under itself or a descendant (1027)', async () => {
    for (const parent_id of [999999, ids.L1, ids.L5]) {
      const r = await api(ctx.h.app, updateGroup, {
        params: { id: idOf('L1') },
        token: ctx.main.token,
        body: { parent_id },
      });
      expect(r.body.code, String(parent_id)).toBe(1027);
    }
    expect(
      (await api(ctx.h.app, createGroup, { token: ctx.main.token, body: { name: 'X', parent_id: 999999 } }))
        .body.code,
    ).toBe(1027);
  });

  it('moves a group (and renames it)', async () => {
    const g = await ok(ctx.h, ctx.main, updateGroup, {
      params: { id: ids.Other as number },
      body: { parent_id: ids.L2, name: 'Moved' },
    });
    expect(g).toEqual({ id: ids.Other, parent_id: ids.L2, name: 'Moved' });
    const top = await ok(ctx.h, ctx.main, updateGroup, {
      params: { id: ids.Other as number },
      body: { parent_id: null },
    });
    expect(top).toMatchObject({ parent_id: null, name: 'Moved' });
  });

  it('refuses deleting while the group or a sub-group has devices (1032); deletes sub-groups with it', async () => {
    for (const g of ['L1', 'L2', 'L3']) {
      const r = await api(ctx.h.app, deleteGroup, { params: { id: idOf(g) }, token: ctx.main.token });
      expect(r.body, g).toMatchObject({ code: 1032, data: null });
    }
    expect((await ok(ctx.h, ctx.main, listGroups)).map((n) => n.name)).toEqual(['L1', 'Moved']);
    const del = await ok(ctx.h, ctx.main, deleteGroup, { params: { id: ids.L4 as number } });
    expect(del.ids).toEqual([ids.L4, ids.L5, ids.L6, ids.L7]);
    const tree = JSON.stringify(await ok(ctx.h, ctx.main, listGroups));
    expect(tree).not.toContain('"L4"');
    expect(
      (await api(ctx.h.app, deleteGroup, { params: { id: idOf('L4') }, token: ctx.main.token })).body.code,
    ).toBe(1003);
  });
});
