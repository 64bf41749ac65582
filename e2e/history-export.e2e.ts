/**
 * History export (issue 26, point 8) in Chromium against the real server with DEMO=1: 12,000 stored
 * samples of the first demo HMI's temperature in the last hour (on top of what the HMI reports each
 * second) are exported from the device detail's history panel as .xlsx, read back with ExcelJS (every
 * row, oldest first, times in the browser's time zone, Asia/Shanghai here), and a string TAG's value
 * that looks like a formula comes out escaped in the CSV. The dialog is photographed in the three
 * locales, at desk and phone size.
 */
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { importHistory } from '@hmi/server/src/modules/connectivity';
import { openDatabase } from '@hmi/server/src/platform/db';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshotPath } from './support/browser';
import { type RunningServer } from './support/server';
import { signInContext, type LoginTokens } from './support/session';
import { demoDevices, startDemoStack, stopStack } from './support/stack';
import { texts } from './support/texts';

const SAMPLES = 12_000;
/** Local time in UTC+8 as the file writes it. */
const shanghai = (ms: number) =>
  new Date(ms + 8 * 3_600_000).toISOString().replace('T', ' ').replace('Z', '');

describe('history export', () => {
  let server: RunningServer;
  let browser: Browser;
  let tokens: LoginTokens;
  let deviceId: number;
  let first: number;

  beforeAll(async () => {
    const stack = await startDemoStack();
    ({ server, browser, tokens } = stack);
    deviceId = (await demoDevices<{ id: number; sn: string }>(stack))[0]?.id ?? 0;
    if (!deviceId) throw new Error('demo data missing');
    // 250 ms apart from 55 minutes ago: inside the panel's "last hour" however long the start takes.
    first = Date.now() - 55 * 60_000;
    const database = openDatabase({ databaseUrl: null, dataDir: server.dataDir });
    try {
      await importHistory(database, [
        ...Array.from({ length: SAMPLES }, (_, i) => ({
          device_id: deviceId,
          tag: 'temperature',
          ts: first + i * 250,
          num: -1000 - i,
          value: String(-1000 - i),
        })),
        { device_id: deviceId, tag: 'status', ts: first, num: null, value: '=HYPERLINK("http://x")' },
      ]);
    } finally {
      await database.close();
    }
  });
  afterAll(async () => {
    await stopStack(server, browser);
  });

  async function openExport(page: Page, locale: string) {
    await signInContext(page, tokens, locale);
    await page.goto(`${server.url}/#/device/devicelist/${deviceId}`);
    const history = page.getByTestId('device-history');
    await history.getByTestId('history-export').click();
    return page.getByTestId('history-export-dialog');
  }

  it(
    'exports the last hour of a TAG as .xlsx: every row, oldest first, local times',
    { timeout: 120_000 },
    async () => {
      const context = await browser.newContext({
        viewport: { width: 1440, height: 900 },
        acceptDownloads: true,
        timezoneId: 'Asia/Shanghai',
      });
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      const t = texts('en-US', 'live');
      const dialog = await openExport(page, 'en-US');
      await dialog.getByText(t('history.export.xlsx')).click();
      const download = page.waitForEvent('download');
      await dialog.getByTestId('history-export-start').click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^temperature_\d{8}-\d{4}_\d{8}-\d{4}\.xlsx$/);
      await dialog.getByTestId('history-export-done').waitFor();

      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((await readFile(await file.path())) as unknown as ArrayBuffer);
      const ws = wb.worksheets[0];
      if (!ws) throw new Error('no sheet');
      expect(ws.name).toBe('temperature');
      expect(ws.getRow(1).values).toEqual([
        undefined,
        `${t('history.time')} (UTC+08:00)`,
        t('history.value'),
        t('history.min'),
        t('history.max'),
        t('history.avg'),
        t('history.export.count'),
      ]);
      const rows: { time: string; value: number }[] = [];
      ws.eachRow((row, n) => {
        if (n > 1) rows.push({ time: String(row.getCell(1).value), value: Number(row.getCell(2).value) });
      });
      // The imported samples (negative) plus what the demo HMI reported meanwhile, oldest first.
      const imported = rows.filter((r) => r.value <= -1000);
      expect(imported).toHaveLength(SAMPLES);
      expect(imported[0]).toEqual({ time: shanghai(first), value: -1000 });
      expect(imported[SAMPLES - 1]).toEqual({
        time: shanghai(first + (SAMPLES - 1) * 250),
        value: -1000 - SAMPLES + 1,
      });
      expect(rows.map((r) => r.time)).toEqual([...rows.map((r) => r.time)].sort());
      expect(await dialog.getByTestId('history-export-done').innerText()).toContain(
        t('history.export.done', { rows: rows.length.toLocaleString('en-US') }),
      );
      await page.screenshot({ path: screenshotPath('history-export-done-en-US'), animations: 'disabled' });

      // A string TAG: its formula-like text is escaped in the CSV.
      await dialog.getByTestId('history-export-close').click();
      const history = page.getByTestId('device-history');
      await history.getByTestId('history-tag').click();
      await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) [title="status"]').click();
      await history.getByTestId('history-export').click();
      // The dialog keeps the format last chosen: CSV this time.
      await dialog.getByText(t('history.export.csv')).click();
      const csvDownload = page.waitForEvent('download');
      await dialog.getByTestId('history-export-start').click();
      const csv = await readFile(await (await csvDownload).path(), 'utf8');
      expect(csv).toContain(`${shanghai(first)},"'=HYPERLINK(""http://x"")"\r\n`);
      await context.close();
    },
  );

  for (const locale of ['zh-CN', 'zh-TW', 'en-US'] as const)
    it(`shows the export dialog in ${locale} at desk and phone size`, { timeout: 60_000 }, async () => {
      const t = texts(locale, 'live');
      const context = await browser.newContext({
        viewport: { width: 1440, height: 900 },
        acceptDownloads: true,
      });
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      const dialog = await openExport(page, locale);
      await dialog.getByText(t('history.export.title', { tag: 'temperature' })).waitFor();
      await dialog.getByText(t('history.export.csv')).waitFor();
      await page.screenshot({ path: screenshotPath(`history-export-${locale}`), animations: 'disabled' });
      const download = page.waitForEvent('download');
      await dialog.getByTestId('history-export-start').click();
      await download;
      await dialog.getByTestId('history-export-done').waitFor();
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({
        path: screenshotPath(`history-export-phone-${locale}`),
        animations: 'disabled',
      });
      await context.close();
    });
});
