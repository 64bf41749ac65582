import {
  createGroup,
  createProjectScreen,
  createTemplate,
  createTemplateScreen,
  deleteProject,
  deleteScreen,
  deleteTemplate,
  getScreen,
  listDeviceScreens,
  listProjectScreens,
  listTemplateScreens,
  unbindDevice,
  updateDevice,
  updateProject,
  updateScreen,
  type ScreenDocumentInput,
} from '@hmi/contract';
import { describe, expect, it } from 'vitest';
import { createMainAccount, createSubAccount, grant, type TestAccount } from '../../test/accounts';
import { databases } from '../../test/databases';
import { api } from '../../test/harness';
import { AccountSuite, withAccountSuite } from '../../test/suite';
import { ok } from '../../test/registry';
import { lineDocument, ovenDocument, seedPlant, type Plant } from '../../test/screens';

const refused = (code: number) => expect.objectContaining({ code, data: null });

describe.each(databases)('screens on $name', (database) => {
  let other: TestAccount;
  let plant: Plant;
  let theirs: Plant;
  const ctx = withAccountSuite(new AccountSuite(), database, 10, async () => {
    other = await createMainAccount(ctx.h, 10);
    plant = await seedPlant(ctx.h, ctx.main, 'a');
    theirs = await seedPlant(ctx.h, other, 'b');
  });

  const createOven = (doc: ScreenDocumentInput = ovenDocument(), name = 'Oven') =>
    api(ctx.h.app, createTemplateScreen, {
      token: ctx.main.token,
      params: { id: plant.templateId },
      body: { name, document: doc },
    });

  it('adds, lists, reads, changes and deletes template screens, artwork sanitised on save', async () => {
    const created = (await createOven()).body;
    expect(created).toMatchObject({
      code: 0,
      data: { name: 'Oven', template_id: plant.templateId, widget_count: 2 },
    });
    const screen = created.data;
    expect(screen.document.artwork).toContain('<rect x="10" y="10" width="100" height="60" fill="#ccc">');
    expect(screen.document.artwork).not.toMatch(/onclick|script/);
    const list = await ok(ctx.h, ctx.main, listTemplateScreens, { params: { id: plant.templateId } });
    expect(list.list.map((s) => s.id)).toContain(screen.id);
    expect(list.list[0]).not.toHaveProperty('document');

    const doc = {
      ...ovenDocument(),
      widgets: [],
      artwork: '<svg><a href="javascript:alert(1)"><text>x</text></a></svg>',
    };
    const changed = await ok(ctx.h, ctx.main, updateScreen, {
      params: { id: screen.id },
      body: { name: 'Oven 2', sort: 3, document: doc },
    });
    expect(changed).toMatchObject({ name: 'Oven 2', sort: 3, widget_count: 0 });
    expect(changed.document.artwork).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"><a><text>x</text></a></svg>',
    );
    expect(await ok(ctx.h, ctx.main, deleteScreen, { params: { id: screen.id } })).toBeNull();
    expect(
      (await api(ctx.h.app, getScreen, { token: ctx.main.token, params: { id: screen.id } })).body,
    ).toEqual(refused(1003));
  });

  it('checks every binding against the owner and names the widget (1006)', async () => {
    const doc = ovenDocument();
    const bad = {
      ...doc,
      widgets: [
        ...(doc.widgets ?? []),
        { id: 'p', type: 'value' as const, x: 0, y: 0, w: 9, h: 9, binding: { tag: 'pressure' } },
      ],
    };
    expect((await createOven(bad)).body).toMatchObject({
      code: 1006,
      data: { field: 'document.widgets.2.binding.tag', issue: 'unknownId', widget: 'p' },
    });
    const withDevice = {
      ...doc,
      widgets: [
        {
          id: 'd',
          type: 'value' as const,
          x: 0,
          y: 0,
          w: 9,
          h: 9,
          binding: { device_id: plant.deviceIds[0], tag: 'temp' },
        },
      ],
    };
    expect((await createOven(withDevice)).body.data).toMatchObject({
      field: 'document.widgets.0.binding.device_id',
    });
    const link = {
      ...doc,
      widgets: [
        {
          id: 'go',
          type: 'button' as const,
          x: 0,
          y: 0,
          w: 9,
          h: 9,
          action: { kind: 'goto' as const, screen_id: 999999 },
        },
      ],
    };
    expect((await createOven(link)).body.data).toMatchObject({
      field: 'document.widgets.0.action.screen_id',
      issue: 'unknownId',
    });

    const project = (document: ScreenDocumentInput) =>
      api(ctx.h.app, createProjectScreen, {
        token: ctx.main.token,
        params: { id: plant.projectId },
        body: { name: 'Line', document },
      });
    expect((await project(ovenDocument())).body.data).toMatchObject({
      field: 'document.widgets.0.binding.device_id',
      issue: 'required',
    });
    expect((await project(lineDocument([theirs.deviceIds[0]]))).body.data).toMatchObject({
      field: 'document.widgets.0.binding.device_id',
      issue: 'unknownId',
      widget: 'temp0',
    });
    expect((await ok(ctx.h, ctx.main, listProjectScreens, { params: { id: plant.projectId } })).total).toBe(
      0,
    );
    expect((await ok(ctx.h, ctx.main, listTemplateScreens, { params: { id: plant.templateId } })).total).toBe(
      0,
    );
  });

  it('a device a project screen binds cannot leave the project or be unbound (1091)', async () => {
    const s = await ok(ctx.h, ctx.main, createProjectScreen, {
      params: { id: plant.projectId },
      body: { name: 'Line', document: lineDocument([plant.deviceIds[0]]) },
    });
    const leave = (ids: number[]) =>
      api(ctx.h.app, updateProject, {
        token: ctx.main.token,
        params: { id: plant.projectId },
        body: { device_ids: ids },
      });
    expect((await leave([plant.deviceIds[1]])).body).toEqual(refused(1091));
    expect(
      (await api(ctx.h.app, unbindDevice, { token: ctx.main.token, params: { id: plant.deviceIds[0] } }))
        .body,
    ).toEqual(refused(1091));
    // The other member is free to go, and back.
    expect((await leave([plant.deviceIds[0]])).body.code).toBe(0);
    expect((await leave([...plant.deviceIds])).body.code).toBe(0);
    await ok(ctx.h, ctx.main, deleteScreen, { params: { id: s.id } });
    expect((await leave([plant.deviceIds[1]])).body.code).toBe(0);
    expect((await leave([...plant.deviceIds])).body.code).toBe(0);
  });

  it('deleting a template or a project deletes its screens', async () => {
    const spare = await ok(ctx.h, ctx.main, createTemplate, { body: { name: 'Spare', hmi_model: 'X10' } });
    const doc = { version: 1, width: 100, height: 100 } as const;
    const ts = await ok(ctx.h, ctx.main, createTemplateScreen, {
      params: { id: spare.id },
      body: { name: 'S', document: doc },
    });
    await ok(ctx.h, ctx.main, deleteTemplate, { params: { id: spare.id } });
    const ps = await ok(ctx.h, ctx.main, createProjectScreen, {
      params: { id: plant.projectId },
      body: { name: 'P', document: lineDocument([plant.deviceIds[1]]) },
    });
    await ok(ctx.h, ctx.main, deleteProject, { params: { id: plant.projectId } });
    const left = await ctx.h.app.database.db
      .selectFrom('screens')
      .select('id')
      .where('id', 'in', [ts.id, ps.id])
      .execute();
    expect(left).toEqual([]);
    expect(
      await ctx.h.app.database.db
        .selectFrom('screen_devices')
        .selectAll()
        .where('screen_id', '=', ps.id)
        .execute(),
    ).toEqual([]);
    plant = await seedPlant(ctx.h, ctx.main, 'c');
  });

  it('follows template permissions (8/11), project permissions (39/42) and data permissions', async () => {
    const screen = (await createOven()).body.data;
    const viewer = await createSubAccount(ctx.h, ctx.main.teamId, [8, 39]);
    expect(
      (await api(ctx.h.app, listTemplateScreens, { token: viewer.token, params: { id: plant.templateId } }))
        .body,
    ).toEqual(refused(1003));
    await grant(ctx.h, viewer.userId, 'template', [plant.templateId]);
    expect((await ok(ctx.h, viewer, listTemplateScreens, { params: { id: plant.templateId } })).total).toBe(
      1,
    );
    expect((await ok(ctx.h, viewer, getScreen, { params: { id: screen.id } })).id).toBe(screen.id);
    const edit = await api(ctx.h.app, updateScreen, {
      token: viewer.token,
      params: { id: screen.id },
      body: { name: 'X' },
    });
    expect(edit.body).toEqual(refused(1002));
    const projectOnly = await createSubAccount(ctx.h, ctx.main.teamId, [39, 42]);
    await grant(ctx.h, projectOnly.userId, 'template', [plant.templateId]);
    // Holding the project ids does not open a template screen.
    expect(
      (await api(ctx.h.app, getScreen, { token: projectOnly.token, params: { id: screen.id } })).body,
    ).toEqual(refused(1002));
    expect(
      (await api(ctx.h.app, deleteScreen, { token: projectOnly.token, params: { id: screen.id } })).body,
    ).toEqual(refused(1002));
    expect(
      (
        await api(ctx.h.app, listTemplateScreens, {
          token: projectOnly.token,
          params: { id: plant.templateId },
        })
      ).status,
    ).toBe(403);
  });

  it("opens a device's config screen with 7 and the device, without the template permission", async () => {
    const screen = (await createOven(ovenDocument(), 'Config')).body.data;
    const group = await ok(ctx.h, ctx.main, createGroup, { body: { name: 'Hall' } });
    await ok(ctx.h, ctx.main, updateDevice, {
      params: { id: plant.deviceIds[0] },
      body: { group_id: group.id },
    });
    const operator = await createSubAccount(ctx.h, ctx.main.teamId, [2, 7]);
    const device = { id: plant.deviceIds[0] };
    expect((await api(ctx.h.app, listDeviceScreens, { token: operator.token, params: device })).body).toEqual(
      refused(1003),
    );
    await grant(ctx.h, operator.userId, 'group', [group.id]);
    const list = await ok(ctx.h, operator, listDeviceScreens, { params: device });
    expect(list).toMatchObject({ template_id: plant.templateId });
    expect(list.list.map((s) => s.id)).toContain(screen.id);
    const opened = await ok(ctx.h, operator, getScreen, {
      params: { id: screen.id },
      query: { device_id: device.id },
    });
    expect(opened.document.widgets).toHaveLength(2);
    expect(
      (await api(ctx.h.app, getScreen, { token: operator.token, params: { id: screen.id } })).body,
    ).toEqual(refused(1002));
    // A device of another template (or not visible) does not open the screen.
    const elsewhere = await api(ctx.h.app, getScreen, {
      token: operator.token,
      params: { id: screen.id },
      query: { device_id: plant.deviceIds[1] },
    });
    expect(elsewhere.body).toEqual(refused(1003));
    const noSeven = await createSubAccount(ctx.h, ctx.main.teamId, [2, 8]);
    expect((await api(ctx.h.app, listDeviceScreens, { token: noSeven.token, params: device })).status).toBe(
      403,
    );
  });

  it("never shows or changes another team's screens", async () => {
    const mine = (await createOven(ovenDocument(), 'Mine')).body.data;
    for (const r of [
      await api(ctx.h.app, getScreen, { token: other.token, params: { id: mine.id } }),
      await api(ctx.h.app, updateScreen, {
        token: other.token,
        params: { id: mine.id },
        body: { name: 'x' },
      }),
      await api(ctx.h.app, deleteScreen, { token: other.token, params: { id: mine.id } }),
      await api(ctx.h.app, listTemplateScreens, { token: other.token, params: { id: plant.templateId } }),
      await api(ctx.h.app, getScreen, {
        token: other.token,
        params: { id: mine.id },
        query: { device_id: plant.deviceIds[0] },
      }),
    ])
      expect(r.body).toEqual(refused(1003));
    expect((await ok(ctx.h, ctx.main, getScreen, { params: { id: mine.id } })).name).toBe('Mine');
  });

  it('enforces the limits: widgets (1006), artwork (1006), body size (413)', async () => {
    const many = Array.from({ length: 2001 }, (_, i) => ({
      id: `w${i}`,
      type: 'text' as const,
      x: 0,
      y: 0,
      w: 1,
      h: 1,
    }));
    expect((await createOven({ ...ovenDocument(), widgets: many })).body).toMatchObject({
      code: 1006,
      data: { field: 'document.widgets', issue: 'tooLong' },
    });
    const artwork = `<svg>${'<rect width="1" height="1"/>'.repeat(80_000)}</svg>`;
    expect((await createOven({ ...ovenDocument(), artwork })).body).toMatchObject({
      code: 1006,
      data: { field: 'document.artwork', issue: 'tooLong' },
    });
    const huge = await api(ctx.h.app, createTemplateScreen, {
      token: ctx.main.token,
      params: { id: plant.templateId },
      raw: { body: { name: 'Huge', document: { ...ovenDocument(), artwork: 'x'.repeat(5 * 1024 * 1024) } } },
    });
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe(1006);
  });
});
