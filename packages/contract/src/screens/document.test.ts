import { describe, expect, it } from 'vitest';
import { createTemplateScreen, importScreens } from '../calls/screens';
import { toggleSwitch, widgetAt } from './build';
import {
  documentBindings,
  screenDocument,
  SCREEN_ARTWORK_MAX_BYTES,
  SCREEN_DOCUMENT_MAX_BYTES,
  SCREEN_WIDGETS_MAX,
  type ScreenDocumentInput,
} from './document';

const oven: ScreenDocumentInput = {
  version: 1,
  width: 1280,
  height: 720,
  artwork: '<svg xmlns="http://www.w3.org/2000/svg"><rect width="10" height="10"/></svg>',
  widgets: [
    widgetAt('temp', [10, 10, 200, 200], { type: 'gauge', binding: { tag: 'temp' } }),
    widgetAt('state', [10, 220, 200, 30], {
      type: 'text',
      binding: { tag: 'state' },
      ranges: [
        { min: 0, max: 0, text: 'Stopped', color: '#bfbfbf' },
        { min: 1, max: 1, text: 'Running', color: '#52c41a' },
      ],
    }),
    toggleSwitch('run', [220, 10, 80, 40], { tag: 'running' }),
    widgetAt('sp', [220, 60, 80, 30], {
      type: 'input',
      binding: { tag: 'setpoint' },
      action: { kind: 'input', min: 0, max: 300 },
    }),
    widgetAt('trend', [320, 10, 400, 200], {
      type: 'trend',
      props: { tags: [{ tag: 'temp' }], minutes: 30 },
    }),
    widgetAt('next', [10, 300, 80, 30], { type: 'button', action: { kind: 'goto', screen_id: 7 } }),
    widgetAt('logo', [0, 0, 10, 10], { type: 'image', props: { asset: 'logo' } }),
  ],
  assets: { logo: { mime: 'image/png', data: 'iVBORw0KGgo=' } },
};

const withWidgets = (widgets: unknown[]) => ({ ...oven, widgets });
const issue = (input: unknown) => {
  const r = screenDocument.safeParse(input);
  return r.success ? null : { path: r.error.issues[0]?.path.join('.'), message: r.error.issues[0]?.message };
};

describe('screen document format', () => {
  it('round-trips a document with every kind of widget part, defaults filled in', () => {
    const doc = screenDocument.parse(oven);
    expect(screenDocument.parse(JSON.parse(JSON.stringify(doc)))).toEqual(doc);
    expect(doc.background).toBe('#ffffff');
    const gauge = doc.widgets[0];
    expect(gauge).toMatchObject({
      type: 'gauge',
      props: { min: 0, max: 100, decimals: 1 },
      ranges: [],
      action: null,
    });
    expect(documentBindings(doc).map((b) => `${b.widget}:${b.path}:${b.tag}`)).toEqual([
      '0:binding:temp',
      '1:binding:state',
      '2:binding:running',
      '3:binding:setpoint',
      '4:props.tags.0:temp',
    ]);
  });

  it('names the failing part', () => {
    expect(issue({ ...oven, version: 2 })).toMatchObject({ path: 'version' });
    expect(issue(withWidgets([{ id: 'x', type: 'dial', x: 0, y: 0, w: 1, h: 1 }]))).toMatchObject({
      path: 'widgets.0.type',
    });
    expect(issue(withWidgets([{ id: 'x', type: 'value', x: 0, y: 0, w: 0, h: 1 }]))).toEqual({
      path: 'widgets.0.w',
      message: 'range',
    });
    const dup = { id: 'a', type: 'text', x: 0, y: 0, w: 1, h: 1 };
    expect(issue(withWidgets([dup, dup]))).toEqual({ path: 'widgets.1.id', message: 'widgetIdDuplicate' });
    expect(issue(withWidgets([{ ...dup, action: { kind: 'toggle' } }]))).toEqual({
      path: 'widgets.0.action.kind',
      message: 'enum',
    });
    expect(issue(withWidgets([{ ...dup, ranges: [{ min: 5, max: 1 }] }]))).toEqual({
      path: 'widgets.0.ranges.0.max',
      message: 'range',
    });
    expect(issue(withWidgets([{ ...dup, props: { color: 'red;background:url(x)' } }]))).toMatchObject({
      path: 'widgets.0.props.color',
    });
    expect(issue(withWidgets([{ ...dup, type: 'image', props: { asset: 'missing' } }]))).toEqual({
      path: 'widgets.0.props.asset',
      message: 'unknownId',
    });
    expect(issue({ ...oven, assets: { a: { mime: 'image/svg+xml', data: 'AAAA' } } })).toMatchObject({
      path: 'assets.a.mime',
    });
  });

  it('takes basic shapes with their colours and stroke, refusing what a style could abuse', () => {
    const shape = { id: 's', type: 'shape', x: 0, y: 0, w: 100, h: 40 };
    const doc = screenDocument.parse(withWidgets([shape]));
    expect(doc.widgets[0]).toMatchObject({
      type: 'shape',
      props: {
        kind: 'rect',
        fill_color: '#e6f4ff',
        stroke_color: '#1677ff',
        stroke_width: 2,
        line: 'horizontal',
      },
    });
    const line = { kind: 'line', line: 'up', stroke_color: 'rgba(0, 0, 0, 0.5)', stroke_width: 0 };
    expect(issue(withWidgets([{ ...shape, props: line }]))).toBeNull();
    expect(issue(withWidgets([{ ...shape, props: { kind: 'polygon' } }]))).toMatchObject({
      path: 'widgets.0.props.kind',
    });
    expect(issue(withWidgets([{ ...shape, props: { fill_color: 'url(#x)' } }]))).toMatchObject({
      path: 'widgets.0.props.fill_color',
    });
    expect(issue(withWidgets([{ ...shape, props: { stroke_width: 65 } }]))).toEqual({
      path: 'widgets.0.props.stroke_width',
      message: 'range',
    });
    expect(issue(withWidgets([{ ...shape, props: { stroke_width: 1.5 } }]))).toMatchObject({
      path: 'widgets.0.props.stroke_width',
    });
    expect(issue(withWidgets([{ ...shape, action: { kind: 'write', value: 1 } }]))).toEqual({
      path: 'widgets.0.action.kind',
      message: 'enum',
    });
  });

  it('enforces the limits: widgets, artwork and document size', () => {
    const many = Array.from({ length: SCREEN_WIDGETS_MAX + 1 }, (_, i) => ({
      id: `w${i}`,
      type: 'text',
      x: 0,
      y: 0,
      w: 1,
      h: 1,
    }));
    expect(issue(withWidgets(many))).toEqual({ path: 'widgets', message: 'tooLong' });
    expect(issue(withWidgets(many.slice(1)))).toBeNull();
    // Multi-byte characters count as their UTF-8 size.
    expect(issue({ ...oven, artwork: '字'.repeat(SCREEN_ARTWORK_MAX_BYTES / 3 + 1) })).toEqual({
      path: 'artwork',
      message: 'tooLong',
    });
    const big = 'A'.repeat(1024 * 1024);
    const assets = Object.fromEntries([1, 2, 3, 4].map((n) => [`a${n}`, { mime: 'image/png', data: big }]));
    expect(issue({ ...oven, widgets: [], assets })).toEqual({ path: '', message: 'fileTooLarge' });
    expect(createTemplateScreen.bodyLimit).toBeGreaterThan(SCREEN_DOCUMENT_MAX_BYTES);
  });

  it('an import names either a template or a project', () => {
    const body = { kind: 'svg', content_base64: 'AA==' };
    const schema = importScreens.body;
    if (!schema) throw new Error('importScreens has a body');
    expect(schema.safeParse({ ...body, template_id: 1 }).success).toBe(true);
    expect(schema.safeParse(body).success).toBe(false);
    expect(schema.safeParse({ ...body, template_id: 1, project_id: 2 }).success).toBe(false);
  });
});
