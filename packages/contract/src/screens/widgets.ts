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
    z.object({
      kind: z.literal('goto'),
      screen_id: bodyId,
      /** Open the screen as a dialog over this one (closed to come back), not in its place. */
      dialog: z.boolean(typeError).default(false),
    }),
  ],
  typeError,
);
export type WidgetAction = z.infer<typeof widgetAction>;

/**
 * A CSS font family list the viewer may put into a style and a canvas font unchanged: names,
 * quoted names, spaces, commas and hyphens (no `;`, `(`, `url`). Empty: the screen's own font.
 */
export const fontFamily = z
  .string(typeError)
  .trim()
  .max(100, 'tooLong')
  .regex(/^[A-Za-z0-9 ,'"_-]*$/, 'type')
  .default('');

const textStyle = { font_size: fontSize, color: colour.default('#000000'), align, font_family: fontFamily };

/** One choice of a drop-down: the value it writes and shows as `text`, with its colours when chosen. */
export const selectOption = z.object({
  value: z.union([finite, z.string().max(256, 'tooLong')], typeError),
  text: text(100).default(''),
  background: colour.optional(),
  color: colour.optional(),
});
export type SelectOption = z.infer<typeof selectOption>;
export const SELECT_OPTIONS_MAX = 64;
/** Largest drawing of one symbol widget, in characters. */
export const SYMBOL_SVG_MAX = 64 * 1024;
/** Widest stroke of a shape, in screen pixels. */
export const SHAPE_STROKE_MAX = 64;

/** Properties of each widget type (`props`), all with defaults so `{}` is a valid start. */
export const widgetProps = {
  text: z.object({ text: text(WIDGET_TEXT_MAX).default(''), ...textStyle }),
  value: z.object({
    unit,
    decimals,
    /** `auto`: the number as it comes, rounded to at most `decimals` places (no trailing zeros). */
    format: z.enum(['number', 'auto', 'hex', 'binary', 'text'], typeError).default('number'),
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
  input: z.object({
    unit,
    decimals,
    /** `auto`: at most `decimals` places, no trailing zeros (as FUXA shows an input's value). */
    format: z.enum(['number', 'auto'], typeError).default('number'),
    ...textStyle,
  }),
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
  /** A drop-down writing the chosen option's value to its TAG, showing the option matching the value. */
  select: z.object({
    options: z.array(selectOption, typeError).max(SELECT_OPTIONS_MAX, 'tooLong').default([]),
    ...textStyle,
    background: colour.default('#ffffff'),
  }),
  /** A slider writing the value it is released at, in steps of `step` between `min` and `max`. */
  slider: z
    .object({
      min: finite.default(0),
      max: finite.default(100),
      step: finite.min(0, 'range').default(1),
      orientation: z.enum(['vertical', 'horizontal'], typeError).default('horizontal'),
      color: colour.default('#1677ff'),
      background: colour.default('#d9d9d9'),
    })
    .refine((p) => p.min < p.max, { message: 'range', path: ['max'] }),
  /**
   * A drawing kept from an imported file (a motor, a pump, a valve…): `svg` is a sanitised SVG
   * document of it alone (the server sanitises it on every save, as the artwork), its root without a
   * fill. The viewer fills it with the colour of the value's range, else `color`, the file's own.
   */
  symbol: z.object({
    svg: z.string(typeError).min(1, 'required').max(SYMBOL_SVG_MAX, 'tooLong'),
    color: colour.default('#000000'),
  }),
  image: z.object({
    asset: widgetId,
    fit: z.enum(['contain', 'cover', 'fill'], typeError).default('contain'),
  }),
  /**
   * A basic shape drawn in its box, its stroke inside it: a rectangle or an ellipse filling the box,
   * or a line across it (`line`: through its middle, or corner to corner going down or up). When
   * bound, the value's range colour fills it (a line: strokes it).
   */
  shape: z.object({
    kind: z.enum(['rect', 'ellipse', 'line'], typeError).default('rect'),
    fill_color: colour.default('#e6f4ff'),
    stroke_color: colour.default('#1677ff'),
    stroke_width: z
      .number(typeError)
      .int('integer')
      .min(0, 'range')
      .max(SHAPE_STROKE_MAX, 'range')
      .default(2),
    line: z.enum(['horizontal', 'vertical', 'down', 'up'], typeError).default('horizontal'),
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
 * TAG, a numeric input asks for a number (bounded by an `input` action when present), a select
 * writes the chosen option's value and a slider the value it is released at, without one.
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
  select: [],
  slider: [],
  symbol: ['goto', 'toggle', 'write'],
  shape: ['goto'],
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
      z.object({ ...widgetBase, type: z.literal('select'), props: widgetProps.select.prefault({}) }),
      z.object({ ...widgetBase, type: z.literal('symbol'), props: widgetProps.symbol }),
      z.object({ ...widgetBase, type: z.literal('slider'), props: widgetProps.slider.prefault({}) }),
      z.object({ ...widgetBase, type: z.literal('shape'), props: widgetProps.shape.prefault({}) }),
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
