/**
 * Alarms in Chromium against the real server with DEMO=1 (its own data folder and MQTT port): a limit
 * rule on the demo template's sine TAG `temperature` (18 to 32 °C over a minute) is created through
 * the rule form with a high limit of 25, so it fires on every cycle. The alarm appears in the records
 * without a reload and the unread count in the top bar rises; acknowledging it shows the responder;
 * it recovers on its own once the value falls back. Screenshots of every screen go to e2e/artifacts.
 */
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './support/api';
import { screenshotPath } from './support/browser';
import { startDemoStack, stopStack } from './support/stack';
import { type RunningServer } from './support/server';
import { signInContext, type LoginTokens } from './support/session';

const LIMIT = '25';
/** One sine cycle of the demo temperature is a minute: raising and recovering each fit in one. */
const CYCLE_WAIT_MS = 75_000;

/** The next answer of `method path`, which must carry code 0. */
async function answered(page: Page, method: string, path: RegExp, action: () => Promise<unknown>) {
  const response = page.waitForResponse(
    (r: Response) => r.request().method() === method && path.test(new URL(r.url()).pathname),
  );
  await action();
  const body = (await (await response).json()) as { code: number; data: unknown };
  expect(body.code, `${method} ${path}`).toBe(0);
  return body.data;
}

/** Opens the antd Select marked `testId` (inside `scope`) and picks the option titled `title`. */
async function pick(page: Page, testId: string, title: string) {
  await page.getByTestId(testId).click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${title}"]`).click();
}

/** Waits until no table shows its loading veil (screenshots then show the settled screen). */
const settled = (page: Page) => page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });

/** The unread total the top bar's bell announces ("3 unread messages"). */
async function unreadTotal(page: Page): Promise<number> {
  const title = (await page.getByTestId('message-badge').getAttribute('title')) ?? '';
  return Number(/\d+/.exec(title)?.[0] ?? NaN);
}

describe('alarms', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let tokens: LoginTokens;
  let templateId: number;
  let device: { id: number; name: string };

  beforeAll(async () => {
    ({ server, browser, tokens } = await startDemoStack());
    const templates = await apiCall<{ list: { id: number; name: string }[] }>(
      server,
      tokens,
      'GET',
      '/templates?pageSize=50',
    );
    templateId = templates.list.find((t) => t.name === 'Demo line')?.id ?? 0;
    const devices = await apiCall<{ list: { id: number; name: string; sn: string }[] }>(
      server,
      tokens,
      'GET',
      '/devices?pageSize=50',
    );
    const first = devices.list.find((d) => d.sn === 'DEMO-HMI-001');
    if (!first || !templateId) throw new Error('demo data missing');
    device = first;
    const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
    page = await context.newPage();
    await signInContext(page, tokens, 'en-US');
    page.setDefaultTimeout(30_000);
  });
  afterAll(async () => {
    await stopStack(server, browser);
  });

  it(
    'a limit rule made in the form raises an alarm live, keeps its responder and recovers',
    { timeout: 240_000 },
    async () => {
      // The first demo HMI's records, open in a tab of their own before the rule exists.
      const records = await page.context().newPage();
      await signInContext(records, tokens, 'en-US');
      await records.goto(`${server.url}/#/device/alarmrecords`);
      await records.getByTestId('alarm-record-table').waitFor();
      await pick(records, 'alarm-records-device', device.name);
      await settled(records);
      const unreadBefore = await unreadTotal(records);

      // The rule, through the template's alarm rules.
      await page.goto(`${server.url}/#/device/templatelist`);
      await page.getByTestId(`template-alarms-${templateId}`).click();
      const drawer = page.getByTestId('alarm-rules-drawer');
      await drawer.getByTestId('alarm-rule-table').waitFor();
      await drawer.getByTestId('alarm-rule-add').click();
      const form = page.locator('form#alarmRule');
      await form.locator('#alarmRule_name').fill('Hot oven');
      await pick(page, 'alarm-rule-level', 'Severe');
      await pick(page, 'alarm-rule-tag', 'temperature (Float)');
      await pick(page, 'alarm-rule-condition', 'High');
      // A value the TAG's type cannot hold is refused with its message before anything is sent.
      await form.locator('#alarmRule_alarm_value').fill('hot');
      const mismatch = form.getByText("The alarm value does not match the TAG's data type");
      await mismatch.waitFor();
      // A corrected value clears the message.
      await form.locator('#alarmRule_alarm_value').fill(LIMIT);
      await mismatch.waitFor({ state: 'hidden' });
      await form.locator('#alarmRule_content').fill('Oven above 25 °C');
      await page.screenshot({ path: screenshotPath('alarm-rule-form-en-US'), animations: 'disabled' });
      await page.getByTestId('alarm-rule-advanced').click();
      await form.locator('#alarmRule_deadband').fill('0.5');
      const rule = (await answered(page, 'POST', /\/alarm-rules$/, () =>
        form.locator('button[type="submit"]').click(),
      )) as { id: number };
      await drawer.getByTestId(`alarm-rule-name-${rule.id}`).waitFor();
      await page.screenshot({ path: screenshotPath('alarm-rules-en-US'), animations: 'disabled' });
      await page.close();
      page = records;

      // The alarm appears in the records tab without a reload, and the unread count rises.
      const raised = page.locator('[data-testid^="alarm-record-state-"][data-state="1"]').first();
      await raised.waitFor({ timeout: CYCLE_WAIT_MS });
      const recordId = Number((await raised.getAttribute('data-testid'))?.replace('alarm-record-state-', ''));
      await expect.poll(() => unreadTotal(page), { timeout: 10_000 }).toBeGreaterThan(unreadBefore);
      expect(Number(await page.getByTestId(`alarm-record-value-${recordId}`).textContent())).toBeGreaterThan(
        25,
      );
      await settled(page);
      await page.screenshot({
        path: screenshotPath('alarm-records-raised-en-US'),
        fullPage: true,
        animations: 'disabled',
      });
      // On a phone the acknowledge action is in view without scrolling the table sideways.
      await page.setViewportSize({ width: 390, height: 844 });
      const ack = page.getByTestId(`alarm-record-ack-${recordId}`);
      await expect
        .poll(async () => {
          const box = await ack.boundingBox();
          return box !== null && box.x >= 0 && box.x + box.width <= 390;
        })
        .toBe(true);
      await page.screenshot({
        path: screenshotPath('alarm-records-raised-phone-en-US'),
        animations: 'disabled',
      });
      await page.setViewportSize({ width: 1440, height: 1000 });

      // Acknowledge it (the dialog's note left empty): state 2, the demo user as responder.
      await page.getByTestId(`alarm-record-ack-${recordId}`).click();
      await answered(page, 'POST', /\/alarm\/template\/web\/AskAlarms$/, () =>
        page.getByTestId('alarm-ack-ok').click(),
      );
      const responder = page.getByTestId(`alarm-record-responder-${recordId}`);
      await responder.waitFor();
      expect(await responder.textContent()).toContain('Demo');
      await page.locator(`[data-testid="alarm-record-state-${recordId}"][data-state="2"]`).waitFor();
      await page.screenshot({
        path: screenshotPath('alarm-records-acknowledged-en-US'),
        fullPage: true,
        animations: 'disabled',
      });

      // The sine falls back below the limit (less the deadband): recovered, the responder kept.
      await page
        .locator(`[data-testid="alarm-record-state-${recordId}"][data-state="4"]`)
        .waitFor({ timeout: CYCLE_WAIT_MS });
      expect(await page.getByTestId(`alarm-record-recovery-${recordId}`).textContent()).not.toBe('-');
      expect(await responder.textContent()).toContain('Demo');
      await page.screenshot({
        path: screenshotPath('alarm-records-recovered-en-US'),
        fullPage: true,
        animations: 'disabled',
      });

      // The alarm messages of the message centre: raised and recovered, urgent (severe).
      await page.goto(`${server.url}/#/message/msgAlarm`);
      await page.getByTestId('alarm-message-table').locator('[data-urgency="1"]').first().waitFor();
      await page.getByTestId('alarm-message-table').getByText('Recovered', { exact: true }).first().waitFor();
      await settled(page);
      await page.screenshot({
        path: screenshotPath('alarm-messages-en-US'),
        fullPage: true,
        animations: 'disabled',
      });

      // The device detail's alarm section lists the same record.
      await page.goto(`${server.url}/#/device/devicelist/${device.id}`);
      await page.getByTestId('device-alarms').getByTestId(`alarm-record-state-${recordId}`).waitFor();
      await settled(page);
      await page
        .getByTestId('device-alarms')
        .screenshot({ path: screenshotPath('alarm-device-detail-en-US'), animations: 'disabled' });
    },
  );
});
