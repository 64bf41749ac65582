import { describe, expect, it } from 'vitest';
import { TagDataType as T } from '../tables';
import { parseTypedValue, TAG_STRING_MAX, wireValueText } from './values';

const refused = (dataType: number, typed: string) => {
  const r = parseTypedValue(dataType, typed);
  return r.ok ? null : r.reason;
};

describe('parseTypedValue', () => {
  it('refuses text that is not wholly a number instead of reading a part of it', () => {
    for (const type of [T.INT16, T.UINT32, T.INT64]) {
      expect(refused(type, '2O')).toBe('tagValueInteger');
      expect(refused(type, 'abc')).toBe('tagValueInteger');
      expect(refused(type, '2.5')).toBe('tagValueInteger');
      expect(refused(type, '0x10')).toBe('tagValueInteger');
    }
    for (const type of [T.FLOAT, T.DOUBLE]) {
      expect(refused(type, '2O')).toBe('tagValueNumber');
      expect(refused(type, 'abc')).toBe('tagValueNumber');
      expect(refused(type, 'Infinity')).toBe('tagValueNumber');
      expect(refused(type, '')).toBe('required');
    }
  });

  it('takes bool as 0 or 1 only, ranges per type and strings up to their limit', () => {
    expect(parseTypedValue(T.BOOL, '1')).toEqual({ ok: true, text: '1', wire: true });
    for (const word of ['true', 'on', 'yes', '2']) expect(refused(T.BOOL, word)).toBe('tagValueBool');
    expect(refused(T.INT16, '32768')).toBe('tagValueRange');
    expect(refused(T.UINT16, '-1')).toBe('tagValueRange');
    expect(refused(T.FLOAT, '3.5e38')).toBe('tagValueRange');
    expect(parseTypedValue(T.STRING, ' a b ')).toEqual({ ok: true, text: ' a b ', wire: ' a b ' });
    expect(refused(T.STRING, 'x'.repeat(TAG_STRING_MAX + 1))).toBe('tooLong');
  });

  it('gives the canonical text and wire value of what was typed', () => {
    expect(parseTypedValue(T.INT32, ' +007 ')).toEqual({ ok: true, text: '7', wire: 7 });
    expect(parseTypedValue(T.INT16, '-0')).toEqual({ ok: true, text: '0', wire: 0 });
    expect(parseTypedValue(T.DOUBLE, '1e3')).toEqual({ ok: true, text: '1000', wire: 1000 });
    expect(parseTypedValue(T.UINT64, '18446744073709551615')).toEqual({
      ok: true,
      text: '18446744073709551615',
      wire: '18446744073709551615',
    });
  });

  it('is what the write call applies to a value sent as text', () => {
    expect(wireValueText(T.INT32, '+042')).toEqual({ ok: true, text: '42' });
    expect(wireValueText(T.INT32, '2O')).toEqual({ ok: false, reason: 'tagValueInteger' });
  });
});
