/**
 * Text cells of files the browser writes (CSV, xlsx). A spreadsheet runs a cell that starts with =, +,
 * -, @, a tab or a carriage return as a formula (CSV injection): such text gets a leading single quote,
 * as the server's escapeCell (apps/server/src/platform/xlsx.ts) does for its exports.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function escapeCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One CSV field (RFC 4180): formula-escaped, quoted when it holds a comma, quote or line break. */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = escapeCell(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line, CRLF-terminated. */
export function csvLine(values: readonly (string | number | null)[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
