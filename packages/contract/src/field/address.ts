/**
 * The field address grammar of a TAG (DESIGN.md "Field side (gateway)"), one pure parser shared by the
 * template checks (save and import: 1006 naming the field) and the gateway (what to poll):
 *
 * - `address_type` is `<connection>:<area>`; the connection name matches `[A-Za-z][A-Za-z0-9_-]{0,31}`;
 *   Modbus areas `0x` coil, `1x` discrete input, `3x` input register, `4x` holding register; OPC UA
 *   area `node`. Empty: the TAG is not polled (a simulated or locally sourced value).
 * - Modbus `address` is `<n>[.<bit>][#<count>][@<order>]`: `n` the zero-based protocol address
 *   0-65535; `.bit` (0-15) one bit of a 3x/4x register as a bool TAG; `#count` the registers of a string
 *   TAG (two characters each); `@order` the word/byte order of a 32/64-bit TAG.
 * - The data type gives the length: bool 1 bit (0x/1x) or `.bit`, 16-bit 1 register, 32-bit and float
 *   2, 64-bit and double 4, string its count.
 * - Writable TAGs (access 1 or 2) only in 0x and 4x.
 * - OPC UA `address` is a node id (`ns=2;s=Line1.Temp`, `i=2258`).
 */
import { TagAccess, TagDataType } from '../tables';

export const modbusAreas = ['0x', '1x', '3x', '4x'] as const;
export type ModbusArea = (typeof modbusAreas)[number];
export const OPCUA_AREA = 'node';

/** Word/byte orders of 32/64-bit values: big-endian, word-swapped, byte-swapped, little-endian. */
export const wordOrders = ['ABCD', 'CDAB', 'BADC', 'DCBA'] as const;
export type WordOrder = (typeof wordOrders)[number];

export const CONNECTION_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,31}$/;
/** Most registers of a string TAG: what one read request can carry. */
export const STRING_REGISTERS_MAX = 125;
export const MODBUS_ADDRESS_MAX = 65535;

/** Why an address is refused; the console translates each (validation namespace). */
export const addressIssues = [
  'required',
  'addressConnection',
  'addressArea',
  'addressFormat',
  'addressRange',
  'addressBit',
  'addressCount',
  'addressOrder',
  'addressDataType',
  'addressReadOnlyArea',
  'addressNodeId',
] as const;
export type AddressIssue = (typeof addressIssues)[number];

export interface ModbusAddress {
  protocol: 'modbus';
  connection: string;
  area: ModbusArea;
  /** Zero-based protocol address of the first register or bit. */
  offset: number;
  /** Registers (3x/4x) or bits (0x/1x) the value occupies. */
  length: number;
  /** The bit of a register read as a bool TAG. */
  bit?: number;
  /** Word/byte order of a 32/64-bit value; absent: the connection's own. */
  order?: WordOrder;
}

export interface OpcUaAddress {
  protocol: 'opcua';
  connection: string;
  nodeId: string;
}

export type FieldAddress = ModbusAddress | OpcUaAddress;

/** The fields of a TAG the grammar reads. */
export interface AddressedTag {
  data_type: number;
  access: number;
  address_type: string;
  address: string;
}

export type AddressCheck =
  | { ok: true; address: FieldAddress | null }
  | { ok: false; field: 'address_type' | 'address'; issue: AddressIssue };

const MODBUS_ADDRESS = /^(\d{1,5})(?:\.(\d{1,2}))?(?:#(\d{1,3}))?(?:@([A-Za-z]{4}))?$/;
/** `ns=<n>;` then `i=<number>`, `s=<text>`, `g=<guid>` or `b=<base64>`. */
const NODE_ID =
  /^(?:ns=\d{1,5};)?(?:i=\d{1,10}|s=.+|g=[0-9A-Fa-f]{8}(?:-[0-9A-Fa-f]{4}){3}-[0-9A-Fa-f]{12}|b=[A-Za-z0-9+/]+={0,2})$/;

const WIDE_TYPES: readonly number[] = [
  TagDataType.UINT32,
  TagDataType.INT32,
  TagDataType.FLOAT,
  TagDataType.UINT64,
  TagDataType.INT64,
  TagDataType.DOUBLE,
];

/** Registers a value of this data type occupies (bool and string: not fixed, 0). */
export function registersOf(dataType: number): number {
  switch (dataType) {
    case TagDataType.UINT16:
    case TagDataType.INT16:
      return 1;
    case TagDataType.UINT32:
    case TagDataType.INT32:
    case TagDataType.FLOAT:
      return 2;
    case TagDataType.UINT64:
    case TagDataType.INT64:
    case TagDataType.DOUBLE:
      return 4;
    default:
      return 0;
  }
}

function fail(field: 'address_type' | 'address', issue: AddressIssue): AddressCheck {
  return { ok: false, field, issue };
}

const isBitArea = (area: ModbusArea) => area === '0x' || area === '1x';
const isWritable = (access: number) => access === TagAccess.WRITE || access === TagAccess.READ_WRITE;

function parseModbus(tag: AddressedTag, connection: string, area: ModbusArea): AddressCheck {
  const m = MODBUS_ADDRESS.exec(tag.address);
  if (!m) return fail('address', 'addressFormat');
  const [, nText, bitText, countText, orderText] = m;
  const offset = Number(nText);
  if (offset > MODBUS_ADDRESS_MAX) return fail('address', 'addressRange');
  const isBool = tag.data_type === TagDataType.BOOL;
  const isString = tag.data_type === TagDataType.STRING;
  if (isBitArea(area) && !isBool) return fail('address_type', 'addressDataType');
  if (isWritable(tag.access) && (area === '1x' || area === '3x'))
    return fail('address_type', 'addressReadOnlyArea');

  let bit: number | undefined;
  if (bitText !== undefined) {
    bit = Number(bitText);
    if (!isBool || isBitArea(area) || bit > 15) return fail('address', 'addressBit');
  } else if (isBool && !isBitArea(area)) return fail('address', 'addressBit');

  let length = isBool ? 1 : registersOf(tag.data_type);
  if (countText !== undefined) {
    const count = Number(countText);
    if (!isString || count < 1 || count > STRING_REGISTERS_MAX) return fail('address', 'addressCount');
    length = count;
  } else if (isString) return fail('address', 'addressCount');

  let order: WordOrder | undefined;
  if (orderText !== undefined) {
    if (!WIDE_TYPES.includes(tag.data_type) || !(wordOrders as readonly string[]).includes(orderText))
      return fail('address', 'addressOrder');
    order = orderText as WordOrder;
  }
  // A bit of a register reads one register; the last register or bit must exist too.
  if (offset + (bit === undefined ? length : 1) - 1 > MODBUS_ADDRESS_MAX)
    return fail('address', 'addressRange');

  const address: ModbusAddress = {
    protocol: 'modbus',
    connection,
    area,
    offset,
    length: bit === undefined ? length : 1,
  };
  if (bit !== undefined) address.bit = bit;
  if (order !== undefined) address.order = order;
  return { ok: true, address };
}

/**
 * Parses a TAG's field address: the address to poll, null for a TAG that is not polled (empty
 * address type), or the first failure with the field it names and its issue key.
 */
export function parseTagAddress(tag: AddressedTag): AddressCheck {
  if (tag.address_type === '') return { ok: true, address: null };
  const colon = tag.address_type.lastIndexOf(':');
  if (colon < 0) return fail('address_type', 'addressArea');
  const connection = tag.address_type.slice(0, colon);
  const area = tag.address_type.slice(colon + 1);
  if (!CONNECTION_NAME_PATTERN.test(connection)) return fail('address_type', 'addressConnection');
  const isModbus = (modbusAreas as readonly string[]).includes(area);
  if (!isModbus && area !== OPCUA_AREA) return fail('address_type', 'addressArea');
  if (tag.address === '') return fail('address', 'required');
  if (isModbus) return parseModbus(tag, connection, area as ModbusArea);
  if (!NODE_ID.test(tag.address)) return fail('address', 'addressNodeId');
  return { ok: true, address: { protocol: 'opcua', connection, nodeId: tag.address } };
}
