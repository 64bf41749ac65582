import { TagDataType } from '../tables';
import { checkTagValue, type ValidationKey } from '../validators';
import type { WireValue } from './payloads';

/** Longest text a string TAG takes in a write (the write call's body limit). */
export const TAG_STRING_MAX = 1024;

/**
 * What a user typed for a TAG of `dataType`, parsed strictly: the one check of every path that turns
 * typed text into a TAG value (the SCADA write dialog, device detail's write dialog, the write call).
 * The whole text must be the value: `2O` or `abc` for a number is refused, never read as 2 or as the
 * old value. Surrounding spaces are ignored for all but strings. bool takes 0 or 1 only (no words
 * such as true/on: HMI scripts and alarm values use 0/1); integers are whole decimal numbers within
 * their type's range; float and double are decimals (an exponent allowed) finite in their type; a
 * string takes up to TAG_STRING_MAX characters as typed. The result's text is canonical (`+007` → `7`,
 * `1e3` → `1000`), what the command, the audit log and the device get.
 */
export function parseTypedValue(
  dataType: number,
  typed: string,
): { ok: true; text: string; wire: WireValue } | { ok: false; reason: ValidationKey } {
  if (dataType === TagDataType.STRING)
    return typed.length > TAG_STRING_MAX
      ? { ok: false, reason: 'tooLong' }
      : { ok: true, text: typed, wire: typed };
  const trimmed = typed.trim();
  const key = checkTagValue(dataType, trimmed);
  if (key) return { ok: false, reason: key };
  const text =
    dataType === TagDataType.FLOAT || dataType === TagDataType.DOUBLE
      ? String(Number(trimmed))
      : BigInt(trimmed).toString();
  return { ok: true, text, wire: textToWire(dataType, text) };
}

/** Why a sample's value was refused for its TAG (besides the ValidationKeys of checkTagValue). */
export type ValueRejection = 'nonFinite' | 'type' | ValidationKey;

/**
 * The canonical text of a wire value for a TAG of `dataType` (the form checkTagValue checks and the
 * database keeps), or why it is refused: bool takes true/false or 0/1; integer types take whole
 * numbers or decimal strings (for 64-bit values beyond 2^53); float and double take finite numbers
 * or decimal strings; string takes strings only. NaN and ±Infinity are refused for every type.
 */
export function wireValueText(
  dataType: number,
  value: WireValue,
): { ok: true; text: string } | { ok: false; reason: ValueRejection } {
  if (typeof value === 'number' && !Number.isFinite(value)) return { ok: false, reason: 'nonFinite' };
  let text: string;
  if (dataType === TagDataType.STRING) {
    if (typeof value !== 'string') return { ok: false, reason: 'type' };
    return { ok: true, text: value };
  }
  if (typeof value === 'boolean') {
    if (dataType !== TagDataType.BOOL) return { ok: false, reason: 'type' };
    text = value ? '1' : '0';
  } else if (typeof value === 'number') {
    if (dataType !== TagDataType.FLOAT && dataType !== TagDataType.DOUBLE && !Number.isInteger(value))
      return { ok: false, reason: 'tagValueInteger' };
    if (
      Number.isInteger(value) &&
      !Number.isSafeInteger(value) &&
      dataType !== TagDataType.FLOAT &&
      dataType !== TagDataType.DOUBLE
    )
      return { ok: false, reason: 'tagValueRange' };
    text = Number.isInteger(value) ? BigInt(value).toString() : String(value);
  } else {
    // Text (a form's value) is parsed as typed text, by the same rules as the write dialogs.
    const typed = parseTypedValue(dataType, value);
    return typed.ok ? { ok: true, text: typed.text } : typed;
  }
  const key = checkTagValue(dataType, text);
  return key ? { ok: false, reason: key } : { ok: true, text };
}

/** The wire form of a checked value text (the inverse of wireValueText) for `cmd write`. */
export function textToWire(dataType: number, text: string): WireValue {
  if (dataType === TagDataType.STRING) return text;
  if (dataType === TagDataType.BOOL) return text === '1';
  const n = Number(text);
  if (dataType === TagDataType.FLOAT || dataType === TagDataType.DOUBLE) return n;
  return Number.isSafeInteger(n) ? n : text;
}

/** A numeric reading of a value text for charts (bool 0/1); null for strings. */
export function numericValue(dataType: number, text: string): number | null {
  if (dataType === TagDataType.STRING) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}
