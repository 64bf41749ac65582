import { tagSheetColumns, TagDataType, TAGS_MAX, type Tag } from '@hmi/contract';
import { escapeCell, readSheetRows, writeSheet } from '../../platform/xlsx';

/** Data types may also be written by name (bool, uint16 … string). A Map: no prototype keys. */
const dataTypeNames = new Map<string, number>(
  Object.entries(TagDataType).map(([k, v]) => [k.toLowerCase(), v]),
);

function asInt(text: string): number | string | undefined {
  if (text === '') return undefined;
  return /^[+-]?\d{1,15}$/.test(text) ? Number(text) : text;
}

function asBool(text: string): boolean | string | undefined {
  const t = text.toLowerCase();
  if (t === '') return undefined;
  if (['1', 'true', 'yes', 'y'].includes(t)) return true;
  if (['0', 'false', 'no', 'n'].includes(t)) return false;
  return text;
}

/** One data row of the sheet as candidate TAG input (null-prototype object, known columns only). */
export interface SheetRow {
  row: number;
  values: Record<string, unknown>;
}

/**
 * Parses the first worksheet: row 1 names the columns (case-insensitive; unknown ones such as
 * `__proto__` are ignored), every following non-empty row is one TAG. Throws SheetError.
 */
export async function readTagSheet(buf: Buffer): Promise<SheetRow[]> {
  return (await readSheetRows(buf, tagSheetColumns, TAGS_MAX)).map(({ row, cells }) => {
    const text = (col: (typeof tagSheetColumns)[number]) => cells.get(col) ?? '';
    const values: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    values.name = text('name').trim();
    const dt = text('data_type').trim();
    const dtValue = dataTypeNames.get(dt.toLowerCase()) ?? asInt(dt);
    if (dtValue !== undefined) values.data_type = dtValue;
    for (const [k, v] of [
      ['access', asInt(text('access').trim())],
      ['scan_time_ms', asInt(text('scan_time_ms').trim())],
      ['save_history', asBool(text('save_history').trim())],
    ] as const)
      if (v !== undefined) values[k] = v;
    for (const k of ['address_type', 'address', 'default_value', 'description'] as const) {
      const v = k === 'default_value' ? text(k) : text(k).trim();
      if (v !== '') values[k] = v;
    }
    return { row, values };
  });
}

/** The TAG table as an .xlsx workbook (one sheet, header row of tagSheetColumns). */
export function writeTagSheet(tags: readonly Tag[]): Promise<Buffer> {
  return writeSheet(
    'TAGs',
    tagSheetColumns,
    tags.map((t) => [
      escapeCell(t.name),
      t.data_type,
      t.access,
      escapeCell(t.address_type),
      escapeCell(t.address),
      t.scan_time_ms,
      t.save_history ? 1 : 0,
      escapeCell(t.default_value),
      escapeCell(t.description),
    ]),
  );
}
