/**
 * The TAG editor's view of a field address (DESIGN.md "Field side"): `address_type` split into the
 * connection name and area the editor picks, and the examples that fit a row's area and data type.
 */
import { modbusAreas, OPCUA_AREA, registersOf, TagDataType } from '@hmi/contract';

export const fieldAreas = [...modbusAreas, OPCUA_AREA] as const;

/** `plc1:4x` → { connection: 'plc1', area: '4x' }; '' → both empty. */
export function splitAddressType(addressType: string): { connection: string; area: string } {
  const at = addressType.lastIndexOf(':');
  return at < 0
    ? { connection: addressType, area: '' }
    : { connection: addressType.slice(0, at), area: addressType.slice(at + 1) };
}

/** The address type of a connection and area; both empty: '' (a TAG that is not polled). */
export const joinAddressType = (connection: string, area: string) =>
  connection === '' && area === '' ? '' : `${connection}:${area}`;

/** Connection names used in the table, for the picker (the gateway's file names them). */
export function connectionNames(addressTypes: readonly string[]): string[] {
  const names = new Set(addressTypes.map((a) => splitAddressType(a).connection).filter(Boolean));
  return [...names].sort();
}

/** Which examples fit (a key of `template:tag.examples`); null when the row is not polled. */
export function exampleKind(area: string, dataType: number): string | null {
  if (area === OPCUA_AREA) return 'node';
  if (area === '') return null;
  if (area === '0x' || area === '1x') return 'bitArea';
  if (dataType === TagDataType.BOOL) return 'registerBit';
  if (dataType === TagDataType.STRING) return 'string';
  return registersOf(dataType) === 1 ? 'word' : 'wide';
}
