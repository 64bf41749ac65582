import { describe, expect, it } from 'vitest';
import { AlarmCondition as C, TagDataType as T, type AlarmTypeValue } from '../tables';
import { validateAlarmRule, type AlarmRuleFields } from './validate';

const rule = (type: AlarmTypeValue, condition: number, fields: Partial<AlarmRuleFields> = {}) => ({
  type,
  condition,
  alarm_value: '',
  target: '',
  deviation: '',
  deadband: '',
  ...fields,
});
const tag = (data_type: number) => ({ data_type });

describe('validateAlarmRule', () => {
  it('accepts every flag on a TAG of a fitting type', () => {
    for (const c of [C.HIGH_HIGH, C.HIGH, C.LOW_LOW, C.LOW])
      expect(validateAlarmRule(rule('limit', c, { alarm_value: '10' }), tag(T.INT16))).toBeNull();
    for (const c of [C.LARGE_DEVIATION, C.SMALL_DEVIATION])
      expect(
        validateAlarmRule(rule('deviation', c, { target: '5', deviation: '1' }), tag(T.DOUBLE)),
      ).toBeNull();
    expect(validateAlarmRule(rule('onoff', C.ON, { alarm_value: '1' }), tag(T.BOOL))).toBeNull();
    expect(validateAlarmRule(rule('onoff', C.OFF, { alarm_value: '0' }), tag(T.BOOL))).toBeNull();
  });

  it('refuses a flag of another type', () => {
    expect(validateAlarmRule(rule('limit', C.ON, { alarm_value: '1' }), tag(T.INT16))).toEqual({
      field: 'condition',
      issue: 'enum',
    });
    expect(validateAlarmRule(rule('onoff', C.LOW, { alarm_value: '1' }), tag(T.BOOL))?.issue).toBe('enum');
  });

  it('says TAG not found when the TAG is not in the template', () => {
    expect(validateAlarmRule(rule('limit', C.HIGH, { alarm_value: '1' }), undefined)).toEqual({
      field: 'tag_id',
      issue: 'alarmTagNotFound',
    });
  });

  it('refuses string and bool TAGs for limit and deviation, and non-bool TAGs for on/off', () => {
    const bad = { field: 'tag_id', issue: 'alarmTagType' };
    for (const dt of [T.BOOL, T.STRING]) {
      expect(validateAlarmRule(rule('limit', C.HIGH, { alarm_value: '1' }), tag(dt))).toEqual(bad);
      expect(
        validateAlarmRule(rule('deviation', C.LARGE_DEVIATION, { target: '1', deviation: '1' }), tag(dt)),
      ).toEqual(bad);
    }
    for (const dt of [T.UINT16, T.INT64, T.FLOAT, T.DOUBLE, T.STRING])
      expect(validateAlarmRule(rule('onoff', C.ON, { alarm_value: '1' }), tag(dt))).toEqual(bad);
  });

  it('requires the alarm value (not filled)', () => {
    expect(validateAlarmRule(rule('limit', C.HIGH), tag(T.INT32))).toEqual({
      field: 'alarm_value',
      issue: 'required',
    });
    expect(validateAlarmRule(rule('onoff', C.ON), tag(T.BOOL))).toEqual({
      field: 'alarm_value',
      issue: 'required',
    });
  });

  const fits: [number, string[], string[]][] = [
    [T.UINT16, ['0', '65535'], ['-1', '65536', '1.5', 'x']],
    [T.UINT32, ['4294967295'], ['4294967296', '-1']],
    [T.UINT64, ['18446744073709551615', '0'], ['18446744073709551616', '-1', '1e3']],
    [T.INT16, ['-32768', '32767'], ['-32769', '32768']],
    [T.INT32, ['-2147483648', '2147483647'], ['-2147483649', '2147483648']],
    [
      T.INT64,
      ['-9223372036854775808', '9223372036854775807'],
      ['-9223372036854775809', '9223372036854775808'],
    ],
    [T.FLOAT, ['1.5', '-2e10', '.5', '3.4e38'], ['abc', '1e39', '1,5', '0x10']],
    [T.DOUBLE, ['1.5e300', '-7'], ['1e309', 'NaN', '']],
  ];
  it.each(fits)('limit value must fit TAG type %i', (dt, good, bad) => {
    for (const v of good)
      expect(validateAlarmRule(rule('limit', C.HIGH, { alarm_value: v }), tag(dt)), v).toBeNull();
    for (const v of bad.filter((b) => b !== ''))
      expect(validateAlarmRule(rule('limit', C.HIGH, { alarm_value: v }), tag(dt)), v).toEqual({
        field: 'alarm_value',
        issue: 'alarmValueMismatch',
      });
  });

  it('takes 0 or 1 for on/off, 1 only for on and 0 only for off', () => {
    for (const v of ['2', 'true', '01', '-1'])
      expect(validateAlarmRule(rule('onoff', C.ON, { alarm_value: v }), tag(T.BOOL))).toEqual({
        field: 'alarm_value',
        issue: 'alarmValueMismatch',
      });
    expect(validateAlarmRule(rule('onoff', C.ON, { alarm_value: '0' }), tag(T.BOOL))).toEqual({
      field: 'alarm_value',
      issue: 'alarmOnOffValue',
    });
    expect(validateAlarmRule(rule('onoff', C.OFF, { alarm_value: '1' }), tag(T.BOOL))).toEqual({
      field: 'alarm_value',
      issue: 'alarmOnOffValue',
    });
  });

  it('requires integer target and deviation on deviation rules', () => {
    const dev = (target: string, deviation: string) =>
      validateAlarmRule(rule('deviation', C.SMALL_DEVIATION, { target, deviation }), tag(T.FLOAT));
    expect(dev('', '1')).toEqual({ field: 'target', issue: 'required' });
    expect(dev('1', '')).toEqual({ field: 'deviation', issue: 'required' });
    for (const t of ['1.5', '1e3', 'x', ' 1'])
      expect(dev(t, '1'), t).toEqual({ field: 'target', issue: 'alarmTargetInteger' });
    for (const d of ['1.5', '-1', 'x'])
      expect(dev('1', d), d).toEqual({ field: 'deviation', issue: 'alarmDeviationInteger' });
    expect(dev('-9223372036854775808', '18446744073709551615')).toBeNull();
  });

  it('ignores the fields a type does not use', () => {
    expect(
      validateAlarmRule(
        rule('limit', C.HIGH, { alarm_value: '1', target: 'x', deviation: 'y' }),
        tag(T.INT16),
      ),
    ).toBeNull();
    expect(
      validateAlarmRule(
        rule('deviation', C.LARGE_DEVIATION, { alarm_value: 'x', target: '1', deviation: '2' }),
        tag(T.INT16),
      ),
    ).toBeNull();
  });

  it('takes a deadband ≥ 0 on limit and deviation rules and none on on/off rules', () => {
    const limit = (deadband: string) =>
      validateAlarmRule(rule('limit', C.HIGH, { alarm_value: '1', deadband }), tag(T.INT16));
    for (const d of ['', '0', '2', '0.5', '1e2']) expect(limit(d), d).toBeNull();
    for (const d of ['-1', 'x', '1e999'])
      expect(limit(d), d).toEqual({ field: 'deadband', issue: 'alarmDeadband' });
    const onoff = (deadband: string) =>
      validateAlarmRule(rule('onoff', C.ON, { alarm_value: '1', deadband }), tag(T.BOOL));
    expect(onoff('')).toBeNull();
    expect(onoff('0')).toBeNull();
    expect(onoff('1')).toEqual({ field: 'deadband', issue: 'alarmDeadband' });
  });
});
