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
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount, createSubAccount, grant, type TestAccount } from '../../test/accounts';
import { databases } from '../../test/databases';
import { api, startHarness, type Harness } from '../../test/harness';
import { ok } from '../../test/registry';
import { lineDocument, ovenDocument, seedPlant, type Plant } from '../../test/screens';

const refused = (code: number) => expect.objectContaining({ code, data: null });

describe.each(databases)('screens on $name', (database) => {
  let h: Harness;
  let main: TestAccount;
  let other: TestAccount;
  let plant: Plant;
  let theirs: Plant;

  beforeAll(async () => {
    h = await startHarness(database);
    main = await createMainAccount(h, 10);
    other = await createMainAccount(h, 10);
    plant = await seedPlant(h, main, 'a');
    theirs = await seedPlant(h, other, 'b');
  });
  afterAll(async () => {
    await h?.close();
  });

  const createOven = (doc: ScreenDocumentInput = ovenDocument(), name = 'Oven') =>
    api(h.app, createTemplateScreen, {
      token: main.token,
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
    const list = await ok(h, main, listTemplateScreens, { params: { id: plant.templateId } });
    expect(list.list.map((s) => s.id)).toContain(screen.id);
    expect(list.list[0]).not.toHaveProperty('document');

    const doc = {
      ...ovenDocument(),
      widgets: [],
      artwork: '<svg><a href="javascript:alert(1)"><text>x</text></a></svg>',
    };
    const changed = await ok(h, main, updateScreen, {
      params: { id: screen.id },
      body: { name: 'Oven 2', sort: 3, document: doc },
    });
    expect(changed).toMatchObject({ name: 'Oven 2', sort: 3, widget_count: 0 });
    expect(changed.document.artwork).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"><a><text>x</text></a></svg>',
    );
    expect(await ok(h, main, deleteScreen, { params: { id: screen.id } })).toBeNull();
    expect((await api(h.app, getScreen, { token: main.token, params: { id: screen.id } })).body).toEqual(
      refused(1003),
    );
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
      api(h.app, createProjectScreen, {
        token: main.token,
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
    expect((await ok(h, main, listProjectScreens, { params: { id: plant.projectId } })).total).toBe(0);
    expect((await ok(h, main, listTemplateScreens, { params: { id: plant.templateId } })).total).toBe(0);
  });

  it('a device a project screen binds cannot leave the project or be unbound (1091)', async () => {
    const s = await ok(h, main, createProjectScreen, {
      params: { id: plant.projectId },
      body: { name: 'Line', document: lineDocument([plant.deviceIds[0]]) },
    });
    const leave = (ids: number[]) =>
      api(h.app, updateProject, {
        token: main.token,
        params: { id: plant.projectId },
        body: { device_ids: ids },
      });
    expect((await leave([plant.deviceIds[1]])).body).toEqual(refused(1091));
    expect(
      (await api(h.app, unbindDevice, { token: main.token, params: { id: plant.deviceIds[0] } })).body,
    ).toEqual(refused(1091));
    // The other member is free to go, and back.
    expect((await leave([plant.deviceIds[0]])).body.code).toBe(0);
    expect((await leave([...plant.deviceIds])).body.code).toBe(0);
    await ok(h, main, deleteScreen, { params: { id: s.id } });
    expect((await leave([plant.deviceIds[1]])).body.code).toBe(0);
    expect((await leave([...plant.deviceIds])).body.code).toBe(0);
  });

  it('deleting a template or a project deletes its screens', async () => {
    const spare = await ok(h, main, createTemplate, { body: { name: 'Spare', hmi_model: 'X10' } });
    const doc = { version: 1, width: 100, height: 100 } as const;
    const ts = await ok(h, main, createTemplateScreen, {
      params: { id: spare.id },
      body: { name: 'S', document: doc },
    });
    await ok(h, main, deleteTemplate, { params: { id: spare.id } });
    const ps = await ok(h, main, createProjectScreen, {
      params: { id: plant.projectId },
      body: { name: 'P', document: lineDocument([plant.deviceIds[1]]) },
    });
    await ok(h, main, deleteProject, { params: { id: plant.projectId } });
    const left = await h.app.database.db
      .selectFrom('screens')
      .select('id')
      .where('id', 'in', [ts.id, ps.id])
      .execute();
    expect(left).toEqual([]);
    expect(
      await h.app.database.db
        .selectFrom('screen_devices')
        .selectAll()
        .where('screen_id', '=', ps.id)
        .execute(),
    ).toEqual([]);
    plant = await seedPlant(h, main, 'c');
  });

  it('follows template permissions (8/11), project permissions (39/42) and data permissions', async () => {
    const screen = (await createOven()).body.data;
    const viewer = await createSubAccount(h, main.teamId, [8, 39]);
    expect(
      (await api(h.app, listTemplateScreens, { token: viewer.token, params: { id: plant.templateId } })).body,
    ).toEqual(refused(1003));
    await grant(h, viewer.userId, 'template', [plant.templateId]);
    expect((await ok(h, viewer, listTemplateScreens, { params: { id: plant.templateId } })).total).toBe(1);
    expect((await ok(h, viewer, getScreen, { params: { id: screen.id } })).id).toBe(screen.id);
    const edit = await api(h.app, updateScreen, {
      token: viewer.token,
      params: { id: screen.id },
      body: { name: 'X' },
    });
    expect(edit.body).toEqual(refused(1002));
    const projectOnly = await createSubAccount(h, main.teamId, [39, 42]);
    await grant(h, projectOnly.userId, 'template', [plant.templateId]);
    // Holding the project ids does not open a template screen.
    expect(
      (await api(h.app, getScreen, { token: projectOnly.token, params: { id: screen.id } })).body,
    ).toEqual(refused(1002));
    expect(
      (await api(h.app, deleteScreen, { token: projectOnly.token, params: { id: screen.id } })).body,
    ).toEqual(refused(1002));
    expect(
      (await api(h.app, listTemplateScreens, { token: projectOnly.token, params: { id: plant.templateId } }))
        .status,
    ).toBe(403);
  });

  it("opens a device's config screen with 7 and the device, without the template permission", async () => {
    const screen = (await createOven(ovenDocument(), 'Config')).body.data;
    const group = await ok(h, main, createGroup, { body: { name: 'Hall' } });
    await ok(h, main, updateDevice, { params: { id: plant.deviceIds[0] }, body: { group_id: group.id } });
    const operator = await createSubAccount(h, main.teamId, [2, 7]);
    const device = { id: plant.deviceIds[0] };
    expect((await api(h.app, listDeviceScreens, { token: operator.token, params: device })).body).toEqual(
      refused(1003),
    );
    await grant(h, operator.userId, 'group', [group.id]);
    const list = await ok(h, operator, listDeviceScreens, { params: device });
    expect(list).toMatchObject({ template_id: plant.templateId });
    expect(list.list.map((s) => s.id)).toContain(screen.id);
    const opened = await ok(h, operator, getScreen, {
      params: { id: screen.id },
      query: { device_id: device.id },
    });
    expect(opened.document.widgets).toHaveLength(2);
    expect((await api(h.app, getScreen, { token: operator.token, params: { id: screen.id } })).body).toEqual(
      refused(1002),
    );
    // A device of another template (or not visible) does not open the screen.
    const elsewhere = await api(h.app, getScreen, {
      token: operator.token,
      params: { id: screen.id },
      query: { device_id: plant.deviceIds[1] },
    });
    expect(elsewhere.body).toEqual(refused(1003));
    const noSeven = await createSubAccount(h, main.teamId, [2, 8]);
    expect((await api(h.app, listDeviceScreens, { token: noSeven.token, params: device })).status).toBe(403);
  });

  it("never shows or changes another team's screens", async () => {
    const mine = (await createOven(ovenDocument(), 'Mine')).body.data;
    for (const r of [
      await api(h.app, getScreen, { token: other.token, params: { id: mine.id } }),
      await api(h.app, updateScreen, { token: other.token, params: { id: mine.id }, body: { name: 'x' } }),
      await api(h.app, deleteScreen, { token: other.token, params: { id: mine.id } }),
      await api(h.app, listTemplateScreens, { token: other.token, params: { id: plant.templateId } }),
      await api(h.app, getScreen, {
        token: other.token,
        params: { id: mine.id },
        query: { device_id: plant.deviceIds[0] },
      }),
    ])
      expect(r.body).toEqual(refused(1003));
    expect((await ok(h, main, getScreen, { params: { id: mine.id } })).name).toBe('Mine');
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
    const huge = await api(h.app, createTemplateScreen, {
      token: main.token,
      params: { id: plant.templateId },
      raw: { body: { name: 'Huge', document: { ...ovenDocument(), artwork: 'x'.repeat(5 * 1024 * 1024) } } },
    });
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe(1006);
  });
});
