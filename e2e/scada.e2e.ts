/**
 * The configuration screen viewer in Chromium against the real server with DEMO=1: "config screen"
 * in the device list opens the demo oven line in a new tab (no token in its URL), values change
 * without a reload, the running switch writes its TAG (confirmed, pending then done) and the TAG
 * changes; a device whose agent process is killed greys its widgets; the demo project's overview in
 * the three languages and the oven line at phone size. Screenshots go to e2e/artifacts.
 */
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentIdentity, startSimulatedAgent } from './support/agent';
import { apiCall, DEMO } from './support/api';
import { launchBrowser, screenshotPath } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { apiLogin, signInContext, type LoginTokens } from './support/session';

/** A value widget once its accessible value (the text drawn in the screen's canvas) matches. */
const shown = (page: Page, id: string, text: RegExp) =>
  page.getByTestId(`scada-value-${id}`).and(page.getByRole('img', { name: text }));

interface DeviceRow {
  id: number;
  sn: string;
  name: string;
  template_id: number | null;
}

describe('configuration screens', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let tokens: LoginTokens;
  let demoDevices: DeviceRow[];
  let agent: ChildProcess | null = null;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ DEMO: '1' }), launchBrowser()]);
    tokens = await apiLogin(server.url, DEMO.user, DEMO.passwd);
    const list = await apiCall<{ list: DeviceRow[] }>(server, tokens, 'GET', '/devices?pageSize=50');
    demoDevices = list.list
      .filter((d) => d.sn.startsWith('DEMO-HMI-'))
      .sort((a, b) => a.sn.localeCompare(b.sn));
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    context.setDefaultTimeout(30_000);
  });
  afterAll(async () => {
    if (agent?.exitCode === null) agent.kill('SIGKILL');
    await browser?.close();
    await server?.stop();
  });

  it('opens the oven line from the device list, live, and the running switch writes its TAG', async () => {
    const page = await context.newPage();
    await signInContext(page, tokens, 'en-US');
    await page.goto(`${server.url}/#/device/devicelist`);
    const first = demoDevices[0] as DeviceRow;
    const [viewer] = await Promise.all([
      context.waitForEvent('page'),
      page.getByTestId(`device-scada-${first.id}`).click(),
    ]);
    // The stored session opens the tab: nothing secret in its address.
    expect(viewer.url()).toBe(`${server.url}/#/scada?device=${first.id}`);
    await viewer.locator('[data-testid="scada-live-status"][data-status="live"]').waitFor();
    await viewer.getByTestId('scada-title').getByText(`${first.name} · Oven line`).waitFor();

    // The demo HMI reports every second: the counter moves without a reload.
    const counter = viewer.getByTestId('scada-value-counter');
    await shown(viewer, 'counter', /^\d+$/).waitFor();
    const before = await counter.getAttribute('aria-label');
    await viewer.waitForFunction(
      (old) =>
        document.querySelector('[data-testid="scada-value-counter"]')?.getAttribute('aria-label') !== old,
      before,
    );
    await viewer.locator('[data-testid="scada-trend-trend"] polyline[points*=","]').first().waitFor();
    await viewer.screenshot({ path: screenshotPath('scada-oven-en-US') });

    const toggle = viewer.getByTestId('scada-switch-run');
    await viewer.locator('[data-testid="scada-switch-run"][data-on]').waitFor();
    const wasOn = (await toggle.getAttribute('data-on')) === 'true';
    await toggle.click();
    const confirm = viewer.locator('.ant-modal-confirm');
    await confirm.getByText(`Write ${wasOn ? 'OFF' : 'ON'} to TAG running?`).waitFor();
    await confirm.getByRole('button', { name: 'Write' }).click();
    await viewer.locator('[data-testid="scada-feedback-run"][data-state="done"]').waitFor();
    await viewer.locator(`[data-testid="scada-switch-run"][data-on="${!wasOn}"]`).waitFor();
    const tags = await apiCall<{ list: { name: string; value: string | null }[] }>(
      server,
      tokens,
      'GET',
      `/devices/${first.id}/tags`,
    );
    // The simulator flips `running` by itself every 15 samples; right after the write it holds ours.
    expect(tags.list.find((t) => t.name === 'running')?.value).toBe(wasOn ? '0' : '1');
    await viewer.screenshot({ path: screenshotPath('scada-write-en-US') });

    // The setpoint input asks for a number and writes it.
    await viewer.getByTestId('scada-input-setpoint').click();
    await viewer.getByTestId('scada-input-value').fill('27.5');
    await viewer.locator('.ant-modal-confirm').getByRole('button', { name: 'Write' }).click();
    await viewer.locator('[data-testid="scada-feedback-setpoint"][data-state="done"]').waitFor();
    await viewer.getByTestId('scada-input-setpoint').getByText('27.5').waitFor();
    await viewer.close();
    await page.close();
  });

  it('greys the widgets of a device that goes offline', async () => {
    const file = join(server.dataDir, 'scada-agent.json');
    agent = await startSimulatedAgent(server, file, ['--prefix', 'SCADA', '--model', 'X10']);
    const identity = agentIdentity(file);
    const bound = await apiCall<DeviceRow>(server, tokens, 'POST', '/devices', {
      sn: identity.sn,
      pin: identity.pin,
      name: 'Line4',
      template_id: demoDevices[0]?.template_id,
    });
    const page = await context.newPage();
    await signInContext(page, tokens, 'en-US');
    await page.goto(`${server.url}/#/scada?device=${bound.id}`);
    await page.locator('[data-testid="scada-widget-temp"][data-offline="false"]').waitFor();
    await shown(page, 'pressure', /\d/).waitFor();

    const exited = new Promise((resolve) => agent?.once('exit', resolve));
    agent.kill('SIGKILL');
    await exited;
    await page.locator('[data-testid="scada-widget-temp"][data-offline="true"]').waitFor();
    await page.locator('[data-testid="scada-widget-run"][data-offline="true"]').waitFor();
    // Widgets bound through their own lists, not a binding, grey with the device too.
    await page.locator('[data-testid="scada-widget-trend"][data-offline="true"]').waitFor();
    await page.locator('[data-testid="scada-widget-alarms"][data-offline="true"]').waitFor();
    await page.getByTestId('scada-offline').getByText('Device offline').waitFor();
    await page.screenshot({ path: screenshotPath('scada-offline-en-US') });
    await page.close();
  });

  it('shows the demo plant overview in each language, and the oven line at phone size', async () => {
    const projects = await apiCall<{ list: { id: number; name: string }[] }>(
      server,
      tokens,
      'GET',
      '/projects',
    );
    const plant = projects.list.find((p) => p.name === 'Demo plant');
    if (!plant) throw new Error('no demo project');
    const screens = await apiCall<{ list: { id: number }[] }>(
      server,
      tokens,
      'GET',
      `/projects/${plant.id}/screens`,
    );
    const overview = screens.list[0]?.id;
    const live = { 'zh-CN': '实时', 'zh-TW': '即時', 'en-US': 'Live' } as const;
    for (const locale of ['zh-CN', 'zh-TW', 'en-US'] as const) {
      const page = await context.newPage();
      // What the socket carries: the screen asks only for its TAGs, and sends nothing else itself.
      const sent: string[] = [];
      const valueTags = new Set<string>();
      page.on('websocket', (ws) => {
        ws.on('framesent', (f) => sent.push((JSON.parse(String(f.payload)) as { type: string }).type));
        ws.on('framereceived', (f) => {
          const m = JSON.parse(String(f.payload)) as { type: string; values?: { tag: string }[] };
          if (m.type === 'values') m.values?.forEach((v) => valueTags.add(v.tag));
        });
      });
      await signInContext(page, tokens, locale);
      await page.goto(`${server.url}/#/scada?screen=${overview}`);
      await page.getByTestId('scada-live-status').getByText(live[locale], { exact: true }).waitFor();
      for (const d of demoDevices) await shown(page, `d${d.id}-counter`, /^\d+$/).waitFor();
      await page.screenshot({ path: screenshotPath(`scada-overview-${locale}`) });
      await page.close();
      // The overview binds neither `setpoint` nor `speed`.
      expect([...valueTags].sort()).toEqual(['counter', 'pressure', 'running', 'status', 'temperature']);
      expect(sent.filter((type) => type !== 'ping').sort()).toEqual([
        'auth',
        'subscribe',
        'tags',
        'tags',
        'tags',
      ]);
    }

    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await phone.newPage();
    await signInContext(page, tokens, 'zh-CN');
    await page.goto(`${server.url}/#/scada?device=${demoDevices[1]?.id}`);
    await page.locator('[data-testid="scada-live-status"][data-status="live"]').waitFor();
    await shown(page, 'counter', /^\d+$/).waitFor();
    const box = await page.getByTestId('scada-stage').boundingBox();
    // Scaled to the window: the whole 1280-pixel screen fits the phone's width.
    expect(box?.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: screenshotPath('scada-oven-phone-zh-CN') });
    await phone.close();
  });
});
