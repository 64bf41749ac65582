import {
  createProjectScreen,
  createTemplateScreen,
  getScreen,
  getScreenVersion,
  importScreens,
  listScreenVersions,
  restoreScreenVersion,
  SCREEN_VERSIONS_MAX,
  updateScreen,
  type ScreenDocumentInput,
} from '@hmi/contract';
import { widgetAt } from '@hmi/contract';
import { describe, expect, it } from 'vitest';
import { createMainAccount, createSubAccount, grant } from '../../test/accounts';
import { databases } from '../../test/databases';
import { fuxaControlsProject } from '../../test/fuxa-controls-fixture';
import { api } from '../../test/harness';
import { ok } from '../../test/registry';
import { lineDocument, ovenDocument, plantSuite } from '../../test/screens';

const refused = (code: number) => expect.objectContaining({ code, data: null });

/** The oven screen with one more text widget, so each save is told apart. */
const withText = (text: string): ScreenDocumentInput => {
  const doc = ovenDocument();
  return {
    ...doc,
    widgets: [
      ...(doc.widgets ?? []),
      widgetAt('note', [200, 10, 100, 20], { type: 'text', props: { text } }),
    ],
  };
};

describe.each(databases)('screen versions on $name', (database) => {
  const ctx = plantSuite(database);

  const createOven = async () =>
    (
      await api(ctx.h.app, createTemplateScreen, {
        token: ctx.main.token,
        params: { id: ctx.plant.templateId },
        body: { name: 'Oven', document: ovenDocument() },
      })
    ).body.data;
  const save = (id: number, text: string, version?: number) =>
    api(ctx.h.app, updateScreen, {
      token: ctx.main.token,
      params: { id },
      body: { document: withText(text), ...(version === undefined ? {} : { version }) },
    });

  it('saves each document as a new version, refuses a save from an older one (1210) and restores', async () => {
    const screen = await createOven();
    expect(screen.version).toBe(1);
    const second = await save(screen.id, 'two', 1);
    expect(second.body).toMatchObject({ code: 0, data: { version: 2, widget_count: 3 } });

    // Another editor still holding version 1: refused, nothing written.
    expect((await save(screen.id, 'stale', 1)).body).toEqual(refused(1210));
    const now = await ok(ctx.h, ctx.main, getScreen, { params: { id: screen.id } });
    expect(now.version).toBe(2);
    expect(JSON.stringify(now.document)).toContain('two');
    expect(JSON.stringify(now.document)).not.toContain('stale');

    const versions = await ok(ctx.h, ctx.main, listScreenVersions, { params: { id: screen.id } });
    expect(versions.list.map((v) => [v.version, v.widget_count])).toEqual([
      [2, 3],
      [1, 2],
    ]);
    expect(versions.list[0]?.saved_by).toBe(ctx.main.username.split('@')[0]);
    const first = await ok(ctx.h, ctx.main, getScreenVersion, { params: { id: screen.id, version: 1 } });
    expect(first.document.widgets.map((w) => w.id)).toEqual(['temp', 'run']);

    // Restoring from a stale version is refused too; from the current one it saves version 3.
    const stale = await api(ctx.h.app, restoreScreenVersion, {
      token: ctx.main.token,
      params: { id: screen.id, version: 1 },
      body: { version: 1 },
    });
    expect(stale.body).toEqual(refused(1210));
    const restored = await ok(ctx.h, ctx.main, restoreScreenVersion, {
      params: { id: screen.id, version: 1 },
      body: { version: 2 },
    });
    expect(restored).toMatchObject({ version: 3, widget_count: 2 });
    expect(restored.document.widgets.map((w) => w.id)).toEqual(['temp', 'run']);
    expect(
      (
        await api(ctx.h.app, getScreenVersion, {
          token: ctx.main.token,
          params: { id: screen.id, version: 9 },
        })
      ).body,
    ).toEqual(refused(1003));
  });

  it('keeps an import as version 1 with its links; an editor’s save is 2, a stale one after an overwrite 1210', async () => {
    const done = await ok(ctx.h, ctx.main, importScreens, {
      body: {
        kind: 'fuxa',
        template_id: ctx.plant.templateId,
        content_base64: Buffer.from(JSON.stringify(fuxaControlsProject)).toString('base64'),
      },
    });
    expect(done.screens.map((s) => [s.name, s.version])).toEqual([
      ['Pumps', 1],
      ['Pump dialog', 1],
    ]);
    const id = done.screens[0]?.id ?? 0;
    const imported = await ok(ctx.h, ctx.main, getScreen, { params: { id } });
    // The kept version 1 is the document as imported, its dialog link (set after the insert) included.
    const first = await ok(ctx.h, ctx.main, getScreenVersion, { params: { id, version: 1 } });
    expect(first.document).toEqual(imported.document);
    expect(imported.document.widgets.find((w) => w.id === 'HXB_dialog')?.action).toEqual({
      kind: 'goto',
      screen_id: done.screens[1]?.id,
      dialog: true,
    });

    // The editor saves with the version it loaded: 2, the artwork byte for byte.
    const moved = {
      ...imported.document,
      widgets: imported.document.widgets.map((w) => (w.id === 'HXB_dialog' ? { ...w, x: w.x + 8 } : w)),
    };
    const edited = await ok(ctx.h, ctx.main, updateScreen, {
      params: { id },
      body: { document: moved, version: 1 },
    });
    expect(edited.version).toBe(2);
    expect(edited.document.artwork).toBe(imported.document.artwork);

    // Saved over without a version (a blind overwrite, as an API client may send): 3.
    const over = await ok(ctx.h, ctx.main, updateScreen, {
      params: { id },
      body: { document: imported.document },
    });
    expect(over.version).toBe(3);
    // The editor still holding 2 is refused and writes nothing.
    const stale = await api(ctx.h.app, updateScreen, {
      token: ctx.main.token,
      params: { id },
      body: { document: moved, version: 2 },
    });
    expect(stale.body).toEqual(refused(1210));
    const now = await ok(ctx.h, ctx.main, getScreen, { params: { id } });
    expect(now.version).toBe(3);
    expect(now.document).toEqual(imported.document);
  });

  it('lets one of two saves from the same version win', async () => {
    const screen = await createOven();
    const answers = await Promise.all([save(screen.id, 'left', 1), save(screen.id, 'right', 1)]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([0, 1210]);
    const versions = await ok(ctx.h, ctx.main, listScreenVersions, { params: { id: screen.id } });
    expect(versions.list.map((v) => v.version)).toEqual([2, 1]);
  });

  it(`keeps the newest ${SCREEN_VERSIONS_MAX} versions`, async () => {
    const screen = await createOven();
    for (let n = 0; n < SCREEN_VERSIONS_MAX + 2; n++)
      expect((await save(screen.id, `n${n}`)).body.code).toBe(0);
    const versions = await ok(ctx.h, ctx.main, listScreenVersions, { params: { id: screen.id } });
    expect(versions.total).toBe(SCREEN_VERSIONS_MAX);
    expect(versions.list[0]?.version).toBe(SCREEN_VERSIONS_MAX + 3);
    expect(versions.list.at(-1)?.version).toBe(4);
  });

  it('lists with the view right, restores with the edit right only, and never across teams', async () => {
    const screen = await createOven();
    await save(screen.id, 'two');
    const viewer = await createSubAccount(ctx.h, ctx.main.teamId, [8]);
    await grant(ctx.h, viewer.userId, 'template', [ctx.plant.templateId]);
    expect((await ok(ctx.h, viewer, listScreenVersions, { params: { id: screen.id } })).total).toBe(2);
    const restore = (token: string) =>
      api(ctx.h.app, restoreScreenVersion, { token, params: { id: screen.id, version: 1 }, body: {} });
    expect((await restore(viewer.token)).body).toEqual(refused(1002));
    // Project edit (42) does not open a template's screen.
    const projectEditor = await createSubAccount(ctx.h, ctx.main.teamId, [39, 42]);
    await grant(ctx.h, projectEditor.userId, 'template', [ctx.plant.templateId]);
    expect((await restore(projectEditor.token)).body).toEqual(refused(1002));
    const other = await createMainAccount(ctx.h, 1);
    expect((await restore(other.token)).body).toEqual(refused(1003));
    expect(
      (await api(ctx.h.app, listScreenVersions, { token: other.token, params: { id: screen.id } })).body,
    ).toEqual(refused(1003));
    expect((await ok(ctx.h, ctx.main, getScreen, { params: { id: screen.id } })).version).toBe(2);
  });

  it('versions a project screen saved with project edit (42)', async () => {
    const created = await ok(ctx.h, ctx.main, createProjectScreen, {
      params: { id: ctx.plant.projectId },
      body: { name: 'Line', document: lineDocument(ctx.plant.deviceIds) },
    });
    const editor = await createSubAccount(ctx.h, ctx.main.teamId, [39, 42]);
    await grant(ctx.h, editor.userId, 'project', [ctx.plant.projectId]);
    const saved = await ok(ctx.h, editor, updateScreen, {
      params: { id: created.id },
      body: { document: lineDocument(ctx.plant.deviceIds.slice(0, 1)), version: 1 },
    });
    expect(saved).toMatchObject({ version: 2, widget_count: 1 });
    const list = await ok(ctx.h, editor, listScreenVersions, { params: { id: created.id } });
    expect(list.list[0]?.saved_by).toBe(editor.username.split('@')[0]);
  });
});
