import { describe, expect, it } from 'vitest';
import { TagDataType } from '@hmi/contract';
import { checkDefaultValue, emptyRow, nameCounts, tagRowErrors } from './tagRows';

describe('TAG default value per data type', () => {
  const cases: [number, string[], [string, string][]][] = [
    [
      TagDataType.BOOL,
      ['0', '1'],
      [
        ['2', 'tagValueBool'],
        ['true', 'tagValueBool'],
      ],
    ],
    [
      TagDataType.UINT16,
      ['0', '65535'],
      [
        ['65536', 'tagValueRange'],
        ['-1', 'tagValueRange'],
        ['1.5', 'tagValueInteger'],
      ],
    ],
    [TagDataType.UINT32, ['4294967295'], [['4294967296', 'tagValueRange']]],
    [TagDataType.UINT64, ['18446744073709551615'], [['18446744073709551616', 'tagValueRange']]],
    [
      TagDataType.INT16,
      ['-32768', '32767'],
      [
        ['32768', 'tagValueRange'],
        ['abc', 'tagValueInteger'],
      ],
    ],
    [TagDataType.INT32, ['-2147483648'], [['2147483648', 'tagValueRange']]],
    [TagDataType.INT64, ['-9223372036854775808'], [['9223372036854775808', 'tagValueRange']]],
    [
      TagDataType.FLOAT,
      ['1.5', '-2e3', '.5'],
      [
        ['1e39', 'tagValueRange'],
        ['1,5', 'tagValueNumber'],
      ],
    ],
    [
      TagDataType.DOUBLE,
      ['1e300'],
      [
        ['1e309', 'tagValueRange'],
        ['x', 'tagValueNumber'],
      ],
    ],
    [TagDataType.STRING, ['anything at all', ' '], []],
  ];

  it.each(cases)('type %i accepts its range and refuses the rest', (type, good, bad) => {
    for (const value of good) expect(checkDefaultValue(type, value), value).toBeNull();
    for (const [value, key] of bad) expect(checkDefaultValue(type, value), value).toBe(key);
  });

  it('leaves an empty default value alone (no default)', () => {
    for (const type of Object.values(TagDataType)) expect(checkDefaultValue(type, '')).toBeNull();
  });

  it('checks names (required, unique) and the scan time of a row', () => {
    const a = { ...emptyRow(TagDataType.BOOL), name: 'Run', default_value: '3', scan_time_ms: 0 };
    const b = { ...emptyRow(), name: 'Run' };
    const counts = nameCounts([a, b]);
    expect(tagRowErrors(a, counts)).toEqual({
      name: 'tagNameDuplicate',
      default_value: 'tagValueBool',
      scan_time_ms: 'range',
    });
    expect(tagRowErrors({ ...emptyRow(), name: ' ' }, nameCounts([]))).toEqual({ name: 'required' });
  });
});
