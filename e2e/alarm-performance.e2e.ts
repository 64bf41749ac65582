/**
 * The alarm performance page (issue 26) in Chromium against the real server with DEMO=1, in the three
 * locales and at phone size: a rule on the demo template that never fires by itself, and an hour of
 * its records written into the server's database (twelve 50 s apart in one ten-minute window on the
 * first demo HMI, so a flood, the 5th to 12th marked chattering as the engine marks them; three on the second) — the page names the bad actors of the last day, draws
 * the series, and exports the figures as .xlsx. Screenshots go to e2e/artifacts.
 */
import { openDatabase } from '@hmi/server/src/platform/db';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './support/api';
import { screenshotPath } from './support/browser';
import { type RunningServer } from './support/server';
import { signInContext, type LoginTokens } from './support/session';
import { startDemoStack, stopStack } from './support/stack';
import { texts } from './support/texts';

const RULE = 'Oven door';

describe('alarm performance', () => {
  let server: RunningServer;
  let browser: Browser;
  let tokens: LoginTokens;
  let first: { id: number; name: string };
  let second: { id: number; name: string };

  beforeAll(async () => {
    ({ server, browser, tokens } = await startDemoStack());
    const templates = await apiCall<{ list: { id: number; name: string }[] }>(
      server,
      tokens,
      'GET',
      '/templates?pageSize=50',
    );
    const templateId = templates.list.find((t) => t.name === 'Demo line')?.id ?? 0;
    const tags = await apiCall<{ list: { id: number; name: string }[] }>(
      server,
      tokens,
      'GET',
      `/templates/${templateId}/tags`,
    );
    const tagId = tags.list.find((t) => t.name === 'temperature')?.id ?? 0;
    const rule = await apiCall<{ id: number }>(
      server,
      tokens,
      'POST',
      `/templates/${templateId}/alarm-rules`,
      {
        name: RULE,
        level: 8,
        type: 'limit',
        condition: 2,
        tag_id: tagId,
        alarm_value: '1000',
      },
    );
    const devices = await apiCall<{ list: { id: number; name: string; sn: string }[] }>(
      server,
      tokens,
      'GET',
      '/devices?pageSize=50',
    );
    const bySn = (sn: string) => devices.list.find((d) => d.sn === sn);
    const [a, b] = [bySn('DEMO-HMI-001'), bySn('DEMO-HMI-002')];
    if (!a || !b || !templateId || !tagId) throw new Error('demo data missing');
    first = a;
    second = b;
    // Written beside the running server (SQLite in WAL mode takes a second writer's turn).
    const database = openDatabase({ databaseUrl: null, dataDir: server.dataDir });
    try {
      const team = await database.db
        .selectFrom('devices')
        .select('team_id')
        .where('id', '=', a.id)
        .executeTakeFirstOrThrow();
      const now = Math.floor(Date.now() / 1000);
      const row = (device: number, at: number, chattering = false) => ({
        team_id: team.team_id,
        device_id: device,
        template_id: templateId,
        rule_id: rule.id,
        rule_name: RULE,
        level: 8,
        type: 'limit',
        condition: 2,
        tag_name: 'temperature',
        value: '1001',
        content: '',
        state: 4,
        alarm_at: at,
        raised_at: at,
        response_at: at + 45,
        recovery_at: at + 30,
        chattering: chattering ? 1 : 0,
      });
      // The start of a ten-minute window about an hour ago.
      const start = Math.floor((now - 3600) / 600) * 600;
      await database.db
        .insertInto('alarm_records')
        .values([
          // Marked as the engine marks them (5 raises within 10 min): the 5th to 12th.
          ...Array.from({ length: 12 }, (_, k) => row(a.id, start + 50 * k, k >= 4)),
          ...Array.from({ length: 3 }, (_, k) => row(b.id, start + 1200 * k)),
          // Active and unacknowledged for two days (outside the last day's figures): the dashboard warns.
          {
            ...row(b.id, now - 2 * 86_400),
            rule_id: null,
            state: 1,
            response_at: null,
            recovery_at: null,
          },
        ])
        .execute();
    } finally {
      await database.close();
    }
  });
  afterAll(async () => {
    await stopStack(server, browser);
  });

  for (const locale of ['zh-CN', 'zh-TW', 'en-US'] as const)
    it(
      `names the bad actors of the last day in ${locale}, with charts and an export`,
      { timeout: 120_000 },
      async () => {
        const t = texts(locale, 'alarmKpi');
        const menu = texts(locale, 'menu');
        const context = await browser.newContext({
          viewport: { width: 1440, height: 900 },
          acceptDownloads: true,
        });
        const page = await context.newPage();
        page.setDefaultTimeout(30_000);
        await signInContext(page, tokens, locale);
        await page.goto(`${server.url}/#/device/alarmperformance`);
        // The menu leads here, in the locale's words.
        await page.locator('.ant-menu').getByText(menu('alarmperformance')).first().waitFor();
        const actors = page.getByTestId('kpi-bad-actors');
        await actors.getByText(first.name).waitFor();
        const rows = actors.locator('tbody tr.ant-table-row');
        await expect.poll(() => rows.count()).toBe(2);
        expect(await rows.nth(0).innerText()).toContain(first.name);
        expect(await rows.nth(0).innerText()).toContain('12');
        expect(await rows.nth(1).innerText()).toContain(second.name);
        await expect.poll(() => page.getByTestId('kpi-total').innerText()).toContain('15');
        expect(await page.getByTestId('kpi-total').innerText()).toContain(t('stat.total'));
        // Twelve 50 s apart: the engine marks the 5th to 12th chattering; their window is a flood.
        expect(await page.getByTestId('kpi-chattering').innerText()).toMatch(/\b8\b/);
        const flood = await page.getByTestId('kpi-flood').innerText();
        expect(flood).toContain(t('stat.flood'));
        expect(flood).not.toContain('0.0 %');
        await page.getByTestId('kpi-hourly').locator('svg').waitFor();
        await page.getByTestId('kpi-daily').locator('svg').waitFor();
        await page.screenshot({
          path: screenshotPath(`alarm-performance-${locale}`),
          fullPage: true,
          animations: 'disabled',
        });

        const download = page.waitForEvent('download');
        await page.getByTestId('kpi-export').click();
        expect((await download).suggestedFilename()).toMatch(/^alarm_performance_\d{8}_\d{8}\.xlsx$/);

        await page.setViewportSize({ width: 390, height: 844 });
        await actors.getByText(first.name).waitFor();
        await page.screenshot({
          path: screenshotPath(`alarm-performance-phone-${locale}`),
          fullPage: true,
          animations: 'disabled',
        });
        await context.close();
      },
    );

  for (const [locale, width, height] of [
    ['zh-CN', 1440, 900],
    ['zh-TW', 390, 844],
    ['en-US', 1440, 900],
  ] as const)
    it(
      `the dashboard warns of the active alarm in ${locale} and links into the unacknowledged records`,
      {
        timeout: 120_000,
      },
      async () => {
        const t = texts(locale, 'dashboard');
        const enums = texts(locale, 'enums');
        const context = await browser.newContext({ viewport: { width, height } });
        const page = await context.newPage();
        page.setDefaultTimeout(30_000);
        await signInContext(page, tokens, locale);
        await page.goto(`${server.url}/#/dashboard`);
        const unacked = page.getByTestId('dashboard-unacknowledged');
        await expect.poll(() => unacked.innerText()).toContain('1');
        expect(await unacked.innerText()).toContain(t('warnings.unacknowledged'));
        expect(await page.getByTestId('dashboard-level-8').innerText()).toBe(`${enums('alarmLevel.8')} 1`);
        // The demo account holds cards: the account lists are there (empty or not).
        await page.getByTestId('dashboard-cards-expiring').waitFor();
        await page.getByTestId('dashboard-low-traffic').waitFor();
        await page.screenshot({
          path: screenshotPath(`dashboard-warnings-${locale}-${width}`),
          fullPage: true,
          animations: 'disabled',
        });
        await page.getByTestId('dashboard-unacknowledged-link').click();
        await page.getByTestId('page-alarmrecords').waitFor();
        expect(page.url()).toContain('/device/alarmrecords?state=1');
        const state = page.getByTestId('alarm-records-state').locator('.ant-segmented-item-selected');
        expect(await state.innerText()).toBe(enums('alarmRecordState.1'));
        await context.close();
      },
    );
});
