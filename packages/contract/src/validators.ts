/**
 * Validators of spec section 5. Each returns null when the value is valid, otherwise the locale key
 * (under `validation.`) of the reason, so the web form and the server's 1006 say the same thing.
 */
import { limits } from './constants';

export type ValidationKey =
  | 'required'
  | 'whitespace'
  | 'passwordLength'
  | 'passwordClasses'
  | 'passwordChars'
  | 'passwordConfirm'
  | 'passwordSame'
  | 'phone'
  | 'email'
  | 'deviceNameStart'
  | 'deviceNameChars'
  | 'deviceNameReserved'
  | 'deviceNameLength'
  | 'labelLength'
  | 'roleNameLength'
  | 'zoneNameChars'
  | 'zoneNameLength'
  | 'groupNameLength'
  // generic form messages (registry calls)
  | 'type'
  | 'tooLong'
  | 'enum'
  | 'integer'
  | 'range'
  | 'unknownId'
  | 'snFormat'
  // labels
  | 'labelLimit'
  | 'labelsPerDevice'
  // TAG table
  | 'tagNameChars'
  | 'tagNameDuplicate'
  | 'tagCount'
  | 'tagValueBool'
  | 'tagValueInteger'
  | 'tagValueNumber'
  | 'tagValueRange'
  // TAG field addresses (field/address.ts)
  | 'addressConnection'
  | 'addressArea'
  | 'addressFormat'
  | 'addressRange'
  | 'addressBit'
  | 'addressCount'
  | 'addressOrder'
  | 'addressDataType'
  | 'addressReadOnlyArea'
  | 'addressNodeId'
  // TAG import
  | 'fileTooLarge'
  | 'fileFormat'
  | 'fileRows'
  | 'tooManyRows'
  // data permissions
  | 'mainAccount'
  // TAG writes
  | 'readOnly'
  // security zones: a client network that is not an IPv4/IPv6 address or CIDR block
  | 'cidr'
  // alarm rules (spec section 5)
  | 'alarmValueMismatch'
  | 'alarmOnOffValue'
  | 'alarmTagType'
  | 'alarmTagNotFound'
  | 'alarmTargetInteger'
  | 'alarmDeviationInteger'
  | 'alarmDeadband'
  | 'alarmGroupNotFound'
  | 'alarmNameDuplicate'
  | 'alarmTagInUse';

type Check = (value: string) => ValidationKey | null;

const PASSWORD_SYMBOLS = /[!-/:-@[-`{-~]/;

export const checkPassword: Check = (value) => {
  if (!value) return 'required';
  if (value.length < limits.passwordMin || value.length > limits.passwordMax) return 'passwordLength';
  if (!/^[\x21-\x7e]+$/.test(value)) return 'passwordChars';
  const classes = [/\d/, /[A-Za-z]/, PASSWORD_SYMBOLS].filter((re) => re.test(value)).length;
  return classes >= 2 ? null : 'passwordClasses';
};

export function checkPasswordConfirm(password: string, confirm: string): ValidationKey | null {
  return password === confirm ? null : 'passwordConfirm';
}

export function checkNewPassword(current: string, next: string): ValidationKey | null {
  return checkPassword(next) ?? (current === next ? 'passwordSame' : null);
}

/** Mainland China mobile numbers (the only country code offered is +86). */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const checkPhone: Check = (value) =>
  !value ? 'required' : PHONE_PATTERN.test(value) ? null : 'phone';

export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
export const checkEmail: Check = (value) =>
  !value ? 'required' : value.length <= 254 && EMAIL_PATTERN.test(value) ? null : 'email';

/**
 * Names an HMI script may not use as a device name: JavaScript keywords and literals, the script
 * runtime's objects, and common globals. Compared case-insensitively.
 */
export const reservedDeviceNames: readonly string[] = [
  // script keywords
  'break',
  'case',
  'catch',
  'class',
  'const',
  'continue',
  'debugger',
  'default',
  'delete',
  'do',
  'else',
  'enum',
  'export',
  'extends',
  'false',
  'finally',
  'for',
  'function',
  'if',
  'import',
  'in',
  'instanceof',
  'new',
  'null',
  'return',
  'super',
  'switch',
  'this',
  'throw',
  'true',
  'try',
  'typeof',
  'var',
  'void',
  'while',
  'with',
  'yield',
  'let',
  'static',
  'implements',
  'interface',
  'package',
  'private',
  'protected',
  'public',
  'await',
  'async',
  'of',
  'get',
  'set',
  'undefined',
  'nan',
  'infinity',
  'arguments',
  'eval',
  // script runtime objects of the HMI
  'alarm',
  'io',
  'sys',
  'user',
  'tag',
  'tags',
  'device',
  'screen',
  'window',
  'recipe',
  'history',
  'trend',
  'timer',
  'log',
  'file',
  'net',
  'mqtt',
  'modbus',
  'plc',
  'hmi',
  'db',
  'sql',
  'script',
  'event',
  'global',
  'local',
  'system',
  'config',
  'project',
  'template',
  'group',
  'value',
  'data',
  // standard globals
  'object',
  'array',
  'string',
  'number',
  'boolean',
  'symbol',
  'bigint',
  'math',
  'date',
  'json',
  'regexp',
  'error',
  'promise',
  'map',
  'weakmap',
  'console',
  'parseint',
  'parsefloat',
  'isnan',
  'isfinite',
  'settimeout',
  'setinterval',
  'cleartimeout',
  'clearinterval',
  'print',
  'require',
  'module',
  'exports',
  'prototype',
  'constructor',
  'globalthis',
];
const reservedSet = new Set(reservedDeviceNames);

export const DEVICE_NAME_MAX = 50;
export const checkDeviceName: Check = (value) => {
  if (!value) return 'required';
  if (value.length > DEVICE_NAME_MAX) return 'deviceNameLength';
  if (/^[_\d]/.test(value)) return 'deviceNameStart';
  if (!/^[\p{Script=Han}A-Za-z0-9_]+$/u.test(value)) return 'deviceNameChars';
  if (reservedSet.has(value.toLowerCase())) return 'deviceNameReserved';
  return null;
};

function notBlank(value: string): ValidationKey | null {
  if (!value) return 'required';
  return value.trim() ? null : 'whitespace';
}

// Label and group names are stored trimmed (their calls trim them), so lengths count the trimmed name.
export const checkLabelName: Check = (value) => {
  const length = value.trim().length;
  return (
    notBlank(value) ?? (length >= limits.labelNameMin && length <= limits.labelNameMax ? null : 'labelLength')
  );
};

/**
 * A TAG name as HMI scripts address TAGs: an identifier. A letter (any script, so Chinese names
 * work) or `_` first, then letters, digits and `_`; no spaces, dots, dashes or control characters.
 * "1 temp" was accepted and could not be named in a script.
 */
const TAG_NAME = /^[\p{L}_][\p{L}\p{N}_]*$/u;
export const isTagName = (value: string): boolean => TAG_NAME.test(value);

export const checkRoleName: Check = (value) =>
  notBlank(value) ?? (value.length <= limits.roleNameMax ? null : 'roleNameLength');

export const ZONE_NAME_MAX = 32;
export const checkZoneName: Check = (value) => {
  if (!value) return 'required';
  if (!/^[A-Za-z0-9]+$/.test(value)) return 'zoneNameChars';
  return value.length <= ZONE_NAME_MAX ? null : 'zoneNameLength';
};

export const GROUP_NAME_MAX = 50;
export const checkGroupName: Check = (value) =>
  notBlank(value) ?? (value.trim().length <= GROUP_NAME_MAX ? null : 'groupNameLength');

/**
 * Integer ranges of the TAG data types 1-6 (unsigned and signed 16/32/64), compared with BigInt so
 * 64-bit bounds are exact.
 */
export const tagIntegerRanges: Readonly<Record<number, readonly [bigint, bigint]>> = {
  1: [0n, 65535n],
  2: [0n, 4294967295n],
  3: [0n, 18446744073709551615n],
  4: [-32768n, 32767n],
  5: [-2147483648n, 2147483647n],
  6: [-9223372036854775808n, 9223372036854775807n],
};

/** Largest finite 32-bit float. */
export const FLOAT32_MAX = 3.4028234663852886e38;

const INTEGER_TEXT = /^[+-]?\d+$/;
const DECIMAL_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Checks a value written as text against a TAG data type (codes of `TagDataType`): bool 0 or 1;
 * unsigned and signed 16/32/64-bit integers within their ranges (exact, BigInt); float and double
 * decimal with an optional exponent, finite in their type; string anything. No surrounding spaces.
 * Used for TAG default values and alarm values.
 */
export function checkTagValue(dataType: number, text: string): ValidationKey | null {
  if (dataType === 9) return null;
  if (text === '') return 'required';
  if (dataType === 0) return text === '0' || text === '1' ? null : 'tagValueBool';
  const range = tagIntegerRanges[dataType];
  if (range) {
    if (!INTEGER_TEXT.test(text)) return 'tagValueInteger';
    const v = BigInt(text);
    return v >= range[0] && v <= range[1] ? null : 'tagValueRange';
  }
  if (dataType === 7 || dataType === 8) {
    if (!DECIMAL_TEXT.test(text)) return 'tagValueNumber';
    const v = Math.abs(Number(text));
    const max = dataType === 7 ? FLOAT32_MAX : Number.MAX_VALUE;
    return Number.isFinite(v) && v <= max ? null : 'tagValueRange';
  }
  return 'enum';
}
