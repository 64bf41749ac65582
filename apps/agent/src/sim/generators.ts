import { TagDataType, type SyncTag, type WireValue } from '@hmi/contract';

/**
 * How a simulated TAG moves. Numbers are rounded to whole values for integer data types.
 *   sine         min + (max - min) * (1 + sin(2πt / period)) / 2
 *   ramp         from min up by step each sample, wrapping to min past max
 *   walk         random walk by at most ±step, kept within [min, max]
 *   toggle       a bool flipping every `every` samples
 *   text         cycles through `values` every `every` samples
 *   constant     keeps `value` (until written)
 */
export type GeneratorSpec =
  | { kind: 'sine'; min: number; max: number; periodMs: number }
  | { kind: 'ramp'; min: number; max: number; step: number }
  | { kind: 'walk'; min: number; max: number; step: number }
  | { kind: 'toggle'; every: number }
  | { kind: 'text'; values: string[]; every: number }
  | { kind: 'constant'; value: WireValue };

/** A TAG of a simulated HMI: its name, data type (TagDataType), how it moves and whether it is writable. */
export interface SimTag {
  name: string;
  dataType: number;
  gen: GeneratorSpec;
}

const INTEGER_TYPES: readonly number[] = [
  TagDataType.UINT16,
  TagDataType.UINT32,
  TagDataType.UINT64,
  TagDataType.INT16,
  TagDataType.INT32,
  TagDataType.INT64,
];

/** A running generator: the next value for a sample time; a write replaces the current value. */
export interface TagSource {
  readonly tag: SimTag;
  next(now: number): WireValue;
  /** The value written from the cloud (kept until the generator moves it again). */
  set(value: WireValue): void;
  current(): WireValue | undefined;
}

export function isIntegerType(dataType: number): boolean {
  return INTEGER_TYPES.includes(dataType);
}

/** A generator for `tag`; `random` is injectable for tests. */
export function createSource(tag: SimTag, random: () => number = Math.random): TagSource {
  const g = tag.gen;
  const shape = (n: number): WireValue => (isIntegerType(tag.dataType) ? Math.round(n) : round3(n));
  let value: WireValue | undefined;
  let count = 0;
  let written = false;
  const nextValue = (now: number): WireValue => {
    switch (g.kind) {
      case 'sine':
        return shape(g.min + ((g.max - g.min) * (1 + Math.sin((2 * Math.PI * now) / g.periodMs))) / 2);
      case 'ramp': {
        const prev = typeof value === 'number' ? value : g.min - g.step;
        const n = prev + g.step;
        return shape(n > g.max ? g.min : n);
      }
      case 'walk': {
        const prev = typeof value === 'number' ? value : (g.min + g.max) / 2;
        return shape(Math.min(g.max, Math.max(g.min, prev + (random() * 2 - 1) * g.step)));
      }
      case 'toggle':
        if (value === undefined) return false;
        return count % g.every === 0 ? !value : value;
      case 'text':
        if (!written || count % g.every === 0) {
          const i = Math.floor(count / g.every) % Math.max(1, g.values.length);
          return g.values[i] ?? '';
        }
        return value ?? '';
      case 'constant':
        return value ?? g.value;
    }
  };
  return {
    tag,
    next(now) {
      // A written value holds for constants; moving generators continue from it.
      value = written && g.kind === 'constant' ? value : nextValue(now);
      count += 1;
      return value as WireValue;
    },
    set(v) {
      value = v;
      written = true;
    },
    current: () => value,
  };
}

function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}

/** Checks a written value against the TAG's data type; the reason when refused. */
export function checkWrite(dataType: number, value: WireValue): string | null {
  if (dataType === TagDataType.STRING) return typeof value === 'string' ? null : 'expected a string';
  if (dataType === TagDataType.BOOL)
    return typeof value === 'boolean' || value === 0 || value === 1 ? null : 'expected a bool';
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return 'expected a number';
  if (isIntegerType(dataType) && !Number.isInteger(n)) return 'expected a whole number';
  return null;
}

/** Normalizes a written value to the TAG's wire form (bool 0/1 to boolean, numeric strings to numbers). */
export function normalizeWrite(dataType: number, value: WireValue): WireValue {
  if (dataType === TagDataType.BOOL) return value === true || value === 1;
  if (dataType === TagDataType.STRING) return value;
  return typeof value === 'string' ? Number(value) : value;
}

/** A generator for a TAG the cloud pushed in `cmd sync`, chosen by its data type. */
export function generatorFor(t: Pick<SyncTag, 'name' | 'data_type' | 'default_value'>): GeneratorSpec {
  switch (t.data_type) {
    case TagDataType.BOOL:
      return { kind: 'toggle', every: 5 };
    case TagDataType.STRING:
      return { kind: 'text', values: t.default_value ? [t.default_value] : ['OK', 'RUN', 'IDLE'], every: 10 };
    case TagDataType.FLOAT:
    case TagDataType.DOUBLE:
      return { kind: 'sine', min: 0, max: 100, periodMs: 60_000 };
    default:
      return isIntegerType(t.data_type)
        ? { kind: 'ramp', min: 0, max: t.data_type === TagDataType.INT16 ? 32_000 : 60_000, step: 1 }
        : { kind: 'constant', value: 0 };
  }
}

/** The demo line: temperature sine, pressure random walk, counter ramp, running toggle, status text, writable setpoints. */
export const demoSimTags: SimTag[] = [
  {
    name: 'temperature',
    dataType: TagDataType.FLOAT,
    gen: { kind: 'sine', min: 18, max: 32, periodMs: 60_000 },
  },
  { name: 'pressure', dataType: TagDataType.FLOAT, gen: { kind: 'walk', min: 0.8, max: 1.6, step: 0.05 } },
  { name: 'counter', dataType: TagDataType.UINT32, gen: { kind: 'ramp', min: 0, max: 1_000_000, step: 1 } },
  { name: 'running', dataType: TagDataType.BOOL, gen: { kind: 'toggle', every: 15 } },
  {
    name: 'status',
    dataType: TagDataType.STRING,
    gen: { kind: 'text', values: ['RUNNING', 'HEATING', 'COOLING', 'IDLE'], every: 10 },
  },
  { name: 'setpoint', dataType: TagDataType.FLOAT, gen: { kind: 'constant', value: 25 } },
  { name: 'speed', dataType: TagDataType.INT32, gen: { kind: 'constant', value: 1200 } },
];
