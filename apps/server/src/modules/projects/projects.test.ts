import {
  bindDevice,
  listProjects,
  getUserInfo,
  deleteProject,
  getProject,
  createProject,
  updateProject,
} from '@hmi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount, newHardware, type TestAccount } from '../../test/accounts';
import { databases } from '../../test/databases';
import { api, startHarness, type Harness } from '../../test/harness';
import { ok } from '../../test/registry';

describe.each(databases)('projects on $name', (database) => {
  let h: Harness;
  let main: TestAccount;
  let other: TestAccount;
  const devices: number[] = [];
  let theirDevice: number;

  beforeAll(async () => {
    h = await startHarness(database);
    main = await createMainAccount(h);
    other = await createMainAccount(h);
    for (const name of ['Alpha', 'Beta']) {
      const hw = await newHardware(h);
      devices.push((await ok(h, main, bindDevice, { body: { sn: hw.sn, pin: hw.pin, name } })).id);
    }
    const hw = await newHardware(h);
    theirDevice = (await ok(h, other, bindDevice, { body: { sn: hw.sn, pin: hw.pin, name: 'Theirs' } })).id;
  });
  afterAll(async () => {
    await h?.close();
  });

  it('adds, lists, edits and deletes projects with member devices', async () => {
    const p = await ok(h, main, createProject, {
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
    const list = await ok(h, main, listProjects, { query: { keyword: 'line' } });
    expect(list.total).toBe(1);
    const edited = await ok(h, main, updateProject, {
      params: { id: p.id },
      body: {
        name: 'Line A',
        device_ids: devices,
      },
    });
    expect(edited).toMatchObject({ name: 'Line A', device_count: 2 });
    expect((await ok(h, main, getUserInfo)).project_max_id).toBe(p.id);
    expect(await ok(h, main, deleteProject, { params: { id: p.id } })).toBeNull();
    expect((await api(h.app, getProject, { params: { id: p.id }, token: main.token })).body).toMatchObject({
      code: 1003,
      data: null,
    });
  });

  it('refuses a duplicate name (1086) and devices outside the team (1003), writing nothing', async () => {
    const p = await ok(h, main, createProject, { body: { name: 'Dup', device_ids: [] } });
    expect((await api(h.app, createProject, { token: main.token, body: { name: 'Dup' } })).body.code).toBe(
      1086,
    );
    const foreign = await api(h.app, createProject, {
      token: main.token,
      body: { name: 'New', device_ids: [theirDevice] },
    });
    expect(foreign.body).toMatchObject({ code: 1003, data: null });
    const edit = await api(h.app, updateProject, {
      params: { id: p.id },
      token: main.token,
      body: { device_ids: [devices[1] as number, theirDevice] },
    });
    expect(edit.body.code).toBe(1003);
    expect((await ok(h, main, getProject, { params: { id: p.id } })).devices).toEqual([]);
    expect((await ok(h, main, listProjects)).total).toBe(1);
    expect((await api(h.app, createProject, { token: main.token, body: { name: ' ' } })).body).toMatchObject({
      code: 1006,
      data: { field: 'name', issue: 'required' },
    });
  });
});
