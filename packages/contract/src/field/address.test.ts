import { describe, expect, it } from 'vitest';
import { TagAccess, TagDataType } from '../tables';
import { parseTagAddress, registersOf, type AddressedTag } from './address';

const { BOOL, UINT16, INT16, UINT32, INT32, FLOAT, UINT64, INT64, DOUBLE, STRING } = TagDataType;

function tag(
  address_type: string,
  address: string,
  data_type: number = UINT16,
  access: number = TagAccess.READ,
) {
  return { address_type, address, data_type, access } satisfies AddressedTag;
}

describe('parseTagAddress: accepted', () => {
  it('an empty address type is not polled', () => {
    expect(parseTagAddress(tag('', ''))).toEqual({ ok: true, address: null });
  });

  it.each([
    [UINT16, 1],
    [INT16, 1],
    [UINT32, 2],
    [INT32, 2],
    [FLOAT, 2],
    [UINT64, 4],
    [INT64, 4],
    [DOUBLE, 4],
  ])('data type %i occupies %i registers of 4x', (dataType, length) => {
    expect(parseTagAddress(tag('plc1:4x', '100', dataType))).toEqual({
      ok: true,
      address: { protocol: 'modbus', connection: 'plc1', area: '4x', offset: 100, length },
    });
    expect(registersOf(dataType)).toBe(length);
  });

  it('a bool reads one bit of 0x and 1x', () => {
    for (const area of ['0x', '1x'] as const)
      expect(parseTagAddress(tag(`m:${area}`, '0', BOOL))).toEqual({
        ok: true,
        address: { protocol: 'modbus', connection: 'm', area, offset: 0, length: 1 },
      });
  });

  it('a bool reads one bit of a 3x or 4x register with .bit', () => {
    expect(parseTagAddress(tag('plc-1_a:3x', '7.15', BOOL))).toEqual({
      ok: true,
      address: { protocol: 'modbus', connection: 'plc-1_a', area: '3x', offset: 7, length: 1, bit: 15 },
    });
  });

  it('a string occupies its #count registers', () => {
    expect(parseTagAddress(tag('plc1:4x', '10#8', STRING))).toMatchObject({
      ok: true,
      address: { offset: 10, length: 8 },
    });
    expect(parseTagAddress(tag('plc1:3x', '0#125', STRING))).toMatchObject({ ok: true });
  });

  it.each(['ABCD', 'CDAB', 'BADC', 'DCBA'])('@%s overrides the order of a 32/64-bit TAG', (order) => {
    expect(parseTagAddress(tag('plc1:4x', `2@${order}`, DOUBLE))).toMatchObject({
      ok: true,
      address: { offset: 2, length: 4, order },
    });
  });

  it('the last register may be 65535', () => {
    expect(parseTagAddress(tag('plc1:4x', '65534', INT32))).toMatchObject({ ok: true });
    expect(parseTagAddress(tag('plc1:4x', '65535.3', BOOL))).toMatchObject({ ok: true });
  });

  it('writable TAGs live in 0x and 4x', () => {
    expect(parseTagAddress(tag('plc1:0x', '1', BOOL, TagAccess.WRITE))).toMatchObject({ ok: true });
    expect(parseTagAddress(tag('plc1:4x', '1', INT16, TagAccess.READ_WRITE))).toMatchObject({ ok: true });
  });

  it.each([
    'ns=2;s=Line1.Temp',
    'i=2258',
    'ns=3;i=1001',
    'ns=1;g=09087e75-8e5e-499b-954f-f2a9603db28a',
    'b=M/RbKBsRVkePCePcx24oRA==',
  ])('OPC UA node id %s', (nodeId) => {
    expect(parseTagAddress(tag('opc1:node', nodeId, FLOAT, TagAccess.READ_WRITE))).toEqual({
      ok: true,
      address: { protocol: 'opcua', connection: 'opc1', nodeId },
    });
  });
});

describe('parseTagAddress: refused, naming the field and why', () => {
  it.each([
    ['plc1', 'addressArea'],
    ['plc1:5x', 'addressArea'],
    ['plc1:4X', 'addressArea'],
    [':4x', 'addressConnection'],
    ['1plc:4x', 'addressConnection'],
    ['plc 1:4x', 'addressConnection'],
    [`p${'x'.repeat(32)}:4x`, 'addressConnection'],
  ])('address type %j: %s', (addressType, issue) => {
    expect(parseTagAddress(tag(addressType, '1'))).toEqual({ ok: false, field: 'address_type', issue });
  });

  it('a connection name of 32 characters is accepted', () => {
    expect(parseTagAddress(tag(`p${'x'.repeat(31)}:4x`, '1'))).toMatchObject({ ok: true });
  });

  it('an address type needs an address', () => {
    expect(parseTagAddress(tag('plc1:4x', ''))).toEqual({ ok: false, field: 'address', issue: 'required' });
  });

  it.each(['x1', '-1', '1.', '1#', '1@', ' 1', '1 ', '1.2.3', '100000', '1@ABCD#2', '1e3'])(
    'address %j is not in the grammar',
    (address) => {
      expect(parseTagAddress(tag('plc1:4x', address))).toEqual({
        ok: false,
        field: 'address',
        issue: 'addressFormat',
      });
    },
  );

  it.each([
    ['65536', UINT16],
    ['99999', UINT16],
    ['65535', INT32],
    ['65533', DOUBLE],
    ['65530#7', STRING],
  ])('address %s of type %i runs past 65535', (address, dataType) => {
    expect(parseTagAddress(tag('plc1:4x', address, dataType))).toEqual({
      ok: false,
      field: 'address',
      issue: 'addressRange',
    });
  });

  it.each([
    ['plc1:4x', '1.16', BOOL],
    ['plc1:4x', '1.3', UINT16],
    ['plc1:0x', '1.3', BOOL],
    ['plc1:4x', '1', BOOL],
    ['plc1:3x', '1', BOOL],
  ])('%s %s (type %i): a bit only for a bool TAG of 3x/4x, 0-15, and required there', (at, address, dt) => {
    expect(parseTagAddress(tag(at, address, dt))).toEqual({
      ok: false,
      field: 'address',
      issue: 'addressBit',
    });
  });

  it.each([
    ['1', STRING],
    ['1#0', STRING],
    ['1#126', STRING],
    ['1#2', UINT16],
  ])('%s (type %i): #count is for a string TAG, 1-125 registers', (address, dataType) => {
    expect(parseTagAddress(tag('plc1:4x', address, dataType))).toEqual({
      ok: false,
      field: 'address',
      issue: 'addressCount',
    });
  });

  it.each([
    ['1@ABCD', UINT16],
    ['1@ABCD', INT16],
    ['1#2@ABCD', STRING],
    ['1@ABDC', FLOAT],
    ['1@abcd', FLOAT],
  ])('%s (type %i): @order is one of four, for 32/64-bit TAGs', (address, dataType) => {
    expect(parseTagAddress(tag('plc1:4x', address, dataType))).toEqual({
      ok: false,
      field: 'address',
      issue: 'addressOrder',
    });
  });

  it.each([
    ['0x', UINT16],
    ['1x', FLOAT],
    ['0x', STRING],
  ])('a bit area %s holds only bool TAGs (type %i)', (area, dataType) => {
    expect(parseTagAddress(tag(`plc1:${area}`, '1', dataType))).toEqual({
      ok: false,
      field: 'address_type',
      issue: 'addressDataType',
    });
  });

  it.each([
    ['1x', BOOL, TagAccess.WRITE],
    ['1x', BOOL, TagAccess.READ_WRITE],
    ['3x', UINT16, TagAccess.WRITE],
    ['3x', FLOAT, TagAccess.READ_WRITE],
  ])('a writable TAG in the read-only area %s', (area, dataType, access) => {
    expect(parseTagAddress(tag(`plc1:${area}`, '1', dataType, access))).toEqual({
      ok: false,
      field: 'address_type',
      issue: 'addressReadOnlyArea',
    });
  });

  it.each(['Line1.Temp', 'ns=x;s=a', 'i=abc', 'ns=2;', 's=', 'g=1234'])('OPC UA node id %j', (nodeId) => {
    expect(parseTagAddress(tag('opc1:node', nodeId))).toEqual({
      ok: false,
      field: 'address',
      issue: 'addressNodeId',
    });
  });
});
