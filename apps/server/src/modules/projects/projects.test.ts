import {
  bindDevice,
  listProjects,
  getUserInfo,
  deleteProject,
  getProject,
  createProject,
  updateProject,
} from '@hmi/contract';
import { describe, expect, it } from 'vitest';
import { createMainAccount, newHardware, type TestAccount } from '../../test/accounts';
import { databases } from '../../test/databases';
import { api } from '../../test/harness';
import { AccountSuite, withAccountSuite } from '../../test/suite';
import { ok } from '../../test/registry';

describe.each(databases)('projects on $name', (database) => {
  let other: TestAccount;
  const devices: number[] = [];
  let theirDevice: number;
  const ctx = withAccountSuite(new AccountSuite(), database, 1, async () => {
    other = await createMainAccount(ctx.h);
    for (const name of ['Alpha', 'Beta']) {
      const hw = await newHardware(ctx.h);
      devices.push((await ok(ctx.h, ctx.main, bindDevice, { body: { sn: hw.sn, pin: hw.pin, name } })).id);
    }
    const hw = await newHardware(ctx.h);
    theirDevice = (await ok(ctx.h, other, bindDevice, { body: { sn: hw.sn, pin: hw.pin, name: 'Theirs' } }))
      .id;
  });

  it('adds, lists, edits and deletes projects with member devices', async () => {
    const p = await ok(ctx.h, ctx.main, createProject, {
      body: {
        name: 'Line 1',
        device_ids: [devices[0], devices[0]] as number[],
      },
    });
    expect(p).toMatchObject({
      name: 'Line 1',
      device_count: 1,
      devices: [{ id: devices[0], name: 'Alpha' }],
    });
    const list = await ok(ctx.h, ctx.main, listProjects, { query: { keyword: 'line' } });
    expect(list.total).toBe(1);
    const edited = await ok(ctx.h, ctx.main, updateProject, {
      params: { id: p.id },
      body: {
        name: 'Line A',
        device_ids: devices,
      },
    });
    expect(edited).toMatchObject({ name: 'Line A', device_count: 2 });
    expect((await ok(ctx.h, ctx.main, getUserInfo)).project_max_id).toBe(p.id);
    expect(await ok(ctx.h, ctx.main, deleteProject, { params: { id: p.id } })).toBeNull();
    expect(
      (await api(ctx.h.app, getProject, { params: { id: p.id }, token: ctx.main.token })).body,
    ).toMatchObject({
      code: 1003,
      data: null,
    });
  });

  it('refuses a duplicate name (1086) and devices outside the team (1003), writing nothing', async () => {
    const p = await ok(ctx.h, ctx.main, createProject, { body: { name: 'Dup', device_ids: [] } });
    expect(
      (await api(ctx.h.app, createProject, { token: ctx.main.token, body: { name: 'Dup' } })).body.code,
    ).toBe(1086);
    const foreign = await api(ctx.h.app, createProject, {
      token: ctx.main.token,
      body: { name: 'New', device_ids: [theirDevice] },
    });
    expect(foreign.body).toMatchObject({ code: 1003, data: null });
    const edit = await api(ctx.h.app, updateProject, {
      params: { id: p.id },
      token: ctx.main.token,
      body: { device_ids: [devices[1] as number, theirDevice] },
    });
    expect(edit.body.code).toBe(1003);
    expect((await ok(ctx.h, ctx.main, getProject, { params: { id: p.id } })).devices).toEqual([]);
    expect((await ok(ctx.h, ctx.main, listProjects)).total).toBe(1);
    expect(
      (await api(ctx.h.app, createProject, { token: ctx.main.token, body: { name: ' ' } })).body,
    ).toMatchObject({
      code: 1006,
      data: { field: 'name', issue: 'required' },
    });
  });
});
