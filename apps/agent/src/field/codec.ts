/**
 * Register codec: TAG values to and from Modbus registers (16-bit words as the PLC sends them) for
 * every data type, word/byte order and string length of the address grammar.
 *
 * An order names where the bytes A (most significant) to D land: `ABCD` big-endian (registers in
 * order, high byte first), `CDAB` the registers reversed, `BADC` the two bytes of each register
 * swapped, `DCBA` both (little-endian). A 64-bit value follows the same two rules over its four
 * registers. A string is two characters (UTF-8 bytes) a register, high byte first unless the order
 * swaps bytes, ended by its first NUL byte. 64-bit integers beyond 2^53 are decimal strings (the
 * protocol's wireValue).
 */
import { TagDataType, type WireValue, type WordOrder } from '@hmi/contract';

/** The registers do not hold a value of the TAG's type (q `decode`), or a write does not fit it. */
export class CodecError extends Error {}

const swapsWords = (order: WordOrder) => order === 'CDAB' || order === 'DCBA';
const swapsBytes = (order: WordOrder) => order === 'BADC' || order === 'DCBA';

/** The value's bytes, most significant first, from registers in `order`. */
function toBigEndian(registers: readonly number[], order: WordOrder): Buffer {
  const words = swapsWords(order) ? [...registers].reverse() : registers;
  const buf = Buffer.alloc(words.length * 2);
  words.forEach((w, i) => buf.writeUInt16BE(w & 0xffff, i * 2));
  if (swapsBytes(order)) buf.swap16();
  return buf;
}

/** Registers in `order` from the value's bytes, most significant first (the inverse of toBigEndian). */
function fromBigEndian(buf: Buffer, order: WordOrder): number[] {
  if (swapsBytes(order)) buf.swap16();
  const words = Array.from({ length: buf.length / 2 }, (_, i) => buf.readUInt16BE(i * 2));
  return swapsWords(order) ? words.reverse() : words;
}

function stringBytes(registers: readonly number[], order: WordOrder): Buffer {
  const buf = Buffer.alloc(registers.length * 2);
  registers.forEach((w, i) => buf.writeUInt16BE(w & 0xffff, i * 2));
  if (swapsBytes(order)) buf.swap16();
  return buf;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function safeInteger(n: bigint): number | string {
  return n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER)
    ? Number(n)
    : n.toString();
}

function finite(n: number): number {
  if (!Number.isFinite(n)) throw new CodecError('not a finite number');
  return n;
}

/** The value of a TAG of `dataType` held in `registers` (already cut to the TAG's length). */
export function decodeRegisters(registers: readonly number[], dataType: number, order: WordOrder): WireValue {
  if (dataType === TagDataType.STRING) {
    const bytes = stringBytes(registers, order);
    const end = bytes.indexOf(0);
    try {
      return utf8.decode(end < 0 ? bytes : bytes.subarray(0, end));
    } catch {
      throw new CodecError('not UTF-8 text');
    }
  }
  const b = toBigEndian(registers, order);
  switch (dataType) {
    case TagDataType.UINT16:
      return b.readUInt16BE(0);
    case TagDataType.INT16:
      return b.readInt16BE(0);
    case TagDataType.UINT32:
      return b.readUInt32BE(0);
    case TagDataType.INT32:
      return b.readInt32BE(0);
    case TagDataType.FLOAT:
      return finite(b.readFloatBE(0));
    case TagDataType.UINT64:
      return safeInteger(b.readBigUInt64BE(0));
    case TagDataType.INT64:
      return safeInteger(b.readBigInt64BE(0));
    case TagDataType.DOUBLE:
      return finite(b.readDoubleBE(0));
    default:
      throw new CodecError(`data type ${dataType} is not held in registers`);
  }
}

function integer(value: WireValue, min: bigint, max: bigint): bigint {
  let n: bigint;
  if (typeof value === 'number' && Number.isInteger(value)) n = BigInt(value);
  else if (typeof value === 'string' && /^[+-]?\d{1,20}$/.test(value)) n = BigInt(value);
  else if (typeof value === 'boolean') n = value ? 1n : 0n;
  else throw new CodecError(`${JSON.stringify(value)} is not an integer`);
  if (n < min || n > max) throw new CodecError(`${n} is out of range ${min}..${max}`);
  return n;
}

function real(value: WireValue): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n))
    throw new CodecError(`${JSON.stringify(value)} is not a number`);
  return n;
}

/** The registers to write for `value` as a TAG of `dataType`; a string fills `length` registers. */
export function encodeRegisters(
  value: WireValue,
  dataType: number,
  order: WordOrder,
  length: number,
): number[] {
  if (dataType === TagDataType.STRING) {
    const text = Buffer.from(String(value), 'utf8');
    if (text.length > length * 2)
      throw new CodecError(`the text needs ${text.length} bytes, the TAG holds ${length * 2}`);
    const buf = Buffer.alloc(length * 2);
    text.copy(buf);
    if (swapsBytes(order)) buf.swap16();
    return Array.from({ length }, (_, i) => buf.readUInt16BE(i * 2));
  }
  const wide =
    dataType === TagDataType.UINT64 || dataType === TagDataType.INT64 || dataType === TagDataType.DOUBLE;
  const narrow = dataType === TagDataType.UINT16 || dataType === TagDataType.INT16;
  const b = Buffer.alloc(wide ? 8 : narrow ? 2 : 4);
  switch (dataType) {
    case TagDataType.UINT16:
      b.writeUInt16BE(Number(integer(value, 0n, 0xffffn)));
      break;
    case TagDataType.INT16:
      b.writeInt16BE(Number(integer(value, -0x8000n, 0x7fffn)));
      break;
    case TagDataType.UINT32:
      b.writeUInt32BE(Number(integer(value, 0n, 0xffffffffn)));
      break;
    case TagDataType.INT32:
      b.writeInt32BE(Number(integer(value, -0x80000000n, 0x7fffffffn)));
      break;
    case TagDataType.FLOAT:
      b.writeFloatBE(real(value));
      break;
    case TagDataType.UINT64:
      b.writeBigUInt64BE(integer(value, 0n, 0xffffffffffffffffn));
      break;
    case TagDataType.INT64:
      b.writeBigInt64BE(integer(value, -0x8000000000000000n, 0x7fffffffffffffffn));
      break;
    case TagDataType.DOUBLE:
      b.writeDoubleBE(real(value));
      break;
    default:
      throw new CodecError(`data type ${dataType} is not held in registers`);
  }
  return fromBigEndian(b, order);
}

/** A bool TAG's value to write: true/false, 1/0, or their text. */
export function toBool(value: WireValue): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === '1' || value === 'true') return true;
  if (value === 0 || value === '0' || value === 'false') return false;
  throw new CodecError(`${JSON.stringify(value)} is not a bool`);
}
