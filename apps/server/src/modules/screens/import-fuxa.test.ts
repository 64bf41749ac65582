import {
  createTemplateScreen,
  ErrorCode,
  getScreen,
  importScreens,
  listTemplateScreens,
  type ImportedItem,
  type Screen,
} from '@hmi/contract';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { fuxaControlsProject } from '../../test/fuxa-controls-fixture';
import { api } from '../../test/harness';
import { ok } from '../../test/registry';
import { plantSuite } from '../../test/screens';

const b64 = (s: string) => Buffer.from(s).toString('base64');

type Events = Record<string, { property: { events: { actparam: string }[] } }>;

/** The fixture with one item's first click event parameter changed. */
function withClickValue(id: string, value: string) {
  const project = structuredClone(fuxaControlsProject);
  const event = (project.hmi.views[1]?.items as Events | undefined)?.[id]?.property.events[0];
  if (event) event.actparam = value;
  return project;
}

describe.each(databases)('FUXA import as FUXA runs it on $name', (database) => {
  const ctx = plantSuite(database);
  const body = (project: unknown, more: Record<string, unknown> = {}) => ({
    kind: 'fuxa' as const,
    template_id: ctx.plant.templateId,
    content_base64: b64(JSON.stringify(project)),
    ...more,
  });
  const imported = async (project: unknown = fuxaControlsProject) => {
    const done = await ok(ctx.h, ctx.main, importScreens, { body: body(project) });
    const screens = await Promise.all(
      done.screens.map((s) => ok(ctx.h, ctx.main, getScreen, { params: { id: s.id } })),
    );
    return { done, screens };
  };
  const widgetsOf = (s: Screen | undefined) =>
    Object.fromEntries((s?.document.widgets ?? []).map((w) => [w.id, w]));

  it('writes where FUXA writes: the event variable first, else the item’s; none is reported, not kept', async () => {
    const dry = await ok(ctx.h, ctx.main, importScreens, {
      body: body(fuxaControlsProject, { dry_run: true }),
    });
    const items = Object.fromEntries(
      (dry.report.screens[0]?.items ?? []).map((i: ImportedItem) => [i.element_id, i]),
    );
    expect(items.HXB_event).toMatchObject({
      widget: 'button',
      binding: { tag: 'running' },
      action: 'write',
      notes: ['eventVariable'],
    });
    expect(items.HXB_only).toMatchObject({ binding: { tag: 'running' }, action: 'write', notes: [] });
    expect(items.HXB_none).toMatchObject({
      widget: 'button',
      binding: null,
      action: null,
      notes: ['noWriteTarget'],
    });
    expect(items.HXB_add).toMatchObject({ action: null, notes: ['actionUnsupported'] });
    expect(items.HXB_dialog).toMatchObject({ action: 'goto', notes: ['dialog'] });

    const { screens } = await imported();
    const w = widgetsOf(screens[0]);
    expect(w.HXB_event).toMatchObject({ binding: { tag: 'running' }, action: { kind: 'write', value: 1 } });
    expect(w.HXB_only).toMatchObject({ binding: { tag: 'running' }, action: { kind: 'write', value: 0 } });
    expect(w.HXB_none).toMatchObject({ binding: null, action: null });
    expect(w.HXB_add?.action).toBeNull();
  });

  it('makes the start view the first screen and opens dialog views over it', async () => {
    const { screens } = await imported();
    expect(screens.map((s) => s.name)).toEqual(['Pumps', 'Pump dialog']);
    expect(widgetsOf(screens[0]).HXB_dialog).toMatchObject({
      action: { kind: 'goto', screen_id: screens[1]?.id, dialog: true },
    });
  });

  it('turns select, slider and gauge into widgets and keeps colours, fonts and room for the value', async () => {
    const { done, screens } = await imported();
    const w = widgetsOf(screens[0]);
    expect(w.HXS_mode).toMatchObject({
      type: 'select',
      binding: { tag: 'state' },
      x: 20,
      y: 120,
      w: 100,
      h: 26,
      props: {
        options: [
          { value: 0, text: 'OFF', background: '#bfbfbf' },
          { value: 150, text: 'NORMAL' },
          { value: 250, text: 'MAX', color: '#ff0000' },
        ],
        background: '#ffffff',
        color: '#000000',
        font_size: 16,
        font_family: 'Roboto, sans-serif',
        align: 'right',
      },
    });
    expect(w.SLI_speed).toMatchObject({
      type: 'slider',
      binding: { tag: 'setpoint' },
      props: {
        min: 10,
        max: 90,
        step: 5,
        orientation: 'horizontal',
        color: '#262c3b',
        background: '#cdcdcd',
      },
    });
    expect(w.HXG_bag).toMatchObject({
      type: 'gauge',
      props: { min: 0, max: 250, decimals: 1, color: '#6fadcf' },
    });
    expect(w.HXB_event).toMatchObject({
      type: 'button',
      props: { text: 'Run', background: 'rgb(129, 206, 55)', color: 'rgb(255, 255, 255)', font_size: 16 },
    });
    // The placeholder `##.##` is 5 characters; "1200.00001 rpm" must fit, centred where FUXA anchors it.
    const rpm = w.VAL_rpm;
    expect(rpm).toMatchObject({
      type: 'value',
      props: { unit: 'rpm', format: 'auto', color: '#0050b3', font_size: 18, align: 'center' },
    });
    expect(rpm?.w).toBeGreaterThanOrEqual(13 * 18 * 0.6);
    expect((rpm?.x ?? 0) + (rpm?.w ?? 0) / 2).toBeCloseTo(100);
    // HTML-only items without a widget are not drawn (no black face left), and say so.
    const art = screens[0]?.document.artwork ?? '';
    expect(art).not.toMatch(/HXF_frame|HXS_mode|fill="#000000"/);
    expect(art).toContain('id="PIPE_1"');
    const items = Object.fromEntries((done.report.screens[0]?.items ?? []).map((i) => [i.element_id, i]));
    expect(items.HXF_frame).toMatchObject({ widget: null, notes: ['notDrawn'] });
    expect(items.PIPE_1).toMatchObject({ widget: null, notes: ['keptInArtwork'] });
  });

  it('refuses at import a value its TAG cannot hold, after listing it in the dry run', async () => {
    const count = async () =>
      (await ok(ctx.h, ctx.main, listTemplateScreens, { params: { id: ctx.plant.templateId } })).total;
    const before = await count();
    const project = withClickValue('HXB_event', '255');
    const dry = await ok(ctx.h, ctx.main, importScreens, { body: body(project, { dry_run: true }) });
    expect(dry.report.screens[0]?.items.find((i) => i.element_id === 'HXB_event')?.notes).toContain(
      'valueType',
    );
    const refused = await ctx.importAs(body(project));
    expect(refused.body).toMatchObject({
      code: ErrorCode.PROJECT_ARCHIVE_PARSE,
      data: { reason_code: 'writeValueType', params: { element: 'HXB_event', tag: 'running', value: '255' } },
    });
    expect((await count()) - before).toBe(0);
    // Mapped to a TAG that holds it, the same file imports.
    const mapped = await ok(ctx.h, ctx.main, importScreens, {
      body: body(project, { tag_map: { 'PLC^~^running': { tag: 'state' } } }),
    });
    expect(mapped.screens).toHaveLength(2);
  });

  it('sanitises a symbol’s drawing on every save like the artwork, and refuses one that is not SVG', async () => {
    const symbol = (svg: string) => ({
      name: 'Symbols',
      document: {
        version: 1 as const,
        width: 200,
        height: 100,
        widgets: [{ id: 'm', type: 'symbol' as const, x: 0, y: 0, w: 50, h: 50, props: { svg } }],
      },
    });
    const hostile =
      '<svg xmlns="http://www.w3.org/2000/svg" fill="red" onload="alert(1)"><script>alert(2)</script><circle r="5" onclick="x()"/><image href="https://evil.example/x.png"/></svg>';
    const saved = await ok(ctx.h, ctx.main, createTemplateScreen, {
      params: { id: ctx.plant.templateId },
      body: symbol(hostile),
    });
    const w = saved.document.widgets[0];
    expect(w?.type === 'symbol' && w.props.svg).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"><circle r="5"></circle></svg>',
    );
    const bad = await api(ctx.h.app, createTemplateScreen, {
      token: ctx.main.token,
      params: { id: ctx.plant.templateId },
      body: symbol('<html><script>alert(1)</script></html>'),
    });
    expect(bad.body).toMatchObject({
      code: ErrorCode.INPUT_PARAMETER,
      data: { field: 'document.widgets.0.props.svg' },
    });
  });
});
