import {
  listGroups,
  createGroup,
  createTemplate,
  getDashboard,
  deleteGroup,
  listDevices,
  bindDevice,
  createProject,
  setFavourite,
  getDataPermissions,
  putDataPermissions,
  Permission as P,
} from '@hmi/contract';
import { describe, expect, it } from 'vitest';
import { createMainAccount, createSubAccount, newHardware, type TestAccount } from '../../test/accounts';
import { databases } from '../../test/databases';
import { api, type ApiBody } from '../../test/harness';
import { AccountSuite, withAccountSuite } from '../../test/suite';
import { ok, seedRegistry, type RegistryObjects } from '../../test/registry';

describe.each(databases)('data permissions on $name', (database) => {
  let other: TestAccount;
  let member: TestAccount;
  let a: RegistryObjects;
  let b: RegistryObjects;
  const ctx = withAccountSuite(new AccountSuite(), database, 5, async () => {
    other = await createMainAccount(ctx.h, 5);
    member = await createSubAccount(ctx.h, ctx.main.teamId, [
      P.DEVICE_VIEW,
      P.DEVICE_BIND,
      P.DEVICE_EDIT,
      P.GROUP_VIEW,
      P.GROUP_ADD,
      P.TEMPLATE_VIEW,
      P.TEMPLATE_ADD,
      P.PROJECT_VIEW,
      P.PROJECT_ADD,
      P.DASHBOARD_VIEW,
    ]);
    a = await seedRegistry(ctx.h, ctx.main, 'one');
    b = await seedRegistry(ctx.h, ctx.main, 'two');
  });

  it('the main account assigns groups, templates and projects; the sub-account then sees exactly those', async () => {
    const r = await ok(ctx.h, ctx.main, putDataPermissions, {
      params: { id: member.userId },
      body: {
        group_ids: [a.groupId],
        template_ids: [a.templateId],
        project_ids: [a.projectId],
      },
    });
    expect(r).toEqual({ group_ids: [a.groupId], template_ids: [a.templateId], project_ids: [a.projectId] });
    expect(await ok(ctx.h, ctx.main, getDataPermissions, { params: { id: member.userId } })).toEqual(r);
    const tree = await ok(ctx.h, member, listGroups);
    expect(tree.map((n) => n.id)).toEqual([a.groupId]);
    expect(tree[0]?.children.map((n) => n.id)).toEqual([a.childGroupId]);
    const devices = await ok(ctx.h, member, listDevices);
    expect(devices.list.map((d) => d.id)).toEqual([a.deviceId]);
    expect(
      (await api(ctx.h.app, listDevices, { query: { group_id: b.groupId }, token: member.token })).body.data,
    ).toMatchObject({ total: 0 });
    // Replacing one kind leaves the others.
    await ok(ctx.h, ctx.main, putDataPermissions, {
      params: { id: member.userId },
      body: { template_ids: [] },
    });
    expect(await ok(ctx.h, ctx.main, getDataPermissions, { params: { id: member.userId } })).toEqual({
      group_ids: [a.groupId],
      template_ids: [],
      project_ids: [a.projectId],
    });
    await ok(ctx.h, ctx.main, putDataPermissions, {
      params: { id: member.userId },
      body: { template_ids: [a.templateId] },
    });
  });

  it('a sub-account works only inside its grants; what it creates is granted to it', async () => {
    const hw = await newHardware(ctx.h, 'X10');
    const bind = (group_id: number | null, template_id: number | null = null) =>
      api(ctx.h.app, bindDevice, {
        token: member.token,
        body: { sn: hw.sn, pin: hw.pin, name: 'SubDev', group_id, template_id },
      });
    expect((await bind(b.groupId)).body.code).toBe(1027);
    expect((await bind(a.groupId, b.templateId)).body.code).toBe(1029);
    expect((await bind(null)).body).toMatchObject({
      code: 1006,
      data: { field: 'group_id', issue: 'required' },
    });
    expect((await bind(a.childGroupId, a.templateId)).body.code).toBe(0);
    const top = await ok(ctx.h, member, createGroup, { body: { name: 'SubTop' } });
    const t = await ok(ctx.h, member, createTemplate, {
      body: {
        name: 'SubT',
        hmi_model: 'X10',
      },
    });
    const p = await ok(ctx.h, member, createProject, { body: { name: 'SubP' } });
    expect(
      (
        await api(ctx.h.app, createProject, {
          token: member.token,
          body: { name: 'SubP2', device_ids: [b.deviceId] },
        })
      ).body.code,
    ).toBe(1003);
    const grants = await ok(ctx.h, ctx.main, getDataPermissions, { params: { id: member.userId } });
    expect(grants.group_ids).toContain(top.id);
    expect(grants.template_ids).toContain(t.id);
    expect(grants.project_ids).toContain(p.id);
    const dash = await ok(ctx.h, member, getDashboard);
    expect(dash.counters.devices).toBe(2);
    expect(
      (
        await api(ctx.h.app, setFavourite, {
          params: { id: b.deviceId },
          token: member.token,
          body: { favourite: true },
        })
      ).body,
    ).toMatchObject({ code: 1003, data: null });
  });

  it('assigning needs 38 on the route and 37/36/41 for each kind given', async () => {
    // The code of `by` putting `body` as `member`'s data permissions.
    const codeOf = async (by: TestAccount, body: ApiBody<typeof putDataPermissions>) =>
      (await api(ctx.h.app, putDataPermissions, { params: { id: member.userId }, token: by.token, body }))
        .body.code;
    const assigner = await createSubAccount(ctx.h, ctx.main.teamId, [P.USER_DATA_PERMISSION]);
    expect(await codeOf(assigner, { group_ids: [] })).toBe(1002);
    expect(await codeOf(assigner, { template_ids: [] })).toBe(1002);
    expect(await codeOf(assigner, { project_ids: [] })).toBe(1002);
    const noRoute = await createSubAccount(ctx.h, ctx.main.teamId, [P.GROUP_DATA_PERMISSION]);
    expect(await codeOf(noRoute, { group_ids: [] })).toBe(1002);
    // Nothing changed.
    expect(
      (await ok(ctx.h, ctx.main, getDataPermissions, { params: { id: member.userId } })).group_ids,
    ).toContain(a.groupId);
  });

  it('a sub-account assigner grants only what it sees and keeps what it does not', async () => {
    const rights = [P.USER_DATA_PERMISSION, P.GROUP_DATA_PERMISSION];
    const assigner = await createSubAccount(ctx.h, ctx.main.teamId, rights, { group: [b.groupId] });
    expect(
      (
        await api(ctx.h.app, putDataPermissions, {
          params: { id: member.userId },
          token: assigner.token,
          body: { group_ids: [a.groupId] },
        })
      ).body.code,
    ).toBe(1027);
    const r = await ok(ctx.h, assigner, putDataPermissions, {
      params: { id: member.userId },
      body: {
        group_ids: [b.childGroupId],
      },
    });
    expect(r.group_ids).toEqual([b.childGroupId]);
    const all = await ok(ctx.h, ctx.main, getDataPermissions, { params: { id: member.userId } });
    expect(all.group_ids).toEqual(expect.arrayContaining([a.groupId, b.childGroupId]));
  });

  it('refuses unknown objects (1027, 1029, 1003), the main account as target (1006) and other teams (1003)', async () => {
    const put = (id: number, body: ApiBody<typeof putDataPermissions>, token = ctx.main.token) =>
      api(ctx.h.app, putDataPermissions, { params: { id }, token, body });
    const theirs = await seedRegistry(ctx.h, other, 'x');
    expect((await put(member.userId, { group_ids: [theirs.groupId] })).body.code).toBe(1027);
    expect((await put(member.userId, { template_ids: [theirs.templateId] })).body.code).toBe(1029);
    expect((await put(member.userId, { project_ids: [theirs.projectId] })).body.code).toBe(1003);
    expect((await put(ctx.main.userId, { group_ids: [] })).body).toMatchObject({
      code: 1006,
      data: { field: 'id', issue: 'mainAccount' },
    });
    expect((await put(member.userId, { group_ids: [] }, other.token)).body).toEqual({
      code: 1003,
      data: null,
      msg: 'no data',
    });
    expect(
      (await api(ctx.h.app, getDataPermissions, { params: { id: member.userId }, token: other.token })).body,
    ).toMatchObject({
      code: 1003,
      data: null,
    });
  });

  it('deleting a granted object drops its grants', async () => {
    const g = await ok(ctx.h, ctx.main, createGroup, { body: { name: 'Temp' } });
    await ok(ctx.h, ctx.main, putDataPermissions, {
      params: { id: member.userId },
      body: { group_ids: [a.groupId, g.id] },
    });
    await ok(ctx.h, ctx.main, deleteGroup, { params: { id: g.id } });
    const rows = await ctx.h.app.database.db
      .selectFrom('data_permissions')
      .selectAll()
      .where('object_id', '=', g.id)
      .where('kind', '=', 'group')
      .execute();
    expect(rows).toEqual([]);
  });
});
