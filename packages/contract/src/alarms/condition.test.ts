import { describe, expect, it } from 'vitest';
import { AlarmCondition as C, TagDataType as T } from '../tables';
import { buildConditionContent, compileCondition, ConditionError, isDeadband } from './condition';

const rule = (type: string, condition: number, fields: Partial<Record<string, string>> = {}) => ({
  type,
  condition,
  tag_id: 12,
  alarm_value: '',
  target: '',
  deviation: '',
  ...fields,
});

describe('buildConditionContent', () => {
  it.each([
    [rule('limit', C.HIGH_HIGH, { alarm_value: '95' }), '{12} >= 95'],
    [rule('limit', C.HIGH, { alarm_value: '80' }), '{12} > 80'],
    [rule('limit', C.LOW_LOW, { alarm_value: '-5' }), '{12} <= -5'],
    [rule('limit', C.LOW, { alarm_value: '+007' }), '{12} < 7'],
    [rule('limit', C.HIGH, { alarm_value: '1.50' }), '{12} > 1.5'],
    [rule('limit', C.HIGH, { alarm_value: '2.5E3' }), '{12} > 2500'],
    [rule('limit', C.HIGH, { alarm_value: '18446744073709551615' }), '{12} > 18446744073709551615'],
    [rule('limit', C.LOW, { alarm_value: '-9223372036854775808' }), '{12} < -9223372036854775808'],
    [rule('deviation', C.LARGE_DEVIATION, { target: '50', deviation: '5' }), 'abs({12} - 50) > 5'],
    [rule('deviation', C.SMALL_DEVIATION, { target: '-50', deviation: '5' }), 'abs({12} - -50) < 5'],
    [rule('onoff', C.ON, { alarm_value: '1' }), '{12} == 1'],
    [rule('onoff', C.OFF, { alarm_value: '0' }), '{12} == 0'],
  ])('%j is stored as %s', (r, content) => {
    expect(buildConditionContent(r)).toBe(content);
  });

  it('refuses a condition of another type, an unknown type, a bad TAG id or a non-number', () => {
    for (const r of [
      rule('limit', C.ON, { alarm_value: '1' }),
      rule('deviation', C.HIGH, { target: '1', deviation: '1' }),
      rule('onoff', C.HIGH, { alarm_value: '1' }),
      rule('ratio', C.HIGH, { alarm_value: '1' }),
      { ...rule('limit', C.HIGH, { alarm_value: '1' }), tag_id: 0 },
      { ...rule('limit', C.HIGH, { alarm_value: '1' }), tag_id: 1.5 },
      rule('limit', C.HIGH, { alarm_value: 'abc' }),
      rule('limit', C.HIGH, { alarm_value: '' }),
      rule('limit', C.HIGH, { alarm_value: '1e999' }),
      rule('deviation', C.LARGE_DEVIATION, { target: 'x', deviation: '1' }),
    ])
      expect(() => buildConditionContent(r), JSON.stringify(r)).toThrow(ConditionError);
  });
});

describe('compileCondition', () => {
  it('reads the TAG id from the placeholder', () => {
    expect(compileCondition('{4021} > 1', T.INT32, '').tagId).toBe(4021);
  });

  it.each([
    // content, data type, [value, active] pairs
    [
      '{1} >= 95',
      T.INT16,
      [
        ['94', false],
        ['95', true],
        ['96', true],
      ],
    ],
    [
      '{1} > 80',
      T.INT16,
      [
        ['80', false],
        ['81', true],
        ['-80', false],
      ],
    ],
    [
      '{1} <= 5',
      T.UINT16,
      [
        ['6', false],
        ['5', true],
        ['0', true],
      ],
    ],
    [
      '{1} < 5',
      T.INT32,
      [
        ['5', false],
        ['4', true],
        ['-2147483648', true],
      ],
    ],
    [
      'abs({1} - 50) > 5',
      T.INT32,
      [
        ['55', false],
        ['45', false],
        ['56', true],
        ['44', true],
      ],
    ],
    [
      'abs({1} - 50) < 5',
      T.INT32,
      [
        ['55', false],
        ['45', false],
        ['54', true],
        ['46', true],
        ['50', true],
      ],
    ],
    [
      '{1} == 1',
      T.BOOL,
      [
        ['1', true],
        ['0', false],
      ],
    ],
    [
      '{1} == 0',
      T.BOOL,
      [
        ['0', true],
        ['1', false],
      ],
    ],
    [
      '{1} > 1.5',
      T.FLOAT,
      [
        ['1.5', false],
        ['1.5000001', true],
        ['2e0', true],
      ],
    ],
    [
      'abs({1} - -2) < 0.5',
      T.DOUBLE,
      [
        ['-2.4', true],
        ['-1.5', false],
        ['-2.5', false],
      ],
    ],
  ] as const)('%s on type %i', (content, dataType, cases) => {
    const c = compileCondition(content, dataType, '');
    for (const [value, active] of cases) {
      expect(c.active(value), value).toBe(active);
      expect(c.cleared(value), value).toBe(!active);
    }
  });

  it('compares 64-bit extremes exactly (not through floating point)', () => {
    const u = compileCondition('{1} >= 18446744073709551615', T.UINT64, '');
    expect(u.active('18446744073709551615')).toBe(true);
    expect(u.active('18446744073709551614')).toBe(false);
    const hi = compileCondition('{1} > 18446744073709551614', T.UINT64, '');
    expect(hi.active('18446744073709551615')).toBe(true);
    expect(hi.active('18446744073709551614')).toBe(false);
    const lo = compileCondition('{1} < -9223372036854775807', T.INT64, '');
    expect(lo.active('-9223372036854775808')).toBe(true);
    expect(lo.active('-9223372036854775807')).toBe(false);
    // 2^53 + 1 and 2^53 are the same double; BigInt tells them apart.
    const mid = compileCondition('{1} > 9007199254740992', T.INT64, '');
    expect(mid.active('9007199254740993')).toBe(true);
    expect(mid.active('9007199254740992')).toBe(false);
    const dev = compileCondition('abs({1} - -9223372036854775808) > 18446744073709551614', T.INT64, '');
    expect(dev.active('9223372036854775807')).toBe(true);
    expect(dev.active('9223372036854775806')).toBe(false);
  });

  it('clears a high alarm only at the limit minus the deadband', () => {
    const c = compileCondition('{1} > 80', T.INT32, '5');
    expect(c.active('81')).toBe(true);
    for (const v of ['80', '79', '76']) {
      expect(c.active(v), v).toBe(false);
      expect(c.cleared(v), v).toBe(false);
    }
    expect(c.cleared('75')).toBe(true);
    expect(compileCondition('{1} >= 80', T.INT32, '5').cleared('75')).toBe(false);
    expect(compileCondition('{1} >= 80', T.INT32, '5').cleared('74')).toBe(true);
  });

  it('clears low and deviation alarms past the deadband on the normal side', () => {
    const low = compileCondition('{1} < 10', T.INT32, '2');
    expect([low.cleared('11'), low.cleared('12')]).toEqual([false, true]);
    const large = compileCondition('abs({1} - 50) > 10', T.INT32, '3');
    expect([large.cleared('58'), large.cleared('57'), large.cleared('43')]).toEqual([false, true, true]);
    const small = compileCondition('abs({1} - 50) < 10', T.INT32, '3');
    expect([small.cleared('62'), small.cleared('63'), small.cleared('37')]).toEqual([false, true, true]);
  });

  it('applies a fractional deadband exactly to integer TAGs and with Number to floats', () => {
    const c = compileCondition('{1} > 80', T.INT64, '0.5');
    expect([c.cleared('80'), c.cleared('79')]).toEqual([false, true]);
    const e = compileCondition('{1} > 80', T.INT64, '25e-1');
    expect([e.cleared('78'), e.cleared('77')]).toEqual([false, true]);
    const f = compileCondition('{1} > 1.5', T.DOUBLE, '0.25');
    expect([f.cleared('1.3'), f.cleared('1.25'), f.cleared('1.2')]).toEqual([false, true, true]);
  });

  it('ignores the deadband of == conditions', () => {
    const c = compileCondition('{1} == 1', T.BOOL, '3');
    expect([c.active('1'), c.cleared('0'), c.cleared('1')]).toEqual([true, true, false]);
  });

  it('never calls a value active and cleared at once', () => {
    const contents = [
      '{1} > 10',
      '{1} >= 10',
      '{1} < 10',
      '{1} <= 10',
      'abs({1} - 10) > 4',
      'abs({1} - 10) < 4',
    ];
    for (const content of contents)
      for (const d of ['', '0', '1', '2.5'])
        for (const dataType of [T.INT32, T.DOUBLE]) {
          const c = compileCondition(content, dataType, d);
          for (let v = -5; v <= 25; v++) expect(c.active(String(v)) && c.cleared(String(v))).toBe(false);
        }
  });

  it('treats values that are not numbers of the TAG type as neither active nor cleared', () => {
    const exact = compileCondition('{1} < 5', T.INT32, '');
    const float = compileCondition('{1} < 5', T.FLOAT, '');
    for (const v of ['', 'abc', '1.5', ' 1', '0x1'])
      expect([exact.active(v), exact.cleared(v)], v).toEqual([false, false]);
    for (const v of ['', 'abc', 'NaN', 'Infinity'])
      expect([float.active(v), float.cleared(v)], v).toEqual([false, false]);
  });

  it.each([
    '',
    '{12}>80',
    '{12}  > 80',
    '{12} > 80 ',
    '{12} => 80',
    '{12} != 80',
    '{012} > 80',
    '{0} > 80',
    '{99999999999} > 80',
    '{12} > abc',
    '{12} > 8e5',
    '{12} > 80; {13} > 1',
    'abs({12} - 50)> 5',
    'abs({12} + 50) > 5',
    'abs({x} - 50) > 5',
    '{12} > 1.',
    '[12] > 80',
    '80 < {12}',
  ])('refuses malformed content %j', (content) => {
    expect(() => compileCondition(content, T.INT32, '')).toThrow(ConditionError);
  });

  it('refuses string TAGs, non-integer limits on integer TAGs and bad deadbands', () => {
    expect(() => compileCondition('{1} > 5', T.STRING, '')).toThrow(ConditionError);
    expect(() => compileCondition('{1} > 5', 42, '')).toThrow(ConditionError);
    expect(() => compileCondition('{1} > 5.5', T.INT32, '')).toThrow(ConditionError);
    expect(() => compileCondition('abs({1} - 5.5) > 1', T.INT32, '')).toThrow(ConditionError);
    for (const d of ['-1', 'x', '1e999', '1e401', 'Infinity'])
      expect(() => compileCondition('{1} > 5', T.INT32, d), d).toThrow(ConditionError);
    expect(compileCondition('{1} > 5.5', T.FLOAT, '').active('6')).toBe(true);
  });
});

describe('isDeadband', () => {
  it('takes empty or a finite number ≥ 0 with a bounded exponent', () => {
    for (const d of ['', '0', '1', '0.5', '.5', '5.', '1e3', '+2', '1e-400'])
      expect(isDeadband(d), d).toBe(true);
    for (const d of ['-0.1', 'a', ' 1', '1e401', '1e999', 'NaN', '0x1']) expect(isDeadband(d), d).toBe(false);
  });
});
