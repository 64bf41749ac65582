import type { GroupNode } from '@hmi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount, newHardware, type TestAccount } from '../../test/accounts';
import { databases } from '../../test/databases';
import { call, startHarness, type Harness } from '../../test/harness';
import { ok } from '../../test/registry';

describe.each(databases)('device groups on $name', (database) => {
  let h: Harness;
  let main: TestAccount;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    h = await startHarness(database);
    main = await createMainAccount(h);
  });
  afterAll(async () => {
    await h?.close();
  });

  const create = async (name: string, parent?: string) => {
    const g = await ok<{ id: number }>(h, main, 'POST', '/v1/groups', {
      name,
      ...(parent ? { parent_id: ids[parent] } : {}),
    });
    ids[name] = g.id;
    return g;
  };

  it('builds a tree of any depth with title, key, level, parent name and device counts', async () => {
    await create('L1');
    for (let i = 2; i <= 7; i++) await create(`L${i}`, `L${i - 1}`);
    await create('Other');
    const tree = await ok<GroupNode[]>(h, main, 'GET', '/v1/groups');
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
    const hw = await newHardware(h);
    const d = await ok<{ group_path: string[] }>(h, main, 'POST', '/v1/devices', {
      sn: hw.sn,
      pin: hw.pin,
      name: 'Pump',
      group_id: ids.L4,
    });
    expect(d.group_path).toEqual(['L1', 'L2', 'L4']);
    const tree = await ok<GroupNode[]>(h, main, 'GET', '/v1/groups');
    expect(tree[0]?.device_count).toBe(1);
    expect(tree[1]?.device_count).toBe(0);
    const moved = await ok<{ group_path: string[] }>(
      h,
      main,
      'PUT',
      `/v1/devices/${(d as { id?: number }).id}`,
      {
        group_id: ids.L7,
      },
    );
    expect(moved.group_path).toEqual(['L1', 'L4', 'L7']);
    const three = await ok<{ group_path: string[] }>(
      h,
      main,
      'PUT',
      `/v1/devices/${(d as { id?: number }).id}`,
      {
        group_id: ids.L3,
      },
    );
    expect(three.group_path).toEqual(['L1', 'L2', 'L3']);
  });

  it('refuses a duplicate name in the team (1083) and a bad name (1006)', async () => {
    const dup = await call(h.app, 'POST', '/v1/groups', { token: main.token, body: { name: 'L1' } });
    expect(dup.body).toMatchObject({ code: 1083, data: null });
    const rename = await call(h.app, 'PUT', `/v1/groups/${ids.L2}`, {
      token: main.token,
      body: { name: 'L1' },
    });
    expect(rename.body.code).toBe(1083);
    const blank = await call(h.app, 'POST', '/v1/groups', { token: main.token, body: { name: '   ' } });
    expect(blank.body).toMatchObject({ code: 1006, data: { field: 'name', issue: 'whitespace' } });
    // Another team may use the same name.
    const other = await createMainAccount(h);
    await ok(h, other, 'POST', '/v1/groups', { name: 'L1' });
  });

  it('refuses an unknown parent and moving a group under itself or a descendant (1027)', async () => {
    for (const parent_id of [999999, ids.L1, ids.L5]) {
      const r = await call(h.app, 'PUT', `/v1/groups/${ids.L1}`, { token: main.token, body: { parent_id } });
      expect(r.body.code, String(parent_id)).toBe(1027);
    }
    expect(
      (await call(h.app, 'POST', '/v1/groups', { token: main.token, body: { name: 'X', parent_id: 999999 } }))
        .body.code,
    ).toBe(1027);
  });

  it('moves a group (and renames it)', async () => {
    const g = await ok(h, main, 'PUT', `/v1/groups/${ids.Other}`, { parent_id: ids.L2, name: 'Moved' });
    expect(g).toEqual({ id: ids.Other, parent_id: ids.L2, name: 'Moved' });
    const top = await ok(h, main, 'PUT', `/v1/groups/${ids.Other}`, { parent_id: null });
    expect(top).toMatchObject({ parent_id: null, name: 'Moved' });
  });

  it('refuses deleting while the group or a sub-group has devices (1032); deletes sub-groups with it', async () => {
    for (const g of ['L1', 'L2', 'L3']) {
      const r = await call(h.app, 'DELETE', `/v1/groups/${ids[g]}`, { token: main.token });
      expect(r.body, g).toMatchObject({ code: 1032, data: null });
    }
    expect((await ok<GroupNode[]>(h, main, 'GET', '/v1/groups')).map((n) => n.name)).toEqual(['L1', 'Moved']);
    const del = await ok<{ ids: number[] }>(h, main, 'DELETE', `/v1/groups/${ids.L4}`);
    expect(del.ids).toEqual([ids.L4, ids.L5, ids.L6, ids.L7]);
    const tree = JSON.stringify(await ok(h, main, 'GET', '/v1/groups'));
    expect(tree).not.toContain('"L4"');
    expect((await call(h.app, 'DELETE', `/v1/groups/${ids.L4}`, { token: main.token })).body.code).toBe(1003);
  });
});
