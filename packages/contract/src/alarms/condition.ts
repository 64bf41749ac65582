/**
 * The stored condition form of an alarm rule, and its evaluation.
 *
 * Grammar (exactly one space around every operator; nothing else is accepted):
 *
 *     content  := operand ' ' op ' ' literal
 *     operand  := '{' tagId '}'  |  'abs({' tagId '} - ' literal ')'
 *     op       := '>' | '>=' | '<' | '<=' | '=='
 *     tagId    := a positive integer without leading zeros (the TAG's id)
 *     literal  := '-'? digits ('.' digits)? ('e' ('+'|'-') digits)?
 *
 * Contents written by buildConditionContent, per condition flag (L alarm value, T target, D deviation):
 *
 *     1   high-high        {id} >= L          the limit itself is already high-high
 *     2   high             {id} > L           the limit itself is still normal
 *     4   low-low          {id} <= L
 *     8   low              {id} < L
 *     16  large deviation  abs({id} - T) > D
 *     32  small deviation  abs({id} - T) < D
 *     128 on               {id} == 1
 *     256 off              {id} == 0
 *
 * High-high and low-low include the limit because they are the critical bands: at the limit the rule
 * errs on the side of raising. High and low exclude it, as the spec's "above" and "below" read.
 *
 * Evaluation: bool and integer TAGs compare exactly with BigInt (64-bit values stay exact; their
 * literals must be integers), float and double TAGs with Number; string TAGs cannot be compiled.
 * A value that is not a number of its TAG's type is neither active nor cleared.
 *
 * Deadband (hysteresis, d ≥ 0): the alarm clears only once the condition is false with its limit moved
 * d towards the normal side: `{id} > L` clears at `{id} <= L - d`, `{id} < L` at `{id} >= L + d`,
 * `abs(…) > D` at `abs(…) <= D - d`, `abs(…) < D` at `abs(…) >= D + d`. With d = 0, cleared is exactly
 * "not active"; `==` ignores the deadband. A cleared value is never active.
 */
import { AlarmCondition, AlarmType, TagDataType, type AlarmTypeValue } from '../tables';

export class ConditionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConditionError';
  }
}

export interface CompiledCondition {
  tagId: number;
  /** The condition holds for `value` (canonical text as stored by ingest). */
  active(value: string): boolean;
  /** `value` has moved back past the limit by the deadband: the alarm may recover. */
  cleared(value: string): boolean;
}

export interface ConditionRule {
  type: AlarmTypeValue | string;
  condition: number;
  tag_id: number;
  alarm_value: string;
  target: string;
  deviation: string;
}

type Op = '>' | '>=' | '<' | '<=' | '==';

const LITERAL = '-?\\d+(?:\\.\\d+)?(?:e[+-]\\d+)?';
const TAG = '\\{([1-9]\\d{0,9})\\}';
const OP = '(>=|<=|==|>|<)';
const PLAIN_FORM = new RegExp(`^${TAG} ${OP} (${LITERAL})$`);
const DEVIATION_FORM = new RegExp(`^abs\\(${TAG} - (${LITERAL})\\) ${OP} (${LITERAL})$`);
const INTEGER = /^-?\d+$/;
const NUMBER_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const INT32_MAX = 2147483647;

const limitOps: Readonly<Record<number, Op>> = {
  [AlarmCondition.HIGH_HIGH]: '>=',
  [AlarmCondition.HIGH]: '>',
  [AlarmCondition.LOW_LOW]: '<=',
  [AlarmCondition.LOW]: '<',
};
const deviationOps: Readonly<Record<number, Op>> = {
  [AlarmCondition.LARGE_DEVIATION]: '>',
  [AlarmCondition.SMALL_DEVIATION]: '<',
};

/** The literal's canonical text: integers through BigInt (exact), other numbers through Number. */
function literal(text: string, field: string): string {
  const t = text.trim();
  if (/^[+-]?\d+$/.test(t)) return BigInt(t).toString();
  const n = Number(t);
  if (!NUMBER_TEXT.test(t) || !Number.isFinite(n)) throw new ConditionError(`${field} is not a number`);
  return String(n);
}

/** The stored condition of a rule (see the grammar above). Throws ConditionError on a bad rule. */
export function buildConditionContent(rule: ConditionRule): string {
  if (!Number.isSafeInteger(rule.tag_id) || rule.tag_id < 1 || rule.tag_id > INT32_MAX)
    throw new ConditionError('tag_id is not a TAG id');
  const tag = `{${rule.tag_id}}`;
  if (rule.type === AlarmType.LIMIT) {
    const op = limitOps[rule.condition];
    if (!op) throw new ConditionError('condition does not belong to the limit type');
    return `${tag} ${op} ${literal(rule.alarm_value, 'alarm_value')}`;
  }
  if (rule.type === AlarmType.DEVIATION) {
    const op = deviationOps[rule.condition];
    if (!op) throw new ConditionError('condition does not belong to the deviation type');
    return `abs(${tag} - ${literal(rule.target, 'target')}) ${op} ${literal(rule.deviation, 'deviation')}`;
  }
  if (rule.type === AlarmType.ON_OFF) {
    if (rule.condition === AlarmCondition.ON) return `${tag} == 1`;
    if (rule.condition === AlarmCondition.OFF) return `${tag} == 0`;
    throw new ConditionError('condition does not belong to the on/off type');
  }
  throw new ConditionError('unknown alarm type');
}

interface Parsed {
  tagId: number;
  /** Target of the abs(...) form; null for the plain form. */
  target: string | null;
  op: Op;
  limit: string;
}

function parse(content: string): Parsed {
  const plain = PLAIN_FORM.exec(content);
  const dev = plain ? null : DEVIATION_FORM.exec(content);
  const m = plain ?? dev;
  if (!m) throw new ConditionError(`malformed condition: ${JSON.stringify(content.slice(0, 80))}`);
  const tagId = Number(m[1]);
  if (tagId > INT32_MAX) throw new ConditionError('TAG id out of range');
  return plain
    ? { tagId, target: null, op: m[2] as Op, limit: m[3] as string }
    : { tagId, target: m[2] as string, op: m[3] as Op, limit: m[4] as string };
}

function compare<T extends bigint | number>(a: T, op: Op, b: T): boolean {
  switch (op) {
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '==':
      return a === b;
  }
}

/** Moves the limit of `op` by `d` towards the normal side (down for > and >=, up for < and <=). */
function shiftSign(op: Op): -1 | 1 | 0 {
  if (op === '>' || op === '>=') return -1;
  if (op === '<' || op === '<=') return 1;
  return 0;
}

/** d = num / scale exactly, with scale a power of ten. */
function exactDeadband(text: string): { num: bigint; scale: bigint } {
  const m = /^[+-]?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!m) throw new ConditionError('deadband is not a number');
  const whole = m[1] ?? '';
  const frac = m[2] ?? '';
  const exp = Number(m[3] ?? '0') - frac.length;
  const digits = BigInt(`${whole}${frac}` || '0');
  return exp >= 0
    ? { num: digits * 10n ** BigInt(exp), scale: 1n }
    : { num: digits, scale: 10n ** BigInt(-exp) };
}

/** Exponents beyond this are refused so exact arithmetic stays small. */
const DEADBAND_EXPONENT_MAX = 400;

/**
 * True when `text` is a valid deadband: empty (0) or a decimal number ≥ 0 with an optional exponent
 * of at most 400 in magnitude.
 */
export function isDeadband(text: string): boolean {
  if (text === '') return true;
  if (!NUMBER_TEXT.test(text)) return false;
  const exp = /[eE]([+-]?\d+)$/.exec(text);
  if (exp && Math.abs(Number(exp[1])) > DEADBAND_EXPONENT_MAX) return false;
  const n = Number(text);
  return Number.isFinite(n) && n >= 0;
}

function checkedDeadband(deadband: string): string {
  const d = deadband.trim();
  if (!isDeadband(d)) throw new ConditionError('deadband must be a number ≥ 0');
  return d === '' ? '0' : d;
}

/**
 * The rules of one TAG all read the same sample text in a row; converting it once instead of once
 * per rule keeps 300 rules per template cheap. Both caches start consistent: '' is not a number.
 */
let lastText = '';
let lastInteger: bigint | null = null;
function integerOf(value: string): bigint | null {
  if (value !== lastText) {
    lastText = value;
    lastInteger = INTEGER.test(value) ? BigInt(value) : null;
  }
  return lastInteger;
}

let lastFloatText = '';
let lastFloat: number | null = null;
function floatOf(value: string): number | null {
  if (value !== lastFloatText) {
    lastFloatText = value;
    const v = value === '' ? NaN : Number(value);
    lastFloat = Number.isFinite(v) ? v : null;
  }
  return lastFloat;
}

/**
 * Active while the operand is past the limit; cleared once it is back beyond the deadband (`stillOut`
 * tells whether it is not), or for `==` once it differs. A value that is not a number changes nothing.
 */
function checks<T extends bigint | number>(
  p: Parsed,
  operand: (value: string) => T | null,
  limit: T,
  stillOut: (x: T) => boolean,
): CompiledCondition {
  return {
    tagId: p.tagId,
    active: (value) => {
      const x = operand(value);
      return x !== null && compare(x, p.op, limit);
    },
    cleared: (value) => {
      const x = operand(value);
      if (x === null) return false;
      return p.op === '==' ? x !== limit : !stillOut(x);
    },
  };
}

function compileExact(p: Parsed, deadband: string): CompiledCondition {
  if (!INTEGER.test(p.limit) || (p.target !== null && !INTEGER.test(p.target)))
    throw new ConditionError('an integer TAG needs integer limits');
  const limit = BigInt(p.limit);
  const target = p.target === null ? null : BigInt(p.target);
  const { num, scale } = exactDeadband(deadband);
  const clearLimit = limit * scale + BigInt(shiftSign(p.op)) * num;
  const operand = (value: string): bigint | null => {
    const v = integerOf(value);
    if (v === null || target === null) return v;
    return v >= target ? v - target : target - v;
  };
  return checks(p, operand, limit, (x) => compare(x * scale, p.op, clearLimit));
}

function compileFloat(p: Parsed, deadband: string): CompiledCondition {
  const limit = Number(p.limit);
  const target = p.target === null ? null : Number(p.target);
  const clearLimit = limit + shiftSign(p.op) * Number(deadband);
  const operand = (value: string): number | null => {
    const v = floatOf(value);
    if (v === null || target === null) return v;
    return Math.abs(v - target);
  };
  return checks(p, operand, limit, (x) => compare(x, p.op, clearLimit));
}

/**
 * Compiles a stored condition for a TAG of `dataType` (TagDataType code) with the rule's deadband
 * (text, '' = 0). Throws ConditionError on malformed content, a string TAG, a non-integer limit for
 * an integer TAG, or a bad deadband.
 */
export function compileCondition(content: string, dataType: number, deadband: string): CompiledCondition {
  const p = parse(content);
  const d = checkedDeadband(deadband);
  if (dataType === TagDataType.FLOAT || dataType === TagDataType.DOUBLE) return compileFloat(p, d);
  if (dataType >= TagDataType.BOOL && dataType <= TagDataType.INT64 && Number.isInteger(dataType))
    return compileExact(p, d);
  throw new ConditionError(`TAG data type ${dataType} cannot carry an alarm condition`);
}
