/**
 * A TAG's history as a file: the browser walks the export pages (at most 5,000 rows each, oldest
 * first), writing each page into the file as it comes and reporting how far through the range it is,
 * up to HISTORY_EXPORT_ROWS_MAX rows; a longer range is cut there and the caller says so.
 */
import dayjs from 'dayjs';
import { HISTORY_EXPORT_ROWS_MAX, TagDataType, type HistoryExportRow } from '@hmi/contract';
import { csvLine } from '../../../shared/sheetText';
import { XlsxSheetWriter } from '../../../shared/xlsxWrite';

export type ExportFormat = 'csv' | 'xlsx';

export interface ExportPage {
  tag: string;
  data_type: number;
  rows: HistoryExportRow[];
  next: string | null;
}

export interface ExportProgress {
  rows: number;
  /** Share of the range written, 0 to 1 (by the time of the last row). */
  share: number;
}

export interface ExportResult {
  blob: Blob;
  rows: number;
  /** Set when the row cap cut the range: the time of the last row written. */
  cutAt: number | null;
}

/** Column titles: time (with the browser's UTC offset), value, and an interval's aggregates. */
export interface ExportHeadings {
  time: string;
  value: string;
  min: string;
  max: string;
  avg: string;
  count: string;
}

/** Local time with milliseconds: samples can be less than a second apart. */
export const exportTime = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm:ss.SSS');

/** A file name of the TAG and the range in local time, without characters file systems refuse. */
export function exportFilename(tag: string, from: number, to: number, format: ExportFormat): string {
  const stamp = (ms: number) => dayjs(ms).format('YYYYMMDD-HHmm');
  const safe = tag.replace(/[\\/:*?"<>|\s]+/g, '_') || 'tag';
  return `${safe}_${stamp(from)}_${stamp(to)}.${format}`;
}

interface SheetSink {
  add(values: (string | number | null)[]): void;
  blob(): Blob;
}

function csvSink(): SheetSink {
  // The byte-order mark makes Excel read the file as UTF-8.
  const parts: string[] = ['\ufeff'];
  return {
    add: (values) => parts.push(csvLine(values)),
    blob: () => new Blob(parts, { type: 'text/csv;charset=utf-8' }),
  };
}

function xlsxSink(name: string): SheetSink {
  const sheet = new XlsxSheetWriter(name);
  return { add: (values) => sheet.addRow(values), blob: () => sheet.toBlob() };
}

/** A number cell where the text is one (xlsx), else the text. */
const valueCell = (value: string, numeric: boolean, format: ExportFormat): string | number => {
  if (!numeric || format === 'csv' || value.trim() === '') return value;
  const n = Number(value);
  return Number.isFinite(n) ? n : value;
};

export async function exportHistory(o: {
  range: [number, number];
  format: ExportFormat;
  headings: ExportHeadings;
  fetchPage: (cursor: string | undefined) => Promise<ExportPage>;
  onProgress: (p: ExportProgress) => void;
  signal: AbortSignal;
  maxRows?: number;
}): Promise<ExportResult> {
  const [from, to] = o.range;
  const maxRows = o.maxRows ?? HISTORY_EXPORT_ROWS_MAX;
  const offset = dayjs(from).format('Z');
  let sink: SheetSink | null = null;
  let numeric = true;
  let rows = 0;
  let cursor: string | undefined;
  let lastT = from;
  for (;;) {
    o.signal.throwIfAborted();
    const page = await o.fetchPage(cursor);
    o.signal.throwIfAborted();
    if (!sink) {
      numeric = page.data_type !== TagDataType.STRING;
      sink = o.format === 'csv' ? csvSink() : xlsxSink(page.tag);
      const h = o.headings;
      const time = `${h.time} (UTC${offset})`;
      sink.add(numeric ? [time, h.value, h.min, h.max, h.avg, h.count] : [time, h.value]);
    }
    const take = page.rows.slice(0, maxRows - rows);
    for (const r of take) {
      const value = valueCell(r.value, numeric, o.format);
      sink.add(numeric ? [exportTime(r.t), value, r.min, r.max, r.avg, r.count] : [exportTime(r.t), value]);
    }
    rows += take.length;
    lastT = take[take.length - 1]?.t ?? lastT;
    const cut = rows >= maxRows && (take.length < page.rows.length || page.next !== null);
    const done = cut || page.next === null;
    o.onProgress({ rows, share: done ? 1 : Math.min(1, (lastT - from) / (to - from)) });
    if (done) return { blob: sink.blob(), rows, cutAt: cut ? lastT : null };
    cursor = page.next ?? undefined;
  }
}
