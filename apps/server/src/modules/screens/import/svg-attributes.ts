import {
  SCREEN_SIZE_MAX,
  SCREEN_SIZE_MIN,
  valueRange,
  widgetTypes,
  type ValueRange,
  type WidgetAction,
  type WidgetInput,
  type WidgetType,
} from '@hmi/contract';
import { elementBoxes } from '../svg/geometry';
import { sanitiseTree } from '../svg/sanitise';
import { attr, elements, parseXml, XmlError, type XmlElement } from '../svg/xml';
import { ImportError } from './refusal';
import type { DraftScreen, Resolver } from './resolve';

/**
 * An SVG drawn in any editor becomes one screen: the drawing is the artwork, and each element with
 * `data-hmi-widget` becomes a widget over its bounding box (the element leaves the artwork unless
 * `data-hmi-keep` is set). Attributes (documented in apps/server/README.md):
 * `data-hmi-widget` a widget type; `data-hmi-tag` the TAG (trend: names separated by commas);
 * `data-hmi-device` the project device's name; `data-hmi-action` write | toggle | input | goto;
 * `data-hmi-value` the value written, `min..max` of an input, or the screen (id or name) opened;
 * `data-hmi-unit`, `data-hmi-decimals`, `data-hmi-min`, `data-hmi-max`, `data-hmi-text`,
 * `data-hmi-minutes`; `data-hmi-ranges` `min..max:colour:text` items separated by `;`.
 */

const num = (v: string | undefined): number | null => {
  const n = v === undefined || !v.trim() ? NaN : Number(v);
  return Number.isFinite(n) ? n : null;
};

/** `0..50:#52c41a:Normal;50..100:#f5222d:High` (colour and text optional). */
export function parseRanges(spec: string | undefined): ValueRange[] {
  const out: ValueRange[] = [];
  for (const part of (spec ?? '').split(';')) {
    const [bounds = '', color, text] = part.split(':').map((s) => s.trim());
    const [min, max] = bounds.split('..').map((s) => num(s));
    const r = valueRange.safeParse({
      min,
      max: max ?? min,
      ...(color ? { color } : {}),
      ...(text ? { text } : {}),
    });
    if (r.success) out.push(r.data);
  }
  return out.slice(0, 32);
}

function actionOf(el: XmlElement, screens: ReadonlyMap<string, number>): WidgetAction | null {
  const value = attr(el, 'data-hmi-value') ?? '';
  switch (attr(el, 'data-hmi-action')) {
    case 'write':
      return { kind: 'write', value: num(value) ?? value.slice(0, 256) };
    case 'toggle':
      return { kind: 'toggle' };
    case 'input': {
      const [min = null, max = null] = value.split('..').map((s) => num(s));
      return { kind: 'input', min, max: min !== null && max !== null && max < min ? null : max };
    }
    case 'goto': {
      const id = screens.get(value);
      return id === undefined ? null : { kind: 'goto', screen_id: id, dialog: false };
    }
    default:
      return null;
  }
}

function propsOf(
  type: WidgetType,
  el: XmlElement,
  tags: () => ReturnType<Resolver['bind']>[],
): Record<string, unknown> {
  const text = attr(el, 'data-hmi-text')?.slice(0, 100);
  const unit = attr(el, 'data-hmi-unit')?.slice(0, 16);
  const decimals = num(attr(el, 'data-hmi-decimals') ?? undefined);
  const min = num(attr(el, 'data-hmi-min'));
  const max = num(attr(el, 'data-hmi-max'));
  const props: Record<string, unknown> = {
    ...(text !== undefined && ['text', 'button'].includes(type) ? { text } : {}),
    ...(unit !== undefined && ['value', 'gauge', 'input'].includes(type) ? { unit } : {}),
    ...(decimals !== null && ['value', 'gauge', 'input'].includes(type) ? { decimals } : {}),
    ...(min !== null && ['bar', 'gauge', 'trend'].includes(type) ? { min } : {}),
    ...(max !== null && ['bar', 'gauge', 'trend'].includes(type) ? { max } : {}),
  };
  if (type === 'trend') {
    props.tags = tags().filter((b) => b !== null);
    const minutes = num(attr(el, 'data-hmi-minutes'));
    if (minutes !== null) props.minutes = minutes;
  }
  return props;
}

/**
 * The screen of a data-attribute SVG. `screens` are the owner's screens by id and by name (goto);
 * ImportError with the reason when the SVG cannot be read.
 */
export function readAttributedSvg(
  text: string,
  name: string,
  resolver: Resolver,
  screens: ReadonlyMap<string, number>,
): DraftScreen {
  let root: XmlElement;
  try {
    root = parseXml(text);
  } catch (err) {
    if (err instanceof XmlError) throw ImportError.ofXml(err);
    throw err;
  }
  const marked = [...elements(root)].filter((el) => attr(el, 'data-hmi-widget') !== undefined);
  // Boxes and dropping go by id: an element without one gets one.
  marked.forEach((el, n) => {
    if (!attr(el, 'id')) el.attrs.push(['id', `hmi-widget-${n + 1}`]);
  });
  const [vx = 0, vy = 0, vw, vh] = (attr(root, 'viewBox') ?? '')
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);
  const dimension = (name: 'width' | 'height', fromViewBox: number | undefined) => {
    const v =
      (fromViewBox && Number.isFinite(fromViewBox) ? fromViewBox : 0) ||
      parseFloat(attr(root, name) ?? '') ||
      800;
    return Math.min(SCREEN_SIZE_MAX, Math.max(SCREEN_SIZE_MIN, Math.round(v)));
  };
  const width = dimension('width', vw);
  const height = dimension('height', vh);
  const origin = Number.isFinite(vx) && Number.isFinite(vy) && vw ? { x: vx, y: vy } : { x: 0, y: 0 };
  if (!attr(root, 'viewBox')) root.attrs.push(['viewBox', `0 0 ${width} ${height}`]);
  const boxes = elementBoxes(root);
  const widgets: WidgetInput[] = [];
  const unmapped: DraftScreen['unmapped'] = [];
  const drop = new Set<string>();
  const taken = new Set<string>();
  for (const el of marked) {
    const type = attr(el, 'data-hmi-widget') ?? '';
    const id = attr(el, 'id') ?? '';
    const box = boxes.get(id);
    if (!(widgetTypes as string[]).includes(type) || !box || box.w <= 0 || box.h <= 0) {
      unmapped.push({ element_id: id, type, name: attr(el, 'data-hmi-tag') ?? '' });
      continue;
    }
    const device = attr(el, 'data-hmi-device') ?? null;
    const tagNames = (attr(el, 'data-hmi-tag') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const t = type as WidgetType;
    const widgetIdBase = id.replace(/[^A-Za-z0-9_.:-]/g, '_').slice(0, 60) || 'w';
    let widgetId = widgetIdBase;
    for (let n = 2; taken.has(widgetId); n++) widgetId = `${widgetIdBase}_${n}`;
    taken.add(widgetId);
    const single = t !== 'trend' && tagNames[0] ? resolver.bind(device, tagNames[0]) : null;
    widgets.push({
      id: widgetId,
      type: t,
      x: box.x - origin.x,
      y: box.y - origin.y,
      w: box.w,
      h: box.h,
      binding: single,
      ranges: parseRanges(attr(el, 'data-hmi-ranges')),
      action: actionOf(el, screens),
      props: propsOf(t, el, () => tagNames.slice(0, 8).map((tag) => resolver.bind(device, tag))),
    } as WidgetInput);
    if (attr(el, 'data-hmi-keep') === undefined) drop.add(id);
  }
  let artwork: string;
  try {
    artwork = sanitiseTree(root, { drop });
  } catch (err) {
    if (err instanceof XmlError) throw ImportError.ofXml(err);
    throw err;
  }
  return {
    key: 'svg',
    name,
    sort: 0,
    document: { version: 1, width, height, artwork, widgets },
    links: [],
    unmapped,
  };
}
