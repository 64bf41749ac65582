import type { SelectOption, WidgetInput } from '@hmi/contract';
import type { XmlElement } from '../svg/xml';
import { controlLook, goodColour } from './fuxa-look';
import { number, type Property } from './fuxa-schema';

/**
 * FUXA's HTML controls that write their own variable, and its gauge, as widgets of this console:
 * what each becomes (its type, props and action) and what the report calls its action. Options are
 * read as FUXA's editor saves them (`property.options`, `property.ranges`).
 */
export interface Control {
  type: 'select' | 'slider' | 'switch' | 'input' | 'gauge';
  props: Record<string, unknown>;
  action: WidgetInput['action'];
  /** What a click does, for the report. */
  reportAction: string | null;
}

type Options = Record<string, unknown>;
const obj = (v: unknown): Options => (v && typeof v === 'object' ? (v as Options) : {});
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const withDefined = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null));

/** A drop-down: each `step` range is a choice (its `min` the value written, `text` the label). */
function select(p: Property, group: XmlElement | undefined): Control {
  const options: SelectOption[] = [];
  for (const r of p.ranges ?? []) {
    const value = number(r.min) ?? (typeof r.min === 'string' ? r.min.slice(0, 256) : null);
    if (value === null) continue;
    const background = goodColour(r.color);
    const color = goodColour(r.stroke);
    options.push({
      value,
      text: (r.text ?? '').slice(0, 100),
      ...(background ? { background } : {}),
      ...(color ? { color } : {}),
    });
  }
  const look = controlLook(group, 'select');
  return {
    type: 'select',
    props: { options: options.slice(0, 64), ...look, background: look.background ?? '#ffffff' },
    action: null,
    reportAction: 'select',
  };
}

/** FUXA's slider (noUiSlider options): range, step, orientation, the bar's colours. */
function slider(p: Property): Control {
  const o = obj(p.options);
  const range = obj(o.range);
  const shape = obj(o.shape);
  const min = number(range.min) ?? 0;
  const max = number(range.max) ?? 100;
  const step = number(o.step);
  return {
    type: 'slider',
    props: withDefined({
      min: Math.min(min, max),
      // A slider needs a span: FUXA's editor never saves an empty one.
      max: max > min ? max : min + 1,
      step: step !== null && step >= 0 ? step : undefined,
      orientation: o.orientation === 'vertical' ? 'vertical' : 'horizontal',
      color: goodColour(shape.connectColor),
      background: goodColour(shape.baseColor),
    }),
    action: null,
    reportAction: 'slider',
  };
}

/** FUXA's gauge (`svg-ext-html_bag`, canvas gauges): its range, decimals and colour. */
function gauge(p: Property): Control {
  const o = obj(p.options);
  // FUXA's defaults when the options leave them out (GaugeOptions).
  const min = number(o.minValue) ?? 0;
  const max = number(o.maxValue) ?? 3000;
  const digits = number(o.fractionDigits);
  return {
    type: 'gauge',
    props: withDefined({
      min: Math.min(min, max),
      max: Math.max(min, max),
      decimals: digits !== null && digits >= 0 ? Math.min(6, Math.trunc(digits)) : 0,
      color: goodColour(o.colorStart) ?? goodColour(o.colorStop),
    }),
    action: null,
    reportAction: null,
  };
}

function switchControl(p: Property): Control {
  const o = obj(p.options);
  return {
    type: 'switch',
    props: withDefined({
      on_text: str(o.onText)?.slice(0, 32),
      off_text: str(o.offText)?.slice(0, 32),
      on_color: goodColour(o.onBackground),
      off_color: goodColour(o.offBackground),
    }),
    action: { kind: 'toggle' },
    reportAction: 'toggle',
  };
}

function input(p: Property, group: XmlElement | undefined): Control {
  const min = number(p.options?.min);
  const max = number(p.options?.max);
  const bounded = min !== null && max !== null && min > max ? { min: null, max: null } : { min, max };
  const look = controlLook(group, 'input');
  return {
    type: 'input',
    props: withDefined({
      // FUXA shows the value as it comes (rounded to 5 places): 25, not 25.0.
      format: 'auto',
      decimals: 5,
      color: look.color,
      font_size: look.font_size,
      font_family: look.font_family,
      align: look.align,
    }),
    action: { kind: 'input', ...bounded },
    reportAction: 'input',
  };
}

/** The control an item of `type` is, or null when it is not one of these. */
export function controlOf(type: string, p: Property, group: XmlElement | undefined): Control | null {
  switch (type) {
    case 'svg-ext-html_select':
      return select(p, group);
    case 'svg-ext-html_slider':
      return slider(p);
    case 'svg-ext-html_bag':
      return gauge(p);
    case 'svg-ext-html_switch':
      return switchControl(p);
    case 'svg-ext-html_input':
      return input(p, group);
    default:
      return null;
  }
}
