// @vitest-environment jsdom
/**
 * History export against a real local API server: the dialog walks the export pages with a progress
 * bar and saves one file of every row, times in the browser's time zone, text formula-escaped; a
 * range past the row cap is cut and the file says up to when.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import dayjs from 'dayjs';
import type { HistoryExportRow, LiveTag } from '@hmi/contract';
import { i18next, renderPage, setLanguage } from '../../../test/render';
import { signInAs, startApiServer, type ApiServer } from '../../../test/apiServer';
import { exportHistory, type ExportPage } from './historyExport';
import { HistoryPanel } from './HistoryPanel';

let api: ApiServer;
const blobs: Blob[] = [];
const downloads: string[] = [];
const T = 1_700_000_000_000;

const row = (t: number, value: string): HistoryExportRow => ({
  t,
  value,
  min: null,
  max: null,
  avg: null,
  count: null,
});
const label: LiveTag = {
  id: 2,
  name: 'label',
  data_type: 9,
  access: 0,
  save_history: true,
  description: '',
  value: 'x',
  ts: T,
  quality: 'good',
  quality_reason: null,
  quality_ts: null,
};
/** A Blob's text (jsdom's Blob has no text()); FileReader drops the byte-order mark. */
const blobText = (blob: Blob | undefined) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(blob ?? new Blob([]));
  });
const headings = { time: 'Time', value: 'Value', min: 'Min', max: 'Max', avg: 'Avg', count: 'Count' };

/** The second page is held until the test opens the gate: the dialog shows its progress meanwhile. */
let release: () => void = () => undefined;
let gate = Promise.resolve();

beforeAll(async () => {
  api = await startApiServer();
  api.routes.set('GET /v1/devices/7/history', (req) => ({
    tag: 'label',
    data_type: 9,
    from: Number(req.query.get('from')),
    to: Number(req.query.get('to')),
    bucket_ms: 60_000,
    points: [],
    samples: [{ t: T, value: 'x' }],
  }));
  api.routes.set('GET /v1/devices/7/history/export', (req) => {
    const from = Number(req.query.get('from'));
    const to = Number(req.query.get('to'));
    const mid = from + Math.floor((to - from) / 4);
    if (!req.query.get('cursor'))
      return { tag: 'label', data_type: 9, rows: [row(from, '=1+1'), row(mid, 'a,"b"')], next: `${mid}:1` };
    return gate.then(() => ({ tag: 'label', data_type: 9, rows: [row(to - 1, 'last')], next: null }));
  });
  URL.createObjectURL = (blob: Blob) => {
    blobs.push(blob);
    return 'blob:history';
  };
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
});
afterAll(() => {
  release();
  return api.close();
});
beforeEach(() => {
  gate = new Promise((resolve) => (release = resolve));
  blobs.length = 0;
  downloads.length = 0;
});

describe.each(['en-US', 'zh-CN', 'zh-TW'] as const)('history export in %s', (locale) => {
  it('shows progress while the pages come and saves every row as CSV', { timeout: 30_000 }, async () => {
    await setLanguage(locale);
    await signInAs(api, { is_main: true, permissions: [] });
    const before = api.callsTo('GET /v1/devices/7/history/export').length;
    renderPage(<HistoryPanel deviceId={7} tags={[label]} />);
    fireEvent.click(await screen.findByTestId('history-export'));
    const dialog = await screen.findByTestId('history-export-dialog');
    expect(dialog.textContent).toContain(i18next.t('live:history.export.csv'));
    fireEvent.click(within(dialog).getByTestId('history-export-start'));

    // First page read: a quarter of the last hour, two rows; the second is held.
    const progress = await screen.findByTestId('history-export-progress');
    await vi.waitFor(() => expect(progress.textContent).toContain('25%'), { timeout: 10_000 });
    expect(progress.textContent).toContain(i18next.t('live:history.export.read', { rows: '2' }));
    expect(downloads).toEqual([]);
    release();

    const done = await screen.findByTestId('history-export-done', {}, { timeout: 10_000 });
    expect(done.textContent).toContain(i18next.t('live:history.export.done', { rows: '3' }));
    const calls = api.callsTo('GET /v1/devices/7/history/export').slice(before);
    expect(calls.map((c) => c.query.get('cursor'))).toEqual([null, expect.stringMatching(/^\d+:1$/)]);
    expect(calls[0]?.query.get('tag')).toBe('2');
    expect(downloads).toHaveLength(1);
    expect(downloads[0]).toMatch(/^label_\d{8}-\d{4}_\d{8}-\d{4}\.csv$/);
    const text = await blobText(blobs[0]);
    const from = Number(calls[0]?.query.get('from'));
    const lines = text.replace(/^\ufeff/, '').split('\r\n');
    expect(lines[0]).toBe(
      `${i18next.t('live:history.time')} (UTC${dayjs(from).format('Z')}),${i18next.t('live:history.value')}`,
    );
    expect(lines[1]).toBe(`${dayjs(from).format('YYYY-MM-DD HH:mm:ss.SSS')},'=1+1`);
    expect(lines[2]?.endsWith(',"a,""b"""')).toBe(true);
    expect(lines[3]?.endsWith(',last')).toBe(true);
    expect(lines).toHaveLength(5);
  });
});

describe('history export walk', () => {
  const pages = (all: HistoryExportRow[], size: number) => async (cursor: string | undefined) => {
    const at = Number(cursor ?? 0);
    const next = at + size < all.length ? String(at + size) : null;
    return { tag: 't', data_type: 7, rows: all.slice(at, at + size), next } satisfies ExportPage;
  };
  const numeric = Array.from({ length: 10 }, (_, i) => ({
    ...row(T + i * 1000, String(i)),
    min: i,
    max: i + 1,
    avg: i + 0.5,
    count: 2,
  }));

  it('cuts the range at the row cap and says at which time', async () => {
    const shares: number[] = [];
    const result = await exportHistory({
      range: [T, T + 10_000],
      format: 'csv',
      headings,
      fetchPage: pages(numeric, 4),
      onProgress: (p) => shares.push(p.share),
      signal: new AbortController().signal,
      maxRows: 6,
    });
    expect(result).toMatchObject({ rows: 6, cutAt: T + 5000 });
    expect(shares).toEqual([0.3, 1]);
    const lines = (await blobText(result.blob)).split('\r\n');
    expect(lines[0]).toContain(',Value,Min,Max,Avg,Count');
    expect(lines[1]).toBe(`${dayjs(T).format('YYYY-MM-DD HH:mm:ss.SSS')},0,0,1,0.5,2`);
    expect(lines).toHaveLength(8);
  });

  it('walks to the end without a cut and stops when cancelled', async () => {
    const all = await exportHistory({
      range: [T, T + 10_000],
      format: 'xlsx',
      headings,
      fetchPage: pages(numeric, 4),
      onProgress: () => undefined,
      signal: new AbortController().signal,
    });
    expect(all).toMatchObject({ rows: 10, cutAt: null });
    expect(all.blob.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const controller = new AbortController();
    const fetched: (string | undefined)[] = [];
    const walk = exportHistory({
      range: [T, T + 10_000],
      format: 'csv',
      headings,
      fetchPage: async (cursor) => {
        fetched.push(cursor);
        controller.abort();
        return pages(numeric, 4)(cursor);
      },
      onProgress: () => undefined,
      signal: controller.signal,
    });
    await expect(walk).rejects.toThrow();
    expect(fetched).toEqual([undefined]);
  });
});
