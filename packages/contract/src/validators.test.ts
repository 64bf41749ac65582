import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createGroup, updateGroup } from './calls/groups';
import { createLabel, updateLabel } from './calls/labels';
import {
  checkDeviceName,
  checkEmail,
  checkGroupName,
  checkLabelName,
  checkNewPassword,
  checkPassword,
  checkPasswordConfirm,
  checkPhone,
  checkRoleName,
  checkZoneName,
  reservedDeviceNames,
} from './validators';

describe('password', () => {
  it.each([
    ['', 'required'],
    ['a1b2c3d', 'passwordLength'],
    ['a1b2c3d4e5f6g7h8i', 'passwordLength'],
    ['abcdefgh', 'passwordClasses'],
    ['12345678', 'passwordClasses'],
    ['!@#$%^&*', 'passwordClasses'],
    ['abcd 1234', 'passwordChars'],
    ['密码abc12345', 'passwordChars'],
  ])('%j is refused with %s', (value, key) => expect(checkPassword(value)).toBe(key));

  it.each(['abcdefg1', 'abcdefgh12345678', '1234567!', 'abcdefg!', 'Demo@2026'])('%j is accepted', (value) =>
    expect(checkPassword(value)).toBeNull(),
  );

  it('needs the confirmation to match and a new password to differ', () => {
    expect(checkPasswordConfirm('abcdefg1', 'abcdefg2')).toBe('passwordConfirm');
    expect(checkPasswordConfirm('abcdefg1', 'abcdefg1')).toBeNull();
    expect(checkNewPassword('abcdefg1', 'abcdefg1')).toBe('passwordSame');
    expect(checkNewPassword('abcdefg1', 'short')).toBe('passwordLength');
    expect(checkNewPassword('abcdefg1', 'abcdefg2')).toBeNull();
  });
});

describe('phone and mail', () => {
  it.each(['13800138000', '19912345678'])('phone %s is accepted', (v) => expect(checkPhone(v)).toBeNull());
  it.each(['12800138000', '1380013800', '138001380000', '+8613800138000', 'abc'])(
    'phone %s is refused',
    (v) => expect(checkPhone(v)).toBe('phone'),
  );
  it('requires a phone', () => expect(checkPhone('')).toBe('required'));

  it.each(['a@b.co', 'first.last+tag@example.com.cn'])('mail %s is accepted', (v) =>
    expect(checkEmail(v)).toBeNull(),
  );
  it.each(['a@b', 'a.example.com', 'a@@b.com', 'a b@c.com', `${'x'.repeat(250)}@b.com`])(
    'mail %s is refused',
    (v) => expect(checkEmail(v)).toBe('email'),
  );
});

describe('device name', () => {
  it.each(['Pump1', '泵站_1', 'a', 'Line_A_03'])('%s is accepted', (v) =>
    expect(checkDeviceName(v)).toBeNull(),
  );
  it.each([
    ['', 'required'],
    ['_pump', 'deviceNameStart'],
    ['1pump', 'deviceNameStart'],
    ['pump 1', 'deviceNameChars'],
    ['pump-1', 'deviceNameChars'],
    ['pümp', 'deviceNameChars'],
    ['x'.repeat(51), 'deviceNameLength'],
  ])('%j is refused with %s', (v, key) => expect(checkDeviceName(v)).toBe(key));

  it('refuses every reserved keyword in any letter case', () => {
    expect(reservedDeviceNames.length).toBeGreaterThanOrEqual(100);
    for (const word of reservedDeviceNames) {
      expect(checkDeviceName(word)).toBe('deviceNameReserved');
      expect(checkDeviceName(word.toUpperCase())).toBe('deviceNameReserved');
    }
    for (const word of [
      'var',
      'alarm',
      'io',
      'sys',
      'user',
      'true',
      'false',
      'if',
      'this',
      'ALARM',
      'True',
    ]) {
      expect(checkDeviceName(word)).toBe('deviceNameReserved');
    }
    expect(checkDeviceName('variable')).toBeNull();
  });
});

describe('names', () => {
  it('label is 1-50 characters and not blank', () => {
    expect(checkLabelName('')).toBe('required');
    expect(checkLabelName('   ')).toBe('whitespace');
    expect(checkLabelName('x')).toBeNull();
    expect(checkLabelName('x'.repeat(50))).toBeNull();
    expect(checkLabelName('x'.repeat(51))).toBe('labelLength');
  });
  it('role name is required and at most 10 characters', () => {
    expect(checkRoleName('')).toBe('required');
    expect(checkRoleName('运维工程师组长一二三')).toBeNull();
    expect(checkRoleName('运维工程师组长一二三四')).toBe('roleNameLength');
  });
  it('zone name is alphanumeric only', () => {
    expect(checkZoneName('Plant1')).toBeNull();
    expect(checkZoneName('Plant 1')).toBe('zoneNameChars');
    expect(checkZoneName('厂区')).toBe('zoneNameChars');
    expect(checkZoneName('a_b')).toBe('zoneNameChars');
    expect(checkZoneName('')).toBe('required');
  });
  it('group name is required and not blank', () => {
    expect(checkGroupName(' ')).toBe('whitespace');
    expect(checkGroupName('Workshop')).toBeNull();
    expect(checkGroupName('x'.repeat(51))).toBe('groupNameLength');
  });
});

describe('trimmed names', () => {
  const nameOf = (def: { body?: z.ZodType }, name: string) => {
    const r = def.body?.safeParse({ name });
    return r?.success ? (r.data as { name: string }).name : r?.error.issues[0]?.message;
  };
  it('group and label bodies trim their names; blank stays whitespace', () => {
    expect(nameOf(createGroup, '  Line A\t')).toBe('Line A');
    expect(nameOf(updateGroup, ' G ')).toBe('G');
    expect(nameOf(createLabel, ' L ')).toBe('L');
    expect(nameOf(updateLabel, 'L ')).toBe('L');
    expect(nameOf(createLabel, '   ')).toBe('whitespace');
  });
  it('length limits count the trimmed name', () => {
    expect(checkLabelName(` ${'x'.repeat(50)} `)).toBeNull();
    expect(checkGroupName(` ${'x'.repeat(50)} `)).toBeNull();
    expect(checkGroupName(` ${'x'.repeat(51)} `)).toBe('groupNameLength');
  });
});
