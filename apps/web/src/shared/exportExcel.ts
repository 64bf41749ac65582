/**
 * The export helper of spec section 7: asks `request` for the sheet with the browser's time-zone
 * offset in hours and saves the answer as a file named .xlsx.
 */
import { base64ToBlob, downloadBlob } from './xlsx';

export interface ExportedSheet {
  filename: string;
  content_base64: string;
}

/** Hours east of UTC as the server expects it, e.g. 8 in Beijing, 5.5 in India. */
export function browserTimezoneHours(at: Date = new Date()): number {
  return -at.getTimezoneOffset() / 60;
}

/** The name the file is saved under: the server's name, always ending in .xlsx. */
export function xlsxFilename(name: string, fallback = 'export'): string {
  const base = name.trim() || fallback;
  return /\.xlsx$/i.test(base) ? base : `${base.replace(/\.xlsx?$/i, '')}.xlsx`;
}

export async function exportExcel<T extends ExportedSheet>(
  request: (timezone: number) => Promise<T>,
  timezone: number = browserTimezoneHours(),
): Promise<T> {
  const sheet = await request(timezone);
  const filename = xlsxFilename(sheet.filename);
  downloadBlob(base64ToBlob(sheet.content_base64), filename);
  return { ...sheet, filename };
}
