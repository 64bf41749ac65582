import {
  createProjectScreen,
  createTemplateScreen,
  exportProjectScreens,
  exportScreen,
  exportTemplateScreens,
  getScreen,
  importScreens,
  listTemplateScreens,
  type Screen,
} from '@hmi/contract';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { ok } from '../../test/registry';
import { lineDocument, ovenDocument, plantSuite } from '../../test/screens';
import { fuxaProject } from '../../test/fuxa-fixture';

const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64');
const PNG = b64(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

const attributedSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" onload="alert(1)">
  <rect x="0" y="0" width="400" height="300" fill="#fafafa"/>
  <rect id="t" x="10" y="10" width="120" height="30" data-hmi-widget="value" data-hmi-tag="temp" data-hmi-unit="°C" data-hmi-decimals="2"/>
  <circle cx="200" cy="25" r="15" data-hmi-widget="lamp" data-hmi-tag="state" data-hmi-ranges="0..0:#bfbfbf:Stopped;1..5:#52c41a:Running"/>
  <g transform="translate(10 100)"><rect id="go" width="80" height="30" data-hmi-widget="button" data-hmi-tag="running" data-hmi-action="write" data-hmi-value="1" data-hmi-text="Start" data-hmi-keep=""/></g>
  <rect x="300" y="100" width="60" height="30" data-hmi-widget="input" data-hmi-tag="setpoint" data-hmi-action="input" data-hmi-value="0..300"/>
  <rect id="odd" x="1" y="1" width="5" height="5" data-hmi-widget="dial" data-hmi-tag="temp"/>
  <rect id="x" x="300" y="200" width="60" height="30" data-hmi-widget="value" data-hmi-tag="humidity"/>
</svg>`;

describe.each(databases)('screen import and export on $name', (database) => {
  const ctx = plantSuite(database);
  const { importAs } = ctx;
  const documentOf = async (id: number): Promise<Screen> =>
    ok(ctx.h, ctx.main, getScreen, { params: { id } });

  it('imports a FUXA project: views become screens, items widgets, the start view first', async () => {
    const body = {
      kind: 'fuxa',
      template_id: ctx.plant.templateId,
      content_base64: b64(JSON.stringify(fuxaProject)),
    } as const;
    const dry = await ok(ctx.h, ctx.main, importScreens, { body: { ...body, dry_run: true } });
    expect(dry.screens).toEqual([]);
    expect(dry.report.screens).toMatchObject([
      { name: 'Oven', widgets: 10, unmapped: [] },
      { name: 'Details', widgets: 1, unmapped: [] },
    ]);
    const vars = Object.fromEntries(dry.report.variables.map((v) => [v.source, v.binding]));
    expect(vars).toEqual({
      'PLC1^~^temp': { tag: 'temp' },
      'PLC1^~^running': { tag: 'running' },
      'PLC1^~^setpoint': { tag: 'setpoint' },
      'PLC1^~^state': { tag: 'state' },
      'PLC1^~^pressure': null,
    });
    expect(
      (await ok(ctx.h, ctx.main, listTemplateScreens, { params: { id: ctx.plant.templateId } })).total,
    ).toBe(0);

    const done = await ok(ctx.h, ctx.main, importScreens, {
      body: { ...body, tag_map: { 'PLC1^~^pressure': { tag: 'state' } } },
    });
    expect(done.screens.map((s) => s.name)).toEqual(['Oven', 'Details']);
    const [oven, details] = await Promise.all(done.screens.map((s) => documentOf(s.id)));
    const byId = Object.fromEntries((oven?.document.widgets ?? []).map((w) => [w.id, w]));
    expect(byId.VAL_temp).toMatchObject({
      type: 'value',
      binding: { tag: 'temp' },
      props: { unit: '°C', format: 'auto' },
    });
    expect(byId.HXG_bag).toMatchObject({ type: 'gauge', binding: { tag: 'temp' } });
    expect(byId.HXB_start).toMatchObject({
      type: 'button',
      binding: { tag: 'running' },
      action: { kind: 'write', value: 1 },
      x: 200,
      y: 60,
      w: 80,
      h: 30,
    });
    expect(byId.HXT_run).toMatchObject({ type: 'switch', action: { kind: 'toggle' } });
    expect(byId.HXI_sp).toMatchObject({
      type: 'input',
      action: { kind: 'input', min: 0, max: 300 },
      props: { format: 'auto', decimals: 5 },
    });
    expect(byId.GXP_level).toMatchObject({
      type: 'bar',
      props: { min: 0, max: 250, color: '#76a9ff' },
      x: 500,
      y: 50,
    });
    expect(byId.GSE_alarm).toMatchObject({
      type: 'lamp',
      ranges: [
        { min: 0, max: 0, color: '#00ff00' },
        { min: 1, max: 9 },
      ],
    });
    // The motor keeps its drawing (ellipse and triangle), filled by its ranges as FUXA fills it.
    expect(byId.MTR_fan).toMatchObject({
      type: 'symbol',
      binding: { tag: 'running' },
      ranges: [
        { min: 0, max: 0, color: '#a5a5a5' },
        { min: 1, max: 1, color: '#00b050' },
      ],
      x: 678,
      y: 58,
      w: 44,
      h: 44,
    });
    const motor = byId.MTR_fan?.type === 'symbol' ? byId.MTR_fan.props.svg : '';
    expect(motor).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="678 58 44 44"/);
    expect(motor).toContain('<ellipse cx="700" cy="80" rx="20" ry="20">');
    expect(motor).toContain('<path d="M700,60L720,80L700,100z">');
    expect(byId.HXC_chart).toMatchObject({ type: 'trend', props: { tags: [{ tag: 'temp' }] } });
    expect(byId.HXB_next).toMatchObject({ action: { kind: 'goto', screen_id: details?.id } });
    expect(details?.document.widgets[0]).toMatchObject({ binding: { tag: 'state' } });
    // Mapped items left the artwork; nothing executable came along.
    const art = oven?.document.artwork ?? '';
    expect(art).not.toMatch(/VAL_temp|HXB_start|HXG_bag|script|foreignObject|onclick/);
    expect(art).toContain('Oven line');
    expect(oven?.document).toMatchObject({ width: 1024, height: 600, background: '#ffffffff' });
  });

  it('imports a data-attribute SVG, binds by name, reports what it could not map', async () => {
    const r = await ok(ctx.h, ctx.main, importScreens, {
      body: {
        kind: 'svg',
        template_id: ctx.plant.templateId,
        filename: 'Panel.svg',
        content_base64: b64(attributedSvg),
      },
    });
    expect(r.screens).toMatchObject([{ name: 'Panel', width: 400, height: 300, widget_count: 5 }]);
    expect(r.report.screens[0]?.unmapped).toEqual([{ element_id: 'odd', type: 'dial', name: 'temp' }]);
    expect(r.report.variables.find((v) => v.tag === 'humidity')).toMatchObject({ binding: null });
    const s = await documentOf(r.screens[0]?.id ?? 0);
    const [value, lamp, button, input, unbound] = s.document.widgets;
    expect(value).toMatchObject({
      id: 't',
      type: 'value',
      x: 10,
      y: 10,
      w: 120,
      h: 30,
      props: { unit: '°C', decimals: 2 },
    });
    expect(lamp).toMatchObject({
      type: 'lamp',
      x: 185,
      y: 10,
      ranges: [{ text: 'Stopped' }, { min: 1, max: 5, color: '#52c41a' }],
    });
    expect(button).toMatchObject({
      x: 10,
      y: 100,
      action: { kind: 'write', value: 1 },
      props: { text: 'Start' },
    });
    expect(input).toMatchObject({ type: 'input', action: { kind: 'input', min: 0, max: 300 } });
    expect(unbound).toMatchObject({ binding: null });
    expect(s.document.artwork).toContain('id="go"');
    expect(s.document.artwork).not.toMatch(/id="t"|onload/);
  });

  it('exports an archive and imports it again as the same screens (assets, links, project bindings)', async () => {
    const first = await ok(ctx.h, ctx.main, createTemplateScreen, {
      params: { id: ctx.plant.templateId },
      body: { name: 'Home', document: ovenDocument() },
    });
    const doc = ovenDocument();
    const second = await ok(ctx.h, ctx.main, createTemplateScreen, {
      params: { id: ctx.plant.templateId },
      body: {
        name: 'Logo',
        sort: 2,
        document: {
          ...doc,
          widgets: [
            {
              id: 'logo',
              type: 'image',
              x: 0,
              y: 0,
              w: 50,
              h: 50,
              props: { asset: 'logo' },
              action: { kind: 'goto', screen_id: first.id },
            },
          ],
          assets: { logo: { mime: 'image/png', data: PNG } },
        },
      },
    });
    const archive = await ok(ctx.h, ctx.main, exportScreen, { params: { id: second.id } });
    expect(archive).toMatchObject({ filename: 'Logo_screens.zip', total: 1 });
    const all = await ok(ctx.h, ctx.main, exportTemplateScreens, { params: { id: ctx.plant.templateId } });
    const before = (await ok(ctx.h, ctx.main, listTemplateScreens, { params: { id: ctx.plant.templateId } }))
      .list;
    const again = await ok(ctx.h, ctx.main, importScreens, {
      body: { kind: 'archive', template_id: ctx.plant.templateId, content_base64: all.content_base64 },
    });
    expect(again.screens).toHaveLength(before.length);
    const fresh = new Map(before.map((s, i) => [s.id, again.screens[i]?.id]));
    for (const [oldId, newId] of fresh) {
      const a = (await documentOf(oldId)).document;
      const b = (await documentOf(newId ?? 0)).document;
      // Links follow the copies; everything else is the same.
      const relinked = a.widgets.map((w) =>
        w.action?.kind === 'goto'
          ? { ...w, action: { ...w.action, screen_id: fresh.get(w.action.screen_id) } }
          : w,
      );
      expect(b).toEqual({ ...a, widgets: relinked });
    }

    const line = await ok(ctx.h, ctx.main, createProjectScreen, {
      params: { id: ctx.plant.projectId },
      body: { name: 'Line', document: lineDocument(ctx.plant.deviceIds) },
    });
    const exported = await ok(ctx.h, ctx.main, exportProjectScreens, { params: { id: ctx.plant.projectId } });
    const back = await ok(ctx.h, ctx.main, importScreens, {
      body: { kind: 'archive', project_id: ctx.plant.projectId, content_base64: exported.content_base64 },
    });
    expect((await documentOf(back.screens[0]?.id ?? 0)).document).toEqual(
      (await documentOf(line.id)).document,
    );
  });

  it('a template archive imported into a project needs the mapping step where a TAG is ambiguous', async () => {
    const t = await ok(ctx.h, ctx.main, exportTemplateScreens, { params: { id: ctx.plant.templateId } });
    const body = {
      kind: 'archive',
      project_id: ctx.plant.projectId,
      content_base64: t.content_base64,
      dry_run: true,
    } as const;
    const dry = await ok(ctx.h, ctx.main, importScreens, { body });
    expect(dry.report.variables.find((v) => v.source === 'temp')).toMatchObject({ binding: null });
    const mapped = await ok(ctx.h, ctx.main, importScreens, {
      body: { ...body, tag_map: { temp: { device_id: ctx.plant.deviceIds[1], tag: 'temp' } } },
    });
    expect(mapped.report.variables.find((v) => v.source === 'temp')?.binding).toEqual({
      device_id: ctx.plant.deviceIds[1],
      tag: 'temp',
    });
    const wrong = await importAs({ ...body, tag_map: { temp: { tag: 'temp' } } });
    expect(wrong.body).toMatchObject({
      code: 1006,
      data: { field: 'tag_map.temp.device_id', issue: 'required' },
    });
  });
});
