import { tagSheetColumns, TagDataType, TAGS_MAX, type Tag } from '@hmi/contract';
import ExcelJS from 'exceljs';

/** Characters that make a spreadsheet treat a text cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Prefixes text that a spreadsheet could run as a formula with a single quote. */
export function escapeCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Undoes escapeCell, so an exported sheet imports unchanged. */
export function unescapeCell(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

/** Limits of the zip container behind an .xlsx (checked before anything is inflated). */
export const zipLimits = { maxEntries: 200, maxUncompressedBytes: 40 * 1024 * 1024 } as const;

/**
 * Reads a zip's central directory: entry count and total uncompressed size, or null when the bytes
 * are not a plain (non-zip64) zip. Guards the parser against zip bombs.
 */
export function inspectZip(buf: Buffer): { entries: number; uncompressed: number } | null {
  const EOCD = 0x06054b50;
  const min = Math.max(0, buf.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = buf.length - 22; i >= min; i--)
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  if (eocd < 0) return null;
  const entries = buf.readUInt16LE(eocd + 10);
  let offset = buf.readUInt32LE(eocd + 16);
  if (entries === 0xffff || offset === 0xffffffff) return null;
  let uncompressed = 0;
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > buf.length || buf.readUInt32LE(offset) !== 0x02014b50) return null;
    const size = buf.readUInt32LE(offset + 24);
    if (size === 0xffffffff) return null;
    uncompressed += size;
    offset +=
      46 + buf.readUInt16LE(offset + 28) + buf.readUInt16LE(offset + 30) + buf.readUInt16LE(offset + 32);
  }
  return { entries, uncompressed };
}

function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? '1' : '0';
  if (v instanceof Date) return v.toISOString();
  if ('richText' in v && Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
  if ('formula' in v || 'sharedFormula' in v)
    return cellText((v as { result?: ExcelJS.CellValue }).result ?? null);
  if ('text' in v && typeof v.text === 'string') return v.text;
  return '';
}

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

export type SheetProblem = 'fileFormat' | 'tooManyRows' | 'fileTooLarge';

export class SheetError extends Error {
  constructor(readonly issue: SheetProblem) {
    super(issue);
  }
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
  const zip = inspectZip(buf);
  if (!zip) throw new SheetError('fileFormat');
  if (zip.entries > zipLimits.maxEntries || zip.uncompressed > zipLimits.maxUncompressedBytes)
    throw new SheetError('fileTooLarge');
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
  } catch {
    throw new SheetError('fileFormat');
  }
  const ws = wb.worksheets[0];
  if (!ws) throw new SheetError('fileFormat');
  if (ws.actualRowCount - 1 > TAGS_MAX) throw new SheetError('tooManyRows');

  const columns = new Map<string, number>();
  ws.getRow(1).eachCell((cell, col) => {
    const key = cellText(cell.value).trim().toLowerCase();
    if ((tagSheetColumns as readonly string[]).includes(key) && !columns.has(key)) columns.set(key, col);
  });
  if (!columns.has('name')) throw new SheetError('fileFormat');

  const rows: SheetRow[] = [];
  for (let r = 2; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    const text = (col: string) => {
      const c = columns.get(col);
      return c === undefined ? '' : unescapeCell(cellText(row.getCell(c).value));
    };
    if (tagSheetColumns.every((c) => text(c).trim() === '')) continue;
    if (rows.length >= TAGS_MAX) throw new SheetError('tooManyRows');
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
    rows.push({ row: r, values });
  }
  return rows;
}

/** The TAG table as an .xlsx workbook (one sheet, header row of tagSheetColumns). */
export async function writeTagSheet(tags: readonly Tag[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('TAGs');
  ws.addRow([...tagSheetColumns]);
  for (const t of tags)
    ws.addRow([
      escapeCell(t.name),
      t.data_type,
      t.access,
      escapeCell(t.address_type),
      escapeCell(t.address),
      t.scan_time_ms,
      t.save_history ? 1 : 0,
      escapeCell(t.default_value),
      escapeCell(t.description),
    ]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
