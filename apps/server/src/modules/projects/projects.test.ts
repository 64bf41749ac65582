import type { Project } from '@hmi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount, newHardware, type TestAccount } from '../../test/accounts';
import { databases } from '../../test/databases';
import { call, startHarness, type Harness } from '../../test/harness';
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
      devices.push(
        (await ok<{ id: number }>(h, main, 'POST', '/v1/devices', { sn: hw.sn, pin: hw.pin, name })).id,
      );
    }
    const hw = await newHardware(h);
    theirDevice = (
      await ok<{ id: number }>(h, other, 'POST', '/v1/devices', { sn: hw.sn, pin: hw.pin, name: 'Theirs' })
    ).id;
  });
  afterAll(async () => {
    await h?.close();
  });

  it('adds, lists, edits and deletes projects with member devices', async () => {
    const p = await ok<Project>(h, main, 'POST', '/v1/projects', {
      name: 'Line 1',
      device_ids: [devices[0], devices[0]],
    });
    expect(p).toMatchObject({
      name: 'Line 1',
      device_count: 1,
      devices: [{ id: devices[0], name: 'Alpha' }],
    });
    const list = await ok<{ list: Project[]; total: number }>(h, main, 'GET', '/v1/projects?keyword=line');
    expect(list.total).toBe(1);
    const edited = await ok<Project>(h, main, 'PUT', `/v1/projects/${p.id}`, {
      name: 'Line A',
      device_ids: devices,
    });
    expect(edited).toMatchObject({ name: 'Line A', device_count: 2 });
    expect(
      (await ok<{ project_max_id: number }>(h, main, 'GET', '/v1/global/getUserInfo')).project_max_id,
    ).toBe(p.id);
    expect(await ok(h, main, 'DELETE', `/v1/projects/${p.id}`)).toBeNull();
    expect((await call(h.app, 'GET', `/v1/projects/${p.id}`, { token: main.token })).body).toMatchObject({
      code: 1003,
      data: null,
    });
  });

  it('refuses a duplicate name (1086) and devices outside the team (1003), writing nothing', async () => {
    const p = await ok<Project>(h, main, 'POST', '/v1/projects', { name: 'Dup', device_ids: [] });
    expect(
      (await call(h.app, 'POST', '/v1/projects', { token: main.token, body: { name: 'Dup' } })).body.code,
    ).toBe(1086);
    const foreign = await call(h.app, 'POST', '/v1/projects', {
      token: main.token,
      body: { name: 'New', device_ids: [theirDevice] },
    });
    expect(foreign.body).toMatchObject({ code: 1003, data: null });
    const edit = await call(h.app, 'PUT', `/v1/projects/${p.id}`, {
      token: main.token,
      body: { device_ids: [devices[1], theirDevice] },
    });
    expect(edit.body.code).toBe(1003);
    expect((await ok<Project>(h, main, 'GET', `/v1/projects/${p.id}`)).devices).toEqual([]);
    expect((await ok<{ total: number }>(h, main, 'GET', '/v1/projects')).total).toBe(1);
    expect(
      (await call(h.app, 'POST', '/v1/projects', { token: main.token, body: { name: ' ' } })).body,
    ).toMatchObject({
      code: 1006,
      data: { field: 'name', issue: 'required' },
    });
  });
});
