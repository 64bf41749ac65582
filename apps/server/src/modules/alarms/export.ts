import { alarmLevelTexts, alarmStateTexts, type AlarmRecord, type Locale } from '@hmi/contract';
import ExcelJS from 'exceljs';
import { escapeCell } from '../../platform/xlsx';

interface SheetWords {
  sheet: string;
  columns: string[];
  /** The kind column's words: an offline alarm, a chattering one, a shelved one. */
  offline: string;
  chattering: string;
  shelved: string;
}

/** Sheet wording per locale (the export is a file, read outside the console). */
const words: Record<Locale, SheetWords> = {
  'zh-CN': {
    sheet: '告警记录',
    offline: '设备离线',
    chattering: '频繁告警',
    shelved: '已搁置',
    columns: [
      '告警时间',
      '设备',
      'SN',
      '告警规则',
      '告警等级',
      'TAG',
      '告警值',
      '告警内容',
      '状态',
      '确认时间',
      '确认人',
      '恢复时间',
      '恢复值',
      '确认备注',
      '备注人',
      '类型',
    ],
  },
  'zh-TW': {
    sheet: '告警記錄',
    offline: '設備離線',
    chattering: '頻繁告警',
    shelved: '已擱置',
    columns: [
      '告警時間',
      '設備',
      'SN',
      '告警規則',
      '告警等級',
      'TAG',
      '告警值',
      '告警內容',
      '狀態',
      '確認時間',
      '確認人',
      '恢復時間',
      '恢復值',
      '確認備註',
      '備註人',
      '類型',
    ],
  },
  'en-US': {
    sheet: 'Alarm records',
    offline: 'Device offline',
    chattering: 'Chattering',
    shelved: 'Shelved',
    columns: [
      'Alarm time',
      'Device',
      'SN',
      'Alarm rule',
      'Level',
      'TAG',
      'Value',
      'Content',
      'State',
      'Response time',
      'Responder',
      'Recovery time',
      'Recovery value',
      'Note',
      'Note by',
      'Kind',
    ],
  },
};

/** The header row of the alarm record sheet in `locale`. */
export const recordSheetColumns = (locale: Locale): readonly string[] => words[locale].columns;

/** `YYYY-MM-DD HH:mm:ss` of epoch seconds in the zone `offsetHours` east of UTC. */
export function localTime(epochSeconds: number, offsetHours: number): string {
  const d = new Date((epochSeconds + Math.round(offsetHours * 3600)) * 1000);
  return d.toISOString().slice(0, 19).replace('T', ' ');
}

/** A value that reads as a number is written as one (so it sorts and sums); 64-bit ones stay text. */
function valueCell(text: string): string | number {
  if (/^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(text)) {
    const n = Number(text);
    if (Number.isFinite(n) && (!/^-?\d+$/.test(text) || Number.isSafeInteger(n))) return n;
  }
  return escapeCell(text);
}

/** The records as one .xlsx sheet; every text a member or a device wrote is neutralised as a formula. */
export async function writeAlarmSheet(
  records: readonly AlarmRecord[],
  offsetHours: number,
  locale: Locale,
): Promise<Buffer> {
  const w = words[locale];
  const at = (t: number | null) => (t === null ? '' : localTime(t, offsetHours));
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(w.sheet);
  ws.addRow(w.columns);
  ws.getRow(1).font = { bold: true };
  for (const r of records)
    ws.addRow([
      at(r.alarm_at),
      escapeCell(r.device_name),
      escapeCell(r.device_sn),
      escapeCell(r.rule_name),
      (alarmLevelTexts[locale] as Record<number, string>)[r.level] ?? String(r.level),
      escapeCell(r.tag_name),
      valueCell(r.value),
      escapeCell(r.content),
      (alarmStateTexts[locale] as Record<number, string>)[r.state] ?? String(r.state),
      at(r.response_at),
      escapeCell(r.responder_name ?? ''),
      at(r.recovery_at),
      r.recovery_value === null ? '' : valueCell(r.recovery_value),
      escapeCell(r.note ?? ''),
      escapeCell(r.note_by ?? ''),
      [r.kind === 'offline' && w.offline, r.chattering && w.chattering, r.shelve_reason && w.shelved]
        .filter(Boolean)
        .join(', '),
    ]);
  ws.columns.forEach((c) => (c.width = 20));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
