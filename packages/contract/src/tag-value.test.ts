import { describe, expect, it } from 'vitest';
import { tagInput, tagTable } from './calls/templates';
import { TagDataType as T } from './tables';
import { checkTagValue } from './validators';

describe('checkTagValue', () => {
  it('bool takes 0 or 1 only', () => {
    expect(checkTagValue(T.BOOL, '0')).toBeNull();
    expect(checkTagValue(T.BOOL, '1')).toBeNull();
    for (const v of ['2', '-1', 'true', '01', ' 1', '1.0'])
      expect(checkTagValue(T.BOOL, v)).toBe('tagValueBool');
    expect(checkTagValue(T.BOOL, '')).toBe('required');
  });

  const bounds: [number, string, string, string, string][] = [
    [T.UINT16, '0', '65535', '-1', '65536'],
    [T.UINT32, '0', '4294967295', '-1', '4294967296'],
    [T.UINT64, '0', '18446744073709551615', '-1', '18446744073709551616'],
    [T.INT16, '-32768', '32767', '-32769', '32768'],
    [T.INT32, '-2147483648', '2147483647', '-2147483649', '2147483648'],
    [T.INT64, '-9223372036854775808', '9223372036854775807', '-9223372036854775809', '9223372036854775808'],
  ];
  it.each(bounds)(
    'integer type %i accepts [%s, %s] and refuses %s and %s',
    (type, min, max, below, above) => {
      expect(checkTagValue(type, min)).toBeNull();
      expect(checkTagValue(type, max)).toBeNull();
      expect(checkTagValue(type, below)).toBe('tagValueRange');
      expect(checkTagValue(type, above)).toBe('tagValueRange');
    },
  );

  it('compares 64-bit bounds exactly (values a float would round onto the bound)', () => {
    // As doubles both equal 2^64 and 2^63; BigInt tells them apart.
    expect(checkTagValue(T.UINT64, '18446744073709551617')).toBe('tagValueRange');
    expect(checkTagValue(T.UINT64, '18446744073709551614')).toBeNull();
    expect(checkTagValue(T.INT64, '9223372036854775807')).toBeNull();
    expect(checkTagValue(T.INT64, '9223372036854775810')).toBe('tagValueRange');
    expect(checkTagValue(T.INT64, '-9223372036854775807')).toBeNull();
  });

  it('integer types take whole decimal numbers only, sign allowed', () => {
    expect(checkTagValue(T.INT16, '+12')).toBeNull();
    expect(checkTagValue(T.UINT16, '-0')).toBeNull();
    expect(checkTagValue(T.UINT16, '007')).toBeNull();
    for (const v of ['1.5', '1e3', '0x10', ' 1', '1 ', 'abc', '-', '+', '١٢'])
      expect(checkTagValue(T.INT32, v)).toBe('tagValueInteger');
    expect(checkTagValue(T.INT32, '')).toBe('required');
  });

  it('float and double take decimals with an optional exponent, finite in their type', () => {
    for (const v of ['0', '-1.5', '+.5', '5.', '1e10', '1E-5', '-2.5e+3', '3.4028234663852886e38'])
      expect(checkTagValue(T.FLOAT, v), v).toBeNull();
    expect(checkTagValue(T.FLOAT, '3.5e38')).toBe('tagValueRange');
    expect(checkTagValue(T.FLOAT, '-3.5e38')).toBe('tagValueRange');
    expect(checkTagValue(T.DOUBLE, '3.5e38')).toBeNull();
    expect(checkTagValue(T.DOUBLE, '1.7976931348623157e308')).toBeNull();
    expect(checkTagValue(T.DOUBLE, '1e309')).toBe('tagValueRange');
    for (const v of ['e5', '1e', '1.2.3', 'NaN', 'Infinity', '0x1p3', '1,5', ' 1', '.', '--1'])
      expect(checkTagValue(T.DOUBLE, v), v).toBe('tagValueNumber');
  });

  it('string takes anything; unknown types are refused', () => {
    for (const v of ['', ' ', 'anything', '=1+1']) expect(checkTagValue(T.STRING, v)).toBeNull();
    expect(checkTagValue(10, '1')).toBe('enum');
    expect(checkTagValue(-1, '1')).toBe('enum');
  });
});

describe('TAG row schema', () => {
  const row = { name: 'Temp', data_type: T.INT16 };

  it('fills defaults and checks the default value against the type', () => {
    expect(tagInput.parse(row)).toMatchObject({
      access: 0,
      scan_time_ms: 1000,
      save_history: false,
      default_value: '',
    });
    const bad = tagInput.safeParse({ ...row, default_value: '40000' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ path: ['default_value'], message: 'tagValueRange' });
  });

  it('names each field problem with a ValidationKey', () => {
    const issue = (v: object) => tagInput.safeParse({ ...row, ...v }).error?.issues[0]?.message;
    expect(issue({ data_type: 10 })).toBe('enum');
    expect(issue({ access: 3 })).toBe('enum');
    expect(issue({ scan_time_ms: 0 })).toBe('range');
    expect(issue({ scan_time_ms: 1.5 })).toBe('integer');
    expect(issue({ name: '' })).toBe('required');
    expect(issue({ name: undefined })).toBe('required');
    expect(issue({ save_history: 'yes' })).toBe('type');
  });

  it('takes a TAG name an HMI script can address: a letter or _ first, then letters, digits, _', () => {
    const issue = (name: string) => tagInput.safeParse({ ...row, name }).error?.issues[0];
    for (const name of ['temp', 'Temp_1', '_x', '温度1', 'a'.repeat(64)])
      expect(issue(name), name).toBeUndefined();
    for (const name of ['1 temp', '1temp', 'temp 1', 'temp-1', 'a.b', 'x\u0000', '温度 1'])
      expect(issue(name), name).toMatchObject({ path: ['name'], message: 'tagNameChars' });
    expect(issue('a'.repeat(65))?.message).toBe('tooLong');
  });

  it('refuses duplicate names in one table', () => {
    const r = tagTable.safeParse([row, { ...row, data_type: T.BOOL }]);
    expect(r.error?.issues[0]).toMatchObject({ path: [1, 'name'], message: 'tagNameDuplicate' });
  });
});
