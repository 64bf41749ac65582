import {
  alarmConditionNames,
  alarmLevelNames,
  alarmSheetColumns,
  limits,
  type AlarmRule,
} from '@hmi/contract';
import { escapeCell, readSheetRows, writeSheet } from '../../platform/xlsx';

export type AlarmSheetColumn = (typeof alarmSheetColumns)[number];

/** One data row of the rule sheet: 1-based row number and the text of every known column. */
export interface AlarmSheetRow {
  row: number;
  cells: ReadonlyMap<AlarmSheetColumn, string>;
}

/** First bytes of an OLE2 compound file: the legacy .xls format, which exceljs cannot read. */
const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export function isLegacyXls(buf: Buffer, filename: string): boolean {
  return /\.xls$/i.test(filename) || buf.subarray(0, OLE2_MAGIC.length).equals(OLE2_MAGIC);
}

/**
 * Parses the first worksheet of an .xlsx file: row 1 names the columns (case-insensitive; unknown
 * ones such as `__proto__` are ignored), every following non-empty row is one rule. Refuses archives
 * with too many entries or too much uncompressed data before inflating anything, and sheets of more
 * than 300 rules. Throws SheetError.
 */
export async function readRuleSheet(buf: Buffer): Promise<AlarmSheetRow[]> {
  const rows = await readSheetRows(buf, alarmSheetColumns, limits.alarmImportMax);
  return rows.map(({ row, cells }) => ({
    row,
    cells: new Map([...cells].map(([key, text]) => [key, text.trim()])),
  }));
}

const PLAIN_NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Numbers stay readable (-5 cannot run as a formula); any other text goes through escapeCell. */
function escapeValue(text: string): string {
  return PLAIN_NUMBER.test(text) ? text : escapeCell(text);
}

/** The rules as an .xlsx workbook: one sheet, header row of alarmSheetColumns, text cells only. */
export function writeRuleSheet(rules: readonly AlarmRule[]): Promise<Buffer> {
  const rows = rules.map((r) => {
    const cells: Record<AlarmSheetColumn, string | number> = {
      name: escapeCell(r.name),
      group: escapeCell(r.group_name ?? ''),
      level: alarmLevelNames[r.level] ?? r.level,
      type: r.type,
      condition: alarmConditionNames[r.condition] ?? r.condition,
      tag: escapeCell(r.tag_name),
      alarm_value: escapeValue(r.alarm_value),
      target: escapeValue(r.target),
      deviation: escapeValue(r.deviation),
      content: escapeCell(r.content),
      enabled: r.enabled ? 1 : 0,
      deadband: escapeValue(r.deadband),
      on_delay_s: r.on_delay_s,
    };
    return alarmSheetColumns.map((c) => cells[c]);
  });
  return writeSheet('Alarm rules', alarmSheetColumns, rows);
}
