/** TAG table rows as edited on screen, and their checks (the same as the server's, from the contract). */
import {
  checkTagValue,
  parseTagAddress,
  tagInputOf,
  SCAN_TIME_MAX_MS,
  TagAccess,
  TagDataType,
  type Tag,
  type ValidationKey,
} from '@hmi/contract';
import type { TagRowInput } from '../../../api/templates';

export interface TagRow {
  /** Client-side row key. */
  key: string;
  name: string;
  data_type: number;
  access: number;
  address_type: string;
  address: string;
  scan_time_ms: number | null;
  save_history: boolean;
  default_value: string;
  description: string;
}

export type TagRowField = 'name' | 'default_value' | 'scan_time_ms' | 'address_type' | 'address';
export type TagRowErrors = Partial<Record<TagRowField, ValidationKey>>;

let nextKey = 0;
export const newRowKey = () => `row-${++nextKey}`;

export function emptyRow(dataType: number = TagDataType.INT16): TagRow {
  return {
    key: newRowKey(),
    name: '',
    data_type: dataType,
    access: TagAccess.READ,
    address_type: '',
    address: '',
    scan_time_ms: 1000,
    save_history: false,
    default_value: '',
    description: '',
  };
}

export const rowFromTag = (tag: Tag): TagRow => ({ key: newRowKey(), ...tagInputOf(tag) });

/** A default value is optional; when given it must fit the data type (checkTagValue). */
export function checkDefaultValue(dataType: number, value: string): ValidationKey | null {
  return value === '' ? null : checkTagValue(dataType, value);
}

/** Problems of one row; `names` counts every name of the table (duplicates are refused). */
export function tagRowErrors(row: TagRow, names: ReadonlyMap<string, number>): TagRowErrors {
  const errors: TagRowErrors = {};
  const name = row.name.trim();
  if (!name) errors.name = 'required';
  else if (name.length > 64) errors.name = 'tooLong';
  else if ((names.get(name) ?? 0) > 1) errors.name = 'tagNameDuplicate';
  const value = checkDefaultValue(row.data_type, row.default_value);
  if (value) errors.default_value = value;
  // The field address grammar, as the server checks it on save (contract parseTagAddress).
  const address = parseTagAddress({
    data_type: row.data_type,
    access: row.access,
    address_type: row.address_type.trim(),
    address: row.address.trim(),
  });
  if (!address.ok) errors[address.field] = address.issue;
  if (row.scan_time_ms === null) errors.scan_time_ms = 'required';
  else if (!Number.isInteger(row.scan_time_ms) || row.scan_time_ms < 1 || row.scan_time_ms > SCAN_TIME_MAX_MS)
    errors.scan_time_ms = 'range';
  return errors;
}

export function nameCounts(rows: readonly TagRow[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.name.trim(), (counts.get(r.name.trim()) ?? 0) + 1);
  return counts;
}

export const rowToInput = (row: TagRow): TagRowInput => ({
  name: row.name.trim(),
  data_type: row.data_type,
  access: row.access,
  address_type: row.address_type.trim(),
  address: row.address.trim(),
  scan_time_ms: row.scan_time_ms ?? 1000,
  save_history: row.save_history,
  default_value: row.default_value,
  description: row.description.trim(),
});
