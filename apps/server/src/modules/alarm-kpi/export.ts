import { alarmLevelTexts, type AlarmKpi, type Locale } from '@hmi/contract';
import ExcelJS from 'exceljs';
import { escapeCell } from '../../platform/xlsx';
import { localTime } from '../alarms';

type SheetKey = 'summary' | 'daily' | 'badActors' | 'chattering' | 'stale' | 'templates' | 'groups';
type SummaryKey =
  | 'range'
  | 'total'
  | 'perHour'
  | 'perDay'
  | 'peakHour'
  | 'flood'
  | 'chattering'
  | 'stale'
  | 'ackAvg'
  | 'recoverAvg';

interface Words {
  sheets: Record<SheetKey, string>;
  summary: Record<SummaryKey, string>;
  /** Headings: a day, a rule on a device, a stale record, a slice. */
  day: [string, string];
  pair: [string, string, string, string];
  stale: [string, string, string, string];
  slice: [string, string, string, string];
  ungrouped: string;
}

const words: Record<Locale, Words> = {
  'zh-CN': {
    sheets: {
      summary: '概览',
      daily: '每日告警',
      badActors: '高频告警',
      chattering: '抖动告警',
      stale: '陈旧告警',
      templates: '按模板',
      groups: '按分组',
    },
    summary: {
      range: '时间范围',
      total: '告警总数',
      perHour: '平均每小时告警',
      perDay: '平均每天告警',
      peakHour: '单小时最多告警',
      flood: '泛滥时段占比（10 分钟内 ≥10 条）',
      chattering: '抖动告警记录',
      stale: '陈旧告警记录（持续超过 24 小时）',
      ackAvg: '平均确认用时（分钟）',
      recoverAvg: '平均恢复用时（分钟）',
    },
    day: ['日期', '告警数'],
    pair: ['告警规则', '设备', '告警等级', '次数'],
    stale: ['告警时间', '告警规则', '设备', '告警等级'],
    slice: ['名称', '告警数', '平均确认用时（分钟）', '平均恢复用时（分钟）'],
    ungrouped: '未分组',
  },
  'zh-TW': {
    sheets: {
      summary: '概覽',
      daily: '每日告警',
      badActors: '高頻告警',
      chattering: '抖動告警',
      stale: '陳舊告警',
      templates: '按模板',
      groups: '按分組',
    },
    summary: {
      range: '時間範圍',
      total: '告警總數',
      perHour: '平均每小時告警',
      perDay: '平均每天告警',
      peakHour: '單小時最多告警',
      flood: '氾濫時段占比（10 分鐘內 ≥10 筆）',
      chattering: '抖動告警記錄',
      stale: '陳舊告警記錄（持續超過 24 小時）',
      ackAvg: '平均確認用時（分鐘）',
      recoverAvg: '平均恢復用時（分鐘）',
    },
    day: ['日期', '告警數'],
    pair: ['告警規則', '設備', '告警等級', '次數'],
    stale: ['告警時間', '告警規則', '設備', '告警等級'],
    slice: ['名稱', '告警數', '平均確認用時（分鐘）', '平均恢復用時（分鐘）'],
    ungrouped: '未分組',
  },
  'en-US': {
    sheets: {
      summary: 'Summary',
      daily: 'Alarms per day',
      badActors: 'Bad actors',
      chattering: 'Chattering',
      stale: 'Stale',
      templates: 'By template',
      groups: 'By group',
    },
    summary: {
      range: 'Range',
      total: 'Alarms',
      perHour: 'Alarms per hour (average)',
      perDay: 'Alarms per day (average)',
      peakHour: 'Most alarms in one hour',
      flood: 'Share of 10-minute windows in flood (10 or more)',
      chattering: 'Chattering records',
      stale: 'Stale records (active over 24 h)',
      ackAvg: 'Average time to acknowledge (min)',
      recoverAvg: 'Average time to recover (min)',
    },
    day: ['Day', 'Alarms'],
    pair: ['Alarm rule', 'Device', 'Level', 'Count'],
    stale: ['Alarm time', 'Alarm rule', 'Device', 'Level'],
    slice: ['Name', 'Alarms', 'Average time to acknowledge (min)', 'Average time to recover (min)'],
    ungrouped: 'No group',
  },
};

const minutes = (s: number | null) => (s === null ? '' : Math.round(s / 6) / 10);

/** Adds a sheet with a bold heading row and `rows`. */
function sheet(wb: ExcelJS.Workbook, name: string, heading: readonly string[], rows: (string | number)[][]) {
  const ws = wb.addWorksheet(name);
  ws.addRow([...heading]);
  ws.getRow(1).font = { bold: true };
  for (const r of rows) ws.addRow(r);
  ws.columns.forEach((c) => (c.width = 24));
}

/** The performance figures as an .xlsx workbook; names members or devices wrote are formula-escaped. */
export async function writeKpiBook(k: AlarmKpi, offsetHours: number, locale: Locale): Promise<Buffer> {
  const w = words[locale];
  const level = (l: number) => (alarmLevelTexts[locale] as Record<number, string>)[l] ?? String(l);
  const day = (t: number) => localTime(t, offsetHours).slice(0, 10);
  const wb = new ExcelJS.Workbook();
  const s = w.summary;
  sheet(
    wb,
    w.sheets.summary,
    ['', ''],
    [
      [s.range, `${localTime(k.start, offsetHours)} – ${localTime(k.end, offsetHours)}`],
      [s.total, k.total],
      [s.perHour, Math.round(k.per_hour * 100) / 100],
      [s.perDay, Math.round(k.per_day * 100) / 100],
      [s.peakHour, k.peak_hour],
      [s.flood, `${(k.flood.share * 100).toFixed(1)} % (${k.flood.flooded} / ${k.flood.windows})`],
      [s.chattering, k.chattering.records],
      [s.stale, k.stale.records],
      [s.ackAvg, minutes(k.acknowledge.avg_s)],
      [s.recoverAvg, minutes(k.recover.avg_s)],
    ],
  );
  sheet(
    wb,
    w.sheets.daily,
    w.day,
    k.daily.map((d) => [day(d.at), d.n]),
  );
  const pairRow = (p: AlarmKpi['bad_actors'][number]) => [
    escapeCell(p.rule_name),
    escapeCell(p.device_name),
    level(p.level),
    p.count,
  ];
  sheet(wb, w.sheets.badActors, w.pair, k.bad_actors.map(pairRow));
  sheet(wb, w.sheets.chattering, w.pair, k.chattering.top.map(pairRow));
  sheet(
    wb,
    w.sheets.stale,
    w.stale,
    k.stale.active.map((r) => [
      localTime(r.alarm_at, offsetHours),
      escapeCell(r.rule_name),
      escapeCell(r.device_name),
      level(r.level),
    ]),
  );
  const sliceRow = (x: AlarmKpi['by_template'][number]) => [
    x.id === null ? w.ungrouped : escapeCell(x.name),
    x.count,
    minutes(x.ack_avg_s),
    minutes(x.recover_avg_s),
  ];
  sheet(wb, w.sheets.templates, w.slice, k.by_template.map(sliceRow));
  sheet(wb, w.sheets.groups, w.slice, k.by_group.map(sliceRow));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
