import ExcelJS from 'exceljs';
import { checkInflatedSize, inspectZip } from './zip';

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

/** Limits of the zip container behind an .xlsx. */
export const zipLimits = { maxEntries: 200, maxUncompressedBytes: 40 * 1024 * 1024 } as const;

export { inspectZip } from './zip';

export type SheetProblem = 'fileFormat' | 'tooManyRows' | 'fileTooLarge';

export class SheetError extends Error {
  constructor(readonly issue: SheetProblem) {
    super(issue);
  }
}

/** The text a cell shows; a formula cell counts as the value it showed when saved, never run. */
export function cellText(v: ExcelJS.CellValue): string {
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

/**
 * Opens the first worksheet of an .xlsx upload. Refuses archives with too many entries or too much
 * uncompressed data, declared or (counted while inflating) real, before the workbook parser sees
 * them, and sheets of more than maxRows data rows. Throws SheetError.
 */
export async function openFirstSheet(buf: Buffer, maxRows: number): Promise<ExcelJS.Worksheet> {
  const zip = inspectZip(buf);
  if (!zip) throw new SheetError('fileFormat');
  if (zip.entries > zipLimits.maxEntries || zip.uncompressed > zipLimits.maxUncompressedBytes)
    throw new SheetError('fileTooLarge');
  const problem = await checkInflatedSize(buf, zipLimits.maxUncompressedBytes);
  if (problem) throw new SheetError(problem === 'tooLarge' ? 'fileTooLarge' : 'fileFormat');
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
  } catch {
    throw new SheetError('fileFormat');
  }
  const ws = wb.worksheets[0];
  if (!ws) throw new SheetError('fileFormat');
  if (ws.actualRowCount - 1 > maxRows) throw new SheetError('tooManyRows');
  return ws;
}

/**
 * Maps the known column names in row 1 (case-insensitive, first occurrence wins; unknown ones such
 * as `__proto__` are ignored) to their column numbers. A sheet without a `name` column is refused.
 */
export function headerColumns<C extends string>(ws: ExcelJS.Worksheet, known: readonly C[]): Map<C, number> {
  const knownSet = new Set<string>(known);
  const isKnown = (key: string): key is C => knownSet.has(key);
  const columns = new Map<C, number>();
  ws.getRow(1).eachCell((cell, col) => {
    const key = cellText(cell.value).trim().toLowerCase();
    if (isKnown(key) && !columns.has(key)) columns.set(key, col);
  });
  if (![...columns.keys()].some((key) => key === 'name')) throw new SheetError('fileFormat');
  return columns;
}

/** One data row of a sheet: its 1-based number and the text (unescaped, untrimmed) of each known column. */
export interface SheetRowText<C extends string> {
  row: number;
  cells: ReadonlyMap<C, string>;
}

/**
 * The data rows of the first worksheet of an .xlsx upload (see openFirstSheet): row 1 names the
 * columns (see headerColumns), rows whose known columns are all blank are skipped, and more than
 * `maxRows` are refused. Throws SheetError.
 */
export async function readSheetRows<C extends string>(
  buf: Buffer,
  known: readonly C[],
  maxRows: number,
): Promise<SheetRowText<C>[]> {
  const ws = await openFirstSheet(buf, maxRows);
  const columns = headerColumns(ws, known);
  const rows: SheetRowText<C>[] = [];
  for (let r = 2; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    const cells = new Map<C, string>();
    for (const [key, col] of columns) cells.set(key, unescapeCell(cellText(row.getCell(col).value)));
    if ([...cells.values()].every((t) => t.trim() === '')) continue;
    if (rows.length >= maxRows) throw new SheetError('tooManyRows');
    rows.push({ row: r, cells });
  }
  return rows;
}

/** A one-sheet .xlsx workbook: the header row, then one row per entry of `rows`. */
export async function writeSheet(
  name: string,
  header: readonly string[],
  rows: readonly (readonly (string | number)[])[],
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(name);
  ws.addRow([...header]);
  for (const r of rows) ws.addRow([...r]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
