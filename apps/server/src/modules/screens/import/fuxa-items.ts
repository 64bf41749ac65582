import { colour, type ValueRange, type WidgetAction, type WidgetInput } from '@hmi/contract';
import { z } from 'zod';
import type { Box } from '../svg/geometry';
import type { Resolver } from './resolve';

const loose = z.union([z.number(), z.string()]).optional().nullable();

/** The parts of a FUXA item (`GaugeSettings`) this importer reads. */
export const fuxaItem = z.looseObject({
  id: z.string().optional(),
  type: z.string().default(''),
  name: z.string().default(''),
  property: z
    .looseObject({
      variableId: z.string().optional().nullable(),
      variable: z.string().optional().nullable(),
      text: z.string().optional().nullable(),
      id: z.string().optional().nullable(),
      ranges: z
        .array(
          z.looseObject({
            type: z.string().optional().nullable(),
            min: loose,
            max: loose,
            text: z.string().optional().nullable(),
            color: z.string().optional().nullable(),
          }),
        )
        .optional()
        .nullable(),
      events: z
        .array(
          z.looseObject({
            type: z.string().optional().nullable(),
            action: z.string().optional().nullable(),
            actparam: loose,
          }),
        )
        .optional()
        .nullable(),
      options: z.looseObject({ min: loose, max: loose }).optional().nullable(),
    })
    .nullable()
    .default(null),
});
export type FuxaItem = z.infer<typeof fuxaItem>;
type Property = NonNullable<FuxaItem['property']>;

/** How the importer finds a FUXA variable's device and TAG name, and a chart's lines. */
export interface FuxaLookup {
  variable(property: Property): { device: string | null; tag: string } | null;
  chartLines(chartId: string): { device: string | null; tag: string }[];
}

const number = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
};
const goodColour = (c: unknown): string | undefined => {
  const r = colour.safeParse(c);
  return r.success ? r.data : undefined;
};

function ranges(p: Property): ValueRange[] {
  const out: ValueRange[] = [];
  for (const r of p.ranges ?? []) {
    if (r.type === 'unit' || r.type === 'minmax') continue;
    const min = number(r.min);
    const max = number(r.max) ?? min;
    if (min === null || max === null || min > max) continue;
    const color = goodColour(r.color);
    const text = r.text?.slice(0, 100) || undefined;
    out.push({ min, max, ...(color ? { color } : {}), ...(text ? { text } : {}) });
  }
  return out.slice(0, 32);
}

/** FUXA's click actions by their stored names (`onSetValue`, or `shapes.event-onsetvalue` in newer files). */
function clickAction(p: Property): { action: WidgetAction | null; link: string | null } {
  for (const e of p.events ?? []) {
    const type = (e.type ?? '').toLowerCase().replace('shapes.event-', '');
    if (type !== 'click' && type !== 'mousedown') continue;
    const action = (e.action ?? '').toLowerCase().replace('shapes.event-', '');
    const param = e.actparam === null || e.actparam === undefined ? '' : String(e.actparam);
    if (action === 'onsetvalue')
      return { action: { kind: 'write', value: number(param) ?? param.slice(0, 256) }, link: null };
    if (action === 'ontogglevalue') return { action: { kind: 'toggle' }, link: null };
    if (action === 'onsetinput') return { action: { kind: 'input', min: null, max: null }, link: null };
    if (['onpage', 'onwindow', 'ondialog', 'oncard'].includes(action) && param)
      return { action: null, link: param };
  }
  return { action: null, link: null };
}

const MAPPED = new Set([
  'svg-ext-value',
  'svg-ext-html_input',
  'svg-ext-html_button',
  'svg-ext-html_switch',
  'svg-ext-gauge_progress',
  'svg-ext-gauge_semaphore',
  'svg-ext-html_chart',
]);

/**
 * One FUXA item as a widget at `box`, or null when its type has no widget here (it stays in the
 * artwork and is listed). `link` is the view a click opens, resolved once the screens are stored.
 */
export function widgetOfItem(
  id: string,
  item: FuxaItem,
  box: Box,
  lookup: FuxaLookup,
  resolver: Resolver,
): { widget: WidgetInput; link: string | null } | null {
  const p: Property = item.property ?? {};
  const v = lookup.variable(p);
  const valueRanges = ranges(p);
  const state = item.type.startsWith('svg-ext-') && v !== null && valueRanges.some((r) => r.color);
  if (!MAPPED.has(item.type) && !state) return null;
  const binding = v && item.type !== 'svg-ext-html_chart' ? resolver.bind(v.device, v.tag) : null;
  const base = {
    id,
    x: box.x,
    y: box.y,
    w: Math.max(1, box.w),
    h: Math.max(1, box.h),
    binding,
    ranges: valueRanges,
  };
  const { action, link } = clickAction(p);
  switch (item.type) {
    case 'svg-ext-value': {
      const unit =
        (p.ranges ?? [])
          .find((r) => r.type === 'unit')
          ?.text?.trim()
          .slice(0, 16) ?? '';
      return { widget: { ...base, type: 'value', props: { unit } }, link };
    }
    case 'svg-ext-html_input': {
      const min = number(p.options?.min);
      const max = number(p.options?.max);
      const bounded = min !== null && max !== null && min > max ? { min: null, max: null } : { min, max };
      return { widget: { ...base, type: 'input', action: { kind: 'input', ...bounded } }, link: null };
    }
    case 'svg-ext-html_button':
      return {
        widget: { ...base, type: 'button', action, props: { text: (p.text || item.name).slice(0, 100) } },
        link,
      };
    case 'svg-ext-html_switch':
      return { widget: { ...base, type: 'switch', action: { kind: 'toggle' } }, link: null };
    case 'svg-ext-gauge_progress': {
      const r = (p.ranges ?? []).find((x) => x.type === 'minmax') ?? p.ranges?.[0];
      const min = number(r?.min) ?? 0;
      const max = number(r?.max) ?? 100;
      const color = goodColour(r?.color);
      const props = { min: Math.min(min, max), max: Math.max(min, max), ...(color ? { color } : {}) };
      return { widget: { ...base, ranges: [], type: 'bar', props }, link: null };
    }
    case 'svg-ext-gauge_semaphore':
      return { widget: { ...base, type: 'lamp', props: { shape: 'circle' } }, link };
    case 'svg-ext-html_chart': {
      const tags = lookup
        .chartLines(p.id ?? '')
        .map((l) => resolver.bind(l.device, l.tag))
        .filter((b) => b !== null)
        .slice(0, 8);
      if (!tags.length) return null;
      return { widget: { ...base, ranges: [], binding: null, type: 'trend', props: { tags } }, link: null };
    }
    default:
      // State shapes (motors, valves, process shapes…) colouring by value ranges become lamps.
      return { widget: { ...base, type: 'lamp', action, props: { shape: 'rect' } }, link };
  }
}
