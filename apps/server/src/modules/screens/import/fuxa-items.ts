import type { Binding, ImportedItem, ImportNote, ValueRange, WidgetInput } from '@hmi/contract';
import type { Box } from '../svg/geometry';
import { cutSymbol } from '../svg/symbol';
import type { XmlElement } from '../svg/xml';
import { clickOf, type Click } from './fuxa-events';
import { controlLook, drawsWithoutHtml, goodColour, valueLook } from './fuxa-look';
import { controlOf } from './fuxa-controls';
import { number, type FuxaItem, type FuxaLookup, type Property, type Variable } from './fuxa-schema';
import { sourceOf, type Resolver } from './resolve';

/** What the item is drawn with in the view, and what the importer knows of the file. */
export interface ItemContext {
  id: string;
  /** The view's drawing, and the item's element in it. */
  root: XmlElement;
  group: XmlElement | undefined;
  box: Box | undefined;
  lookup: FuxaLookup;
  resolver: Resolver;
  /** The ids of the file's views (links to other views are kept only to these). */
  views: ReadonlySet<string>;
}

export type ItemReport = Omit<ImportedItem, 'element_id' | 'type' | 'name'>;

export interface ItemOutcome {
  widget: WidgetInput | null;
  link: { target: string; dialog: boolean } | null;
  /** The item's drawing leaves the artwork (a widget stands for it, or it is HTML only). */
  drop: boolean;
  report: ItemReport;
}

function ranges(p: Property): ValueRange[] {
  const out: ValueRange[] = [];
  for (const r of p.ranges ?? []) {
    if (r.type === 'unit' || r.type === 'minmax' || r.type === 'output') continue;
    const min = number(r.min);
    const max = number(r.max) ?? min;
    if (min === null || max === null || min > max) continue;
    const color = goodColour(r.color);
    const text = r.text?.slice(0, 100) || undefined;
    out.push({ min, max, ...(color ? { color } : {}), ...(text ? { text } : {}) });
  }
  return out.slice(0, 32);
}

const same = (a: Variable | null, b: Variable | null) =>
  a !== null && b !== null && sourceOf(a.device, a.tag) === sourceOf(b.device, b.tag);

/** A value's unit and decimals as FUXA shows it: `value unit`, all decimals unless fixed. */
function valueFormat(p: Property) {
  const first = p.ranges?.[0];
  const unit = (p.ranges ?? []).find((r) => r.type === 'unit' || r.type === 'output')?.text?.trim() ?? '';
  const digits = number(first?.fractionDigits);
  // FUXA rounds a number to 5 decimals and writes it as JavaScript does (1200, not 1200.0).
  return digits !== null && digits >= 0
    ? { unit: unit.slice(0, 16), format: 'number' as const, decimals: Math.min(6, Math.trunc(digits)) }
    : { unit: unit.slice(0, 16), format: 'auto' as const, decimals: 5 };
}

/**
 * One FUXA item as a widget (or none), with what the report says of it. `link` is the view a click
 * opens, resolved once the screens are stored.
 */
export function widgetOfItem(item: FuxaItem, ctx: ItemContext): ItemOutcome {
  const p: Property = item.property ?? {};
  const own = ctx.lookup.variable(p);
  const click = clickOf(p.events);
  const notes: ImportNote[] = [];
  let source: string | null = null;
  let bound: Binding | null = null;
  const bind = (v: Variable | null) => {
    if (!v) return null;
    source = sourceOf(v.device, v.tag);
    bound = ctx.resolver.bind(v.device, v.tag);
    if (!bound) notes.push('unbound');
    return bound;
  };
  const eventVariable = (c: Click) =>
    'variableId' in c && c.variableId ? ctx.lookup.variable({ variableId: c.variableId }) : null;
  const linkOf = (c: Click) => {
    if (c.kind !== 'link') return null;
    if (!ctx.views.has(c.view)) {
      notes.push('linkMissing');
      return null;
    }
    if (c.dialog) notes.push('dialog');
    return { target: c.view, dialog: c.dialog };
  };
  const box = ctx.box;
  const base = (b: Box) => ({
    id: ctx.id,
    x: b.x,
    y: b.y,
    w: Math.max(1, b.w),
    h: Math.max(1, b.h),
    ranges: ranges(p),
  });
  const done = (widget: WidgetInput | null, link: ItemOutcome['link'] = null, drop = widget !== null) => ({
    widget,
    link,
    drop,
    report: {
      widget: widget?.type ?? null,
      source,
      binding: bound,
      action: link ? 'goto' : (widget?.action?.kind ?? null),
      notes,
    },
  });

  // Controls writing their own variable (select, slider, switch, input) and the gauge.
  const control = box ? controlOf(item.type, p, ctx.group) : null;
  if (control && box) {
    const binding = bind(eventVariable(click) ?? own);
    if (click.kind !== 'none') notes.push('actionUnsupported');
    const { type, props, action } = control;
    const outcome = done({ ...base(box), ranges: [], binding, type, props, action } as WidgetInput);
    return { ...outcome, report: { ...outcome.report, action: control.reportAction } };
  }

  if (item.type === 'svg-ext-html_button' && box) {
    const look = controlLook(ctx.group, 'button');
    const text = (p.text || item.name).slice(0, 100);
    const props = { text, ...look };
    const link = linkOf(click);
    if (click.kind === 'write' || click.kind === 'toggle' || click.kind === 'input') {
      const fromEvent = eventVariable(click);
      if (fromEvent && own && !same(fromEvent, own)) notes.push('eventVariable');
      const target = fromEvent ?? own;
      if (!target) notes.push('noWriteTarget');
      const binding = bind(target);
      const action = !target
        ? null
        : click.kind === 'write'
          ? { kind: 'write' as const, value: number(click.value) ?? click.value.slice(0, 256) }
          : click.kind === 'toggle'
            ? { kind: 'toggle' as const }
            : { kind: 'input' as const, min: null, max: null };
      return done({ ...base(box), type: 'button', binding, action, props });
    }
    if (click.kind === 'unsupported') notes.push('actionUnsupported');
    return done({ ...base(box), type: 'button', binding: null, action: null, props }, link);
  }

  if (item.type === 'svg-ext-value' && box) {
    const format = valueFormat(p);
    // Room for a number as FUXA writes it (`-1234.56789`) and the unit after a space.
    const sized = valueLook(ctx.group, box, 11 + format.unit.length);
    const binding = bind(own);
    const link = linkOf(click);
    let action: WidgetInput['action'] = null;
    if (click.kind === 'input' && (!eventVariable(click) || same(eventVariable(click), own)))
      action = { kind: 'input', min: null, max: null };
    else if (click.kind === 'input' || click.kind === 'write' || click.kind === 'toggle')
      notes.push(
        eventVariable(click) && !same(eventVariable(click), own) ? 'otherWriteTarget' : 'actionUnsupported',
      );
    else if (click.kind === 'unsupported') notes.push('actionUnsupported');
    return done(
      { ...base(sized.box), type: 'value', binding, action, props: { ...format, ...sized.look } },
      link,
    );
  }

  if (item.type === 'svg-ext-html_chart' && box) {
    const lines = ctx.lookup.chartLines(p.id ?? '');
    const tags = lines
      .map((l) => ctx.resolver.bind(l.device, l.tag))
      .filter((b) => b !== null)
      .slice(0, 8);
    // Lines that match no TAG: mapping them makes the chart a trend.
    if (lines.length && !tags.length) notes.push('unbound');
    if (tags.length) return done({ ...base(box), ranges: [], binding: null, type: 'trend', props: { tags } });
  }

  if (item.type === 'svg-ext-gauge_progress' && box) {
    const r = (p.ranges ?? []).find((x) => x.type === 'minmax') ?? p.ranges?.[0];
    const min = number(r?.min) ?? 0;
    const max = number(r?.max) ?? 100;
    const color = goodColour(r?.color);
    const props = { min: Math.min(min, max), max: Math.max(min, max), ...(color ? { color } : {}) };
    return done({ ...base(box), ranges: [], type: 'bar', binding: bind(own), props });
  }

  // The semaphore becomes a lamp; state shapes (motors, pumps, valves…) colouring by value ranges
  // keep their drawing as symbols filled by range, as FUXA fills them.
  const semaphore = item.type === 'svg-ext-gauge_semaphore';
  const state = item.type.startsWith('svg-ext-') && own !== null && ranges(p).some((r) => r.color);
  if ((semaphore || state) && box) {
    const binding = bind(own);
    const link = linkOf(click);
    let action: WidgetInput['action'] = null;
    if (click.kind === 'write' || click.kind === 'toggle') {
      const fromEvent = eventVariable(click);
      if (fromEvent && !same(fromEvent, own)) notes.push('otherWriteTarget');
      else
        action =
          click.kind === 'toggle'
            ? { kind: 'toggle' }
            : { kind: 'write', value: number(click.value) ?? click.value.slice(0, 256) };
    } else if (click.kind === 'input' || click.kind === 'unsupported') notes.push('actionUnsupported');
    // Room for the outline's stroke around the shapes' geometry.
    const framed = { x: box.x - 2, y: box.y - 2, w: box.w + 4, h: box.h + 4 };
    const symbol = !semaphore && ctx.group ? cutSymbol(ctx.root, ctx.group, framed) : null;
    const widget: WidgetInput = symbol
      ? { ...base(framed), type: 'symbol', binding, action, props: symbol }
      : { ...base(box), type: 'lamp', binding, action, props: { shape: semaphore ? 'circle' : 'rect' } };
    return done(widget, link);
  }

  // No widget: HTML-only controls are not drawable (their face would show as an empty block).
  if (own) bind(own);
  const html = item.type.startsWith('svg-ext-html_');
  const drawn = !html && drawsWithoutHtml(ctx.group);
  notes.push(drawn ? 'keptInArtwork' : 'notDrawn');
  if (click.kind !== 'none') notes.push('actionUnsupported');
  return done(null, null, html);
}
