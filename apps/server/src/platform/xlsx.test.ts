import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readRuleSheet } from '../modules/alarm-rules/xlsx';
import { readTagSheet } from '../modules/templates/xlsx';
import { lyingZip } from '../test/zip';
import { openFirstSheet, SheetError } from './xlsx';

const MB = 1024 * 1024;

/** Runs `fn`, sampling this process's memory meanwhile; the largest growth seen (bytes). */
async function peakGrowth(fn: () => Promise<unknown>): Promise<number> {
  const base = process.memoryUsage.rss();
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss() - base)), 5);
  try {
    await fn();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, process.memoryUsage.rss() - base);
}

async function refusal(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  return null;
}

describe('xlsx upload limits', () => {
  it('refuses a 1.5 MB file declaring 1 KB that inflates to 1.5 GB while inflating, in bounded memory', async () => {
    const bomb = lyingZip(1536);
    expect(bomb.length).toBeLessThan(2 * MB);
    let error: unknown;
    const started = Date.now();
    const growth = await peakGrowth(async () => {
      error = await refusal(openFirstSheet(bomb, 10));
    });
    const ms = Date.now() - started;
    expect(error).toBeInstanceOf(SheetError);
    expect((error as SheetError).issue).toBe('fileTooLarge');
    expect(ms).toBeLessThan(3000);
    expect(growth).toBeLessThan(80 * MB);
  });

  it('refuses it in both importers (TAGs and alarm rules) with fileTooLarge', async () => {
    const bomb = lyingZip(64);
    for (const read of [readTagSheet, readRuleSheet]) {
      const error = await refusal(read(bomb));
      expect(error).toBeInstanceOf(SheetError);
      expect((error as SheetError).issue).toBe('fileTooLarge');
    }
  });

  it('still opens a real workbook, and one whose declared sizes lie within the limits', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('tags').addRows([
      ['name', 'data_type'],
      ['speed', 1],
    ]);
    const real = Buffer.from(await wb.xlsx.writeBuffer());
    expect((await openFirstSheet(real, 10)).getCell('A2').value).toBe('speed');
    const small = lyingZip(2, 1);
    expect(await refusal(openFirstSheet(small, 10))).toMatchObject({ issue: 'fileFormat' });
  });
});
