/**
 * The screen editor in Chromium against the real server with DEMO=1: an empty screen of the demo
 * template is built in the browser (a gauge, a value, a button that writes, a trend: each from the
 * palette, bound in the panel, the value dragged into place), saved as version 2, and opened at
 * /scada for a demo device: the gauge and the value follow the TAG, the trend draws, the button
 * writes its value to the device. The editor in the three languages and at phone size goes to
 * e2e/artifacts.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, DEMO } from './support/api';
import { launchBrowser, screenshotPath } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { apiLogin, signInContext, type LoginTokens } from './support/session';

interface DeviceRow {
  id: number;
  sn: string;
  name: string;
  template_id: number | null;
}

/** Opens the panel's Select marked `testId` and picks the option titled `title`. */
async function pick(page: Page, testId: string, title: string) {
  await page.getByTestId('editor-panel').getByTestId(testId).click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${title}"]`).click();
  await page.keyboard.press('Escape');
}

describe('screen editor', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let tokens: LoginTokens;
  let device: DeviceRow;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ DEMO: '1' }), launchBrowser()]);
    tokens = await apiLogin(server.url, DEMO.user, DEMO.passwd);
    const list = await apiCall<{ list: DeviceRow[] }>(server, tokens, 'GET', '/devices?pageSize=50');
    const demo = list.list
      .filter((d) => d.sn.startsWith('DEMO-HMI-'))
      .sort((a, b) => a.sn.localeCompare(b.sn));
    device = demo[0] as DeviceRow;
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    context.setDefaultTimeout(30_000);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('builds a screen from an empty canvas, saves it and shows it live at /scada', async () => {
    const created = await apiCall<{ id: number; version: number }>(
      server,
      tokens,
      'POST',
      `/templates/${device.template_id}/screens`,
      { name: 'Built here', sort: 50, document: { version: 1, width: 800, height: 480 } },
    );
    const page = await context.newPage();
    await signInContext(page, tokens, 'en-US');
    await page.goto(`${server.url}/#/scada/edit?screen=${created.id}`);
    await page.getByTestId('editor-title').getByText('Built here').waitFor();

    await page.getByTestId('editor-add-gauge').click();
    await pick(page, 'editor-binding', 'counter');
    await page.getByTestId('editor-add-value').click();
    await pick(page, 'editor-binding', 'counter');
    // Dragged by the mouse to the right of the gauge (snapped to the grid).
    const value = page.getByTestId('scada-widget-value_1');
    const from = await value.boundingBox();
    if (!from) throw new Error('no value widget');
    await page.mouse.move(from.x + 20, from.y + 10);
    await page.mouse.down();
    await page.mouse.move(from.x + 120, from.y + 10, { steps: 5 });
    await page.mouse.move(from.x + 220, from.y + 10, { steps: 5 });
    await page.mouse.up();
    const to = await value.boundingBox();
    expect((to?.x ?? 0) - from.x).toBeGreaterThan(150);

    await page.getByTestId('editor-add-button').click();
    await page.getByTestId('editor-panel').getByLabel('Text', { exact: true }).fill('Set 42');
    await pick(page, 'editor-binding', 'setpoint');
    await pick(page, 'editor-action', 'Write a value');
    await page.getByTestId('editor-action-value').fill('42');
    // The keyboard moves it down, out from under the others.
    await page.getByTestId('editor-canvas').focus();
    for (let i = 0; i < 20; i++) await page.keyboard.press('Shift+ArrowDown');

    await page.getByTestId('editor-add-trend').click();
    await page.getByTestId('editor-canvas').focus();
    for (let i = 0; i < 50; i++) await page.keyboard.press('Shift+ArrowRight');
    await page.screenshot({ path: screenshotPath('editor-built-en-US') });
    await page.getByTestId('editor-save').click();
    await page.getByText('Saved as version 2').waitFor();
    const saved = await apiCall<{ version: number; document: { widgets: { id: string; type: string }[] } }>(
      server,
      tokens,
      'GET',
      `/screens/${created.id}`,
    );
    expect(saved.version).toBe(2);
    expect(saved.document.widgets.map((w) => w.type)).toEqual(['gauge', 'value', 'button', 'trend']);

    const viewer = await context.newPage();
    await signInContext(viewer, tokens, 'en-US');
    await viewer.goto(`${server.url}/#/scada?device=${device.id}&screen=${created.id}`);
    await viewer.locator('[data-testid="scada-live-status"][data-status="live"]').waitFor();
    const counter = viewer.getByTestId('scada-value-value_1');
    await counter.and(viewer.getByRole('img', { name: /^\d+/ })).waitFor();
    const before = await counter.getAttribute('aria-label');
    await viewer.waitForFunction(
      (old) =>
        document.querySelector('[data-testid="scada-value-value_1"]')?.getAttribute('aria-label') !== old,
      before,
    );
    await viewer.locator('[data-testid="scada-gauge-gauge_1"][aria-valuenow]').waitFor();
    await viewer.locator('[data-testid="scada-trend-trend_1"] polyline[points*=","]').first().waitFor();
    await viewer.getByTestId('scada-button-button_1').click();
    await viewer.locator('.ant-modal-confirm').getByRole('button', { name: 'Write' }).click();
    await viewer.locator('[data-testid="scada-feedback-button_1"][data-state="done"]').waitFor();
    // The device applied it; its next report carries the value.
    const setpoint = async () =>
      Number(
        (
          await apiCall<{ list: { name: string; value: string | null }[] }>(
            server,
            tokens,
            'GET',
            `/devices/${device.id}/tags`,
          )
        ).list.find((t) => t.name === 'setpoint')?.value,
      );
    await expect.poll(setpoint, { timeout: 15_000 }).toBe(42);
    await viewer.screenshot({ path: screenshotPath('editor-built-live-en-US') });
    await viewer.close();

    for (const locale of ['zh-CN', 'zh-TW'] as const) {
      const shot = await context.newPage();
      await signInContext(shot, tokens, locale);
      await shot.goto(`${server.url}/#/scada/edit?screen=${created.id}`);
      // The canvas's overlay takes the press at the gauge's place and selects it.
      await shot.getByTestId('scada-widget-gauge_1').click({ force: true });
      await shot.getByTestId('editor-panel').getByTestId('editor-binding').waitFor();
      await shot.screenshot({ path: screenshotPath(`editor-${locale}`) });
      await shot.close();
    }
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const small = await phone.newPage();
    await signInContext(small, tokens, 'zh-CN');
    await small.goto(`${server.url}/#/scada/edit?screen=${created.id}`);
    await small.getByTestId('editor-stage').waitFor();
    await small.screenshot({ path: screenshotPath('editor-phone-zh-CN') });
    await phone.close();
    await page.close();
  });
});
