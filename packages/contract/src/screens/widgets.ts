import { z } from 'zod';
import { bodyId, requiredText, text, typeError } from '../zod-helpers';

/** Largest width or height of a screen, and the range of widget coordinates, in screen pixels. */
export const SCREEN_SIZE_MAX = 8192;
export const SCREEN_SIZE_MIN = 16;
/** Value ranges of one widget. */
export const WIDGET_RANGES_MAX = 32;
/** Lines of one trend widget, and the longest window it shows. */
export const TREND_TAGS_MAX = 8;
export const TREND_MINUTES_MAX = 1440;
/** Devices one alarm banner lists (project screens). */
export const ALARM_BANNER_DEVICES_MAX = 100;
/** Longest text a widget shows or writes. */
export const WIDGET_TEXT_MAX = 500;
export const WIDGET_ID_MAX = 64;
/** TAG names are at most 64 characters (templates). */
const TAG_NAME_MAX = 64;

/**
 * A colour the viewer may put into a style unchanged: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, a CSS
 * colour name, or `rgb()`/`rgba()` with plain numbers. Anything else (e.g. `url(…)`, `;`) is refused.
 */
export const colour = z
  .string(typeError)
  .trim()
  .max(40, 'tooLong')
  .regex(
    /^(?:#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})|[a-zA-Z]{3,20}|rgba?\(\s*[\d.]+%?(?:\s*,\s*[\d.]+%?){2,3}\s*\))$/,
    'type',
  );

const finite = z.number(typeError).refine(Number.isFinite, 'type');
const coordinate = finite.min(-SCREEN_SIZE_MAX, 'range').max(SCREEN_SIZE_MAX, 'range');
const extent = finite.min(1, 'range').max(SCREEN_SIZE_MAX, 'range');
const fontSize = z.number(typeError).int('integer').min(6, 'range').max(200, 'range').default(14);
const decimals = z.number(typeError).int('integer').min(0, 'range').max(6, 'range').default(1);
const align = z.enum(['left', 'center', 'right'], typeError).default('center');
const unit = text(16).default('');

/** A widget id: unique in its screen, the id of the SVG element it came from when imported. */
export const widgetId = z
  .string(typeError)
  .min(1, 'required')
  .max(WIDGET_ID_MAX, 'tooLong')
  .regex(/^[A-Za-z0-9_.:-]+$/, 'type');

/**
 * What a widget shows or writes: a TAG of the template by name (template screens), or a device of
 * the project and a TAG of that device's template (project screens). The server checks which one
 * the screen's owner needs and that the TAG (and member device) exists (1006 naming the widget).
 */
export const binding = z.object({
  device_id: bodyId.optional(),
  tag: requiredText(TAG_NAME_MAX),
});
export type Binding = z.infer<typeof binding>;

/** The first range holding the value (`min ≤ value ≤ max`) gives the colour and/or text shown. */
export const valueRange = z
  .object({
    min: finite,
    max: finite,
    color: colour.optional(),
    text: text(100).optional(),
  })
  .refine((r) => r.min <= r.max, { message: 'range', path: ['max'] });
export type ValueRange = z.infer<typeof valueRange>;

/**
 * What a click does: write a fixed value to the widget's TAG, toggle a bool TAG, ask for a number
 * within `min`/`max` and write it, or open another screen of the same template or project.
 */
export const widgetAction = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('write'),
      value: z.union([finite, z.boolean(), z.string().max(256, 'tooLong')], typeError),
    }),
    z.object({ kind: z.literal('toggle') }),
    z
      .object({
        kind: z.literal('input'),
        min: finite.nullable().default(null),
        max: finite.nullable().default(null),
      })
      .refine((a) => a.min === null || a.max === null || a.min <= a.max, { message: 'range', path: ['max'] }),
    z.object({ kind: z.literal('goto'), screen_id: bodyId }),
  ],
  typeError,
);
export type WidgetAction = z.infer<typeof widgetAction>;

const textStyle = { font_size: fontSize, color: colour.default('#000000'), align };

/** Properties of each widget type (`props`), all with defaults so `{}` is a valid start. */
export const widgetProps = {
  text: z.object({ text: text(WIDGET_TEXT_MAX).default(''), ...textStyle }),
  value: z.object({
    unit,
    decimals,
    format: z.enum(['number', 'hex', 'binary', 'text'], typeError).default('number'),
    ...textStyle,
  }),
  bar: z.object({
    min: finite.default(0),
    max: finite.default(100),
    orientation: z.enum(['vertical', 'horizontal'], typeError).default('vertical'),
    color: colour.default('#1677ff'),
    background: colour.default('#f0f0f0'),
  }),
  gauge: z.object({
    min: finite.default(0),
    max: finite.default(100),
    unit,
    decimals,
    color: colour.default('#1677ff'),
  }),
  lamp: z.object({
    shape: z.enum(['circle', 'rect'], typeError).default('circle'),
    on_color: colour.default('#52c41a'),
    off_color: colour.default('#bfbfbf'),
  }),
  button: z.object({
    text: text(100).default(''),
    ...textStyle,
    background: colour.default('#1677ff'),
  }),
  switch: z.object({
    on_text: text(32).default(''),
    off_text: text(32).default(''),
    on_color: colour.default('#52c41a'),
    off_color: colour.default('#bfbfbf'),
  }),
  input: z.object({ unit, decimals, ...textStyle }),
  trend: z.object({
    tags: z.array(binding, typeError).min(1, 'required').max(TREND_TAGS_MAX, 'tooLong'),
    minutes: z.number(typeError).int('integer').min(1, 'range').max(TREND_MINUTES_MAX, 'range').default(10),
    min: finite.nullable().default(null),
    max: finite.nullable().default(null),
  }),
  alarm_banner: z.object({
    /** Project screens: the devices whose active alarms show (empty: every device bound on the screen). */
    device_ids: z.array(bodyId, typeError).max(ALARM_BANNER_DEVICES_MAX, 'tooLong').default([]),
    font_size: fontSize,
  }),
  image: z.object({
    asset: widgetId,
    fit: z.enum(['contain', 'cover', 'fill'], typeError).default('contain'),
  }),
} as const;

export type WidgetType = keyof typeof widgetProps;
export const widgetTypes = Object.keys(widgetProps) as WidgetType[];

const widgetBase = {
  id: widgetId,
  x: coordinate,
  y: coordinate,
  w: extent,
  h: extent,
  binding: binding.nullable().default(null),
  ranges: z.array(valueRange, typeError).max(WIDGET_RANGES_MAX, 'tooLong').default([]),
  action: widgetAction.nullable().default(null),
};

/**
 * The kinds of action each widget type may carry (none listed: no action). A switch toggles its bool
 * TAG and a numeric input asks for a number (bounded by an `input` action when present) without one.
 * Widgets may be unbound (e.g. imported with a variable left unmapped): the viewer shows no value and
 * writes nothing for them.
 */
export const widgetActions: Readonly<Record<WidgetType, readonly WidgetAction['kind'][]>> = {
  text: ['goto'],
  value: ['goto', 'input'],
  bar: [],
  gauge: [],
  lamp: ['goto', 'toggle', 'write'],
  button: ['write', 'toggle', 'input', 'goto'],
  switch: ['toggle'],
  input: ['input'],
  trend: [],
  alarm_banner: ['goto'],
  image: ['goto', 'write', 'toggle'],
};

export const widget = z
  .discriminatedUnion(
    'type',
    [
      z.object({ ...widgetBase, type: z.literal('text'), props: widgetProps.text.prefault({}) }),
      z.object({ ...widgetBase, type: z.literal('value'), props: widgetProps.value.prefault({}) }),
      z.object({ ...widgetBase, type: z.literal('bar'), props: widgetProps.bar.prefault({}) }),
      z.object({ ...widgetBase, type: z.literal('gauge'), props: widgetProps.gauge.prefault({}) }),
      z.object({ ...widgetBase, type: z.literal('lamp'), props: widgetProps.lamp.prefault({}) }),
      z.object({ ...widgetBase, type: z.literal('button'), props: widgetProps.button.prefault({}) }),
      z.object({ ...widgetBase, type: z.literal('switch'), props: widgetProps.switch.prefault({}) }),
      z.object({ ...widgetBase, type: z.literal('input'), props: widgetProps.input.prefault({}) }),
      z.object({ ...widgetBase, type: z.literal('trend'), props: widgetProps.trend }),
      z.object({
        ...widgetBase,
        type: z.literal('alarm_banner'),
        props: widgetProps.alarm_banner.prefault({}),
      }),
      z.object({ ...widgetBase, type: z.literal('image'), props: widgetProps.image }),
    ],
    typeError,
  )
  .superRefine((w, ctx) => {
    const kind = w.action?.kind;
    if (kind && !widgetActions[w.type].includes(kind))
      ctx.addIssue({ code: 'custom', path: ['action', 'kind'], message: 'enum' });
  });
export type Widget = z.infer<typeof widget>;
export type WidgetInput = z.input<typeof widget>;

export const screenName = requiredText(64);
