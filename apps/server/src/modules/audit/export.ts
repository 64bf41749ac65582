import { auditTexts, permissionTexts, type AuditEntry, type Locale } from '@hmi/contract';
import ExcelJS from 'exceljs';
import { escapeCell } from '../../platform/xlsx';
import { localTime } from '../alarms';

/** Detail keys whose values are codes with a word in the texts' `values` (as the web page words them). */
const codedKeys = new Set(['type', 'switch', 'main']);

/** A value in words where the log keeps a code: permission ids by name, a card type, on/off. */
function worded(locale: Locale, key: string, value: string): string {
  if (key === 'permissions')
    return value
      .split(',')
      .map((id) => permissionTexts[locale][Number(id)] ?? id)
      .join(', ');
  return codedKeys.has(key) ? (auditTexts[locale].values[value] ?? value) : value;
}

/** An entry's particulars as the audit page shows them: `key: value` pairs by name, a write as `tag: old → new`. */
export function detailText(e: Pick<AuditEntry, 'action' | 'detail'>, locale: Locale): string {
  const d = e.detail;
  const w = auditTexts[locale];
  const pair = (key: string, value: string) => w.pair.replace('{{key}}', key).replace('{{value}}', value);
  if (e.action === 'tagWrite' && d.tag !== undefined) return pair(d.tag, `${d.old || '-'} → ${d.new ?? ''}`);
  if (e.action === 'tagWriteFailed' && d.tag !== undefined)
    return pair(`${d.tag} ← ${d.new ?? ''}`, d.error ?? '-');
  const parts = Object.entries(d)
    .filter(([, v]) => v !== '')
    .map(([k, v]) => pair(w.keys[k] ?? k, worded(locale, k, v)));
  return parts.length ? parts.join(' · ') : '-';
}

/** The entries as one .xlsx sheet; every text a member or a device wrote is neutralised as a formula. */
export async function writeAuditSheet(
  entries: readonly AuditEntry[],
  offsetHours: number,
  locale: Locale,
): Promise<Buffer> {
  const w = auditTexts[locale];
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(w.sheet);
  ws.addRow([...w.columns]);
  ws.getRow(1).font = { bold: true };
  for (const e of entries)
    ws.addRow([
      localTime(e.at, offsetHours),
      escapeCell(e.user_account),
      escapeCell(e.user_name),
      escapeCell(e.ip),
      w.actions[e.action],
      escapeCell(e.target),
      escapeCell(detailText(e, locale)),
    ]);
  ws.columns.forEach((c) => (c.width = 22));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
