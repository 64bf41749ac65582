import { TagDataType, wordOrders } from '@hmi/contract';
import { describe, expect, it } from 'vitest';
import { CodecError, decodeRegisters, encodeRegisters, toBool } from './codec';

const { UINT16, INT16, UINT32, INT32, FLOAT, UINT64, INT64, DOUBLE, STRING } = TagDataType;

describe('register orders', () => {
  // 0x11223344 with its bytes A=11 B=22 C=33 D=44 as the PLC sends them in each order.
  it.each([
    ['ABCD', [0x1122, 0x3344]],
    ['CDAB', [0x3344, 0x1122]],
    ['BADC', [0x2211, 0x4433]],
    ['DCBA', [0x4433, 0x2211]],
  ] as const)('%s puts 0x11223344 in %j', (order, registers) => {
    expect(decodeRegisters(registers, UINT32, order)).toBe(0x11223344);
    expect(encodeRegisters(0x11223344, UINT32, order, 2)).toEqual(registers);
  });

  it.each([
    ['ABCD', [0x0102, 0x0304, 0x0506, 0x0708]],
    ['CDAB', [0x0708, 0x0506, 0x0304, 0x0102]],
    ['BADC', [0x0201, 0x0403, 0x0605, 0x0807]],
    ['DCBA', [0x0807, 0x0605, 0x0403, 0x0201]],
  ] as const)('%s orders a 64-bit value over four registers as %j', (order, registers) => {
    expect(decodeRegisters(registers, UINT64, order)).toBe('72623859790382856');
    expect(encodeRegisters('72623859790382856', UINT64, order, 4)).toEqual(registers);
  });
});

describe('every data type round-trips in every order', () => {
  const cases: [number, number | string][] = [
    [UINT16, 65535],
    [INT16, -32768],
    [UINT32, 4294967295],
    [INT32, -2147483648],
    [FLOAT, 1.5],
    [FLOAT, -273.25],
    [DOUBLE, Math.PI],
    [UINT64, 0],
    [UINT64, Number.MAX_SAFE_INTEGER],
    [UINT64, '18446744073709551615'],
    [INT64, '-9223372036854775808'],
    [INT64, '9223372036854775807'],
    [INT64, -42],
  ];
  for (const order of wordOrders)
    it.each(cases)(`${order}: type %i value %j`, (dataType, value) => {
      const registers = encodeRegisters(value, dataType, order, 0);
      expect(registers.every((r) => Number.isInteger(r) && r >= 0 && r <= 0xffff)).toBe(true);
      expect(decodeRegisters(registers, dataType, order)).toBe(value);
    });

  it('a 64-bit integer within 2^53 is a number, beyond it a decimal string', () => {
    expect(decodeRegisters([0x20, 0, 0, 0], UINT64, 'ABCD')).toBe('9007199254740992');
    expect(decodeRegisters([0x1f, 0xffff, 0xffff, 0xffff], UINT64, 'ABCD')).toBe(Number.MAX_SAFE_INTEGER);
    expect(decodeRegisters([0xffff, 0xffff, 0xffff, 0xffff], INT64, 'ABCD')).toBe(-1);
  });

  it('a float reads the IEEE 754 bits', () => {
    expect(decodeRegisters([0x41c8, 0x0000], FLOAT, 'ABCD')).toBe(25);
    expect(decodeRegisters([0x0000, 0x41c8], FLOAT, 'CDAB')).toBe(25);
  });
});

describe('strings', () => {
  it('two characters a register, high byte first, ended by NUL', () => {
    expect(decodeRegisters([0x4142, 0x4300, 0x4444], STRING, 'ABCD')).toBe('ABC');
    expect(encodeRegisters('ABC', STRING, 'ABCD', 3)).toEqual([0x4142, 0x4300, 0x0000]);
  });

  it('a byte-swapping order swaps the characters of each register', () => {
    expect(decodeRegisters([0x4241, 0x0043], STRING, 'BADC')).toBe('ABC');
    expect(encodeRegisters('ABC', STRING, 'DCBA', 2)).toEqual([0x4241, 0x0043]);
  });

  it('fills every register and reads UTF-8', () => {
    expect(decodeRegisters(encodeRegisters('温度', STRING, 'ABCD', 3), STRING, 'ABCD')).toBe('温度');
    expect(decodeRegisters([0x4142, 0x4344], STRING, 'ABCD')).toBe('ABCD');
  });

  it('a text longer than the TAG is refused', () => {
    expect(() => encodeRegisters('ABCDE', STRING, 'ABCD', 2)).toThrow(CodecError);
  });

  it('bytes that are not UTF-8 are a decode failure', () => {
    expect(() => decodeRegisters([0xc328], STRING, 'ABCD')).toThrow(CodecError);
  });
});

describe('refusals', () => {
  it.each([
    [UINT16, 65536],
    [UINT16, -1],
    [INT16, 32768],
    [UINT32, 1.5],
    [INT32, 'x'],
    [UINT64, '18446744073709551616'],
    [INT64, '9223372036854775808'],
    [FLOAT, 'NaN'],
    [DOUBLE, ''],
  ])('type %i cannot hold %j', (dataType, value) => {
    expect(() => encodeRegisters(value, dataType, 'ABCD', 0)).toThrow(CodecError);
  });

  it('registers holding NaN or infinity are a decode failure', () => {
    expect(() => decodeRegisters([0x7fc0, 0], FLOAT, 'ABCD')).toThrow(CodecError);
    expect(() => decodeRegisters([0x7ff0, 0, 0, 0], DOUBLE, 'ABCD')).toThrow(CodecError);
  });

  it('a bool to write is true/false, 1/0 or their text', () => {
    expect([true, 1, '1', 'true'].map(toBool)).toEqual([true, true, true, true]);
    expect([false, 0, '0', 'false'].map(toBool)).toEqual([false, false, false, false]);
    expect(() => toBool(2)).toThrow(CodecError);
  });
});
