/**
 * The audit log in Chromium against the real server with DEMO=1: a TAG write on the first demo HMI
 * and the acknowledgement of an alarm it raised (a rule on its temperature with a limit it always
 * exceeds) are made through the API, then the audit screen under System lists both with who, the
 * address and the old → new value, in every locale and at phone size; its export answers a sheet.
 */
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './support/api';
import { screenshotPath } from './support/browser';
import { startDemoStack, stopStack } from './support/stack';
import { type RunningServer } from './support/server';
import { signInContext, type LoginTokens } from './support/session';

/** Waits until no table shows its loading veil (screenshots then show the settled screen). */
const settled = (page: Page) => page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });

describe('audit log', () => {
  let server: RunningServer;
  let browser: Browser;
  let tokens: LoginTokens;
  let deviceName = '';

  beforeAll(async () => {
    ({ server, browser, tokens } = await startDemoStack());
  });
  afterAll(async () => {
    await stopStack(server, browser);
  });

  it('lists a TAG write and an alarm acknowledgement made on a demo HMI', { timeout: 180_000 }, async () => {
    const templates = await apiCall<{ list: { id: number; name: string }[] }>(
      server,
      tokens,
      'GET',
      '/templates?pageSize=50',
    );
    const templateId = templates.list.find((t) => t.name === 'Demo line')?.id ?? 0;
    const devices = await apiCall<{ list: { id: number; name: string; sn: string }[] }>(
      server,
      tokens,
      'GET',
      '/devices?pageSize=50',
    );
    const device = devices.list.find((d) => d.sn === 'DEMO-HMI-001');
    if (!device || !templateId) throw new Error('demo data missing');
    deviceName = device.name;
    const tags = await apiCall<{ list: { id: number; name: string }[] }>(
      server,
      tokens,
      'GET',
      `/templates/${templateId}/tags`,
    );
    const tagId = (name: string) => tags.list.find((t) => t.name === name)?.id ?? 0;

    // The temperature (18 to 32 °C) is always above 0: the rule fires on the next sample.
    await apiCall(server, tokens, 'POST', `/templates/${templateId}/alarm-rules`, {
      name: 'Audit probe',
      level: 8,
      type: 'limit',
      condition: 2,
      tag_id: tagId('temperature'),
      alarm_value: '0',
    });
    let recordId = 0;
    await expect
      .poll(
        async () => {
          const records = await apiCall<{ list: { id: number; rule_name: string }[] }>(
            server,
            tokens,
            'GET',
            `/alarms?device_id=${device.id}&state=1`,
          );
          recordId = records.list.find((r) => r.rule_name === 'Audit probe')?.id ?? 0;
          return recordId;
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBeGreaterThan(0);
    await apiCall(server, tokens, 'POST', '/alarm/template/web/AskAlarms', { ids: [recordId] });
    await apiCall(server, tokens, 'POST', `/devices/${device.id}/tags/${tagId('setpoint')}/write`, {
      value: '23',
    });

    const shots: [string, { width: number; height: number }][] = [
      ['zh-CN', { width: 1440, height: 900 }],
      ['zh-TW', { width: 1440, height: 900 }],
      ['en-US', { width: 1440, height: 900 }],
      ['en-US', { width: 390, height: 844 }],
    ];
    for (const [locale, viewport] of shots) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      await signInContext(page, tokens, locale);
      await page.goto(`${server.url}/#/system/audit`);
      const table = page.getByTestId('audit-table');
      const write = table.locator('[data-action="tagWrite"]').first();
      await write.waitFor();
      await table.locator('[data-action="alarmAcknowledged"]').first().waitFor();
      const writeId = (await write.getAttribute('data-testid'))?.replace('audit-action-', '') ?? '';
      const detail = (await page.getByTestId(`audit-detail-${writeId}`).textContent()) ?? '';
      expect(detail).toContain('setpoint');
      expect(detail).toMatch(/→ 23$/);
      expect(await table.textContent()).toContain(deviceName);
      await settled(page);
      const phone = viewport.width < 500;
      await page.screenshot({
        path: screenshotPath(`audit-${locale}${phone ? '-phone' : ''}`),
        fullPage: true,
        animations: 'disabled',
      });
      if (locale === 'en-US' && !phone) {
        // The menu lists it under System; the export answers a sheet of the filtered log.
        expect(await page.locator('.ant-menu').first().textContent()).toContain('Audit log');
        const exported = page.waitForResponse(
          (r: Response) => new URL(r.url()).pathname === '/v1/audit/export',
        );
        await page.getByTestId('audit-export').click();
        const body = (await (await exported).json()) as { code: number; data: { total: number } };
        expect(body.code).toBe(0);
        expect(body.data.total).toBeGreaterThanOrEqual(2);
      }
      await context.close();
    }
  });
});
