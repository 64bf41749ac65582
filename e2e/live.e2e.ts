/**
 * Live screens in Chromium against the real server with DEMO=1 (its own data folder and MQTT port):
 * the three demo HMIs come online in the device list, TAG values change in the device detail without
 * a reload, a TAG write reaches the HMI and comes back as its value, the history chart draws. Then
 * the device agent runs as a separate process for hardware bound to the demo team: the list shows it
 * online, and offline once the process is killed. Screenshots of every screen go to e2e/artifacts.
 */
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentIdentity, startSimulatedAgent } from './support/agent';
import { apiCall } from './support/api';
import { screenshotPath } from './support/browser';
import { demoDevices, startDemoStack, stopStack } from './support/stack';
import { type RunningServer } from './support/server';
import { signInContext, type LoginTokens } from './support/session';

interface DeviceRow {
  id: number;
  sn: string;
  name: string;
}

const onlineBadge = (page: Page, id: number, online: boolean) =>
  page.locator(`[data-testid="device-online-${id}"][data-online="${online}"]`);

describe('live screens', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let tokens: LoginTokens;
  let hmis: DeviceRow[];
  let agent: ChildProcess | null = null;

  beforeAll(async () => {
    const stack = await startDemoStack();
    ({ server, browser, tokens } = stack);
    hmis = await demoDevices<DeviceRow>(stack);
    context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
    await signInContext(await context.newPage().then((p) => (page = p)), tokens, 'en-US');
    page.setDefaultTimeout(30_000);
  });
  afterAll(async () => {
    if (agent?.exitCode === null) agent.kill('SIGKILL');
    await stopStack(server, browser);
  });

  it('shows the three demo HMIs online, live values, a TAG write and the history chart', async () => {
    expect(hmis.map((d) => d.sn)).toEqual(['DEMO-HMI-001', 'DEMO-HMI-002', 'DEMO-HMI-003']);
    await page.goto(`${server.url}/#/device/devicelist`);
    for (const d of hmis) await onlineBadge(page, d.id, true).waitFor();
    await page.screenshot({ path: screenshotPath('live-devicelist-en-US'), fullPage: true });

    const first = hmis[0] as DeviceRow;
    await page.getByTestId(`device-link-${first.id}`).click();
    await page.getByTestId('live-status').getByText('Live', { exact: true }).waitFor();
    const temperature = page.getByTestId('tag-value-temperature');
    await temperature.waitFor();
    const before = await temperature.textContent();
    // The demo HMI reports every second: the value changes in place, without a reload.
    await page.waitForFunction(
      (old) => document.querySelector('[data-testid="tag-value-temperature"]')?.textContent !== old,
      before,
    );
    await page.screenshot({ path: screenshotPath('live-detail-en-US'), fullPage: true });

    await page.getByTestId('tag-write-setpoint').click();
    const modal = page.getByTestId('tag-write-modal');
    await modal.getByTestId('tag-write-value').fill('not a number');
    await modal.getByRole('button', { name: 'Write' }).click();
    await modal.getByText('Please enter a number (an exponent such as 1e3 is allowed)').waitFor();
    await modal.getByTestId('tag-write-value').fill('42.5');
    await modal.getByRole('button', { name: 'Write' }).click();
    await modal.getByTestId('tag-write-done').waitFor();
    await page.screenshot({ path: screenshotPath('live-write-en-US') });
    await modal.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('tag-value-setpoint').getByText('42.5', { exact: true }).waitFor();

    // History of the first TAG that saves it (temperature): a band and an average line.
    const history = page.getByTestId('device-history');
    await history.getByRole('button', { name: 'Refresh' }).click();
    await history.locator('[data-testid="history-chart"] canvas').waitFor();
    await history.screenshot({ path: screenshotPath('live-history-en-US') });
    // A string TAG lists its samples.
    await history.getByTestId('history-tag').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) [title="status"]').click();
    await history.getByTestId('history-samples').waitFor();
  });

  it('speaks Chinese on the live screens', async () => {
    const zh = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
    const p = await zh.newPage();
    await signInContext(p, tokens, 'zh-CN');
    const first = hmis[0] as DeviceRow;
    await p.goto(`${server.url}/#/device/devicelist/${first.id}`);
    await p.getByTestId('live-status').getByText('实时', { exact: true }).waitFor();
    await p.getByTestId('device-history').getByText('最近 1 小时').waitFor();
    await p.screenshot({ path: screenshotPath('live-detail-zh-CN'), fullPage: true });
    await zh.close();
  });

  it('keeps the dashboard counters and a favourite card live', async () => {
    const favourite = hmis[1] as DeviceRow;
    await apiCall(server, tokens, 'PUT', `/devices/${favourite.id}/favourite`, { favourite: true });
    await page.goto(`${server.url}/#/dashboard`);
    await page.getByTestId('counter-online').getByText('3', { exact: true }).waitFor();
    await page.getByTestId(`favourite-online-${favourite.id}`).getByText('Online').waitFor();
    const value = page.getByTestId(`favourite-tag-${favourite.id}-temperature`);
    await value.waitFor();
    const before = await value.textContent();
    await page.waitForFunction(([selector, old]) => document.querySelector(selector)?.textContent !== old, [
      `[data-testid="favourite-tag-${favourite.id}-temperature"]`,
      before,
    ] as const);
    await page.screenshot({ path: screenshotPath('live-dashboard-en-US'), fullPage: true });
  });

  it('follows a separate agent process: online once bound, offline once killed', async () => {
    const file = join(server.dataDir, 'agent-sims.json');
    agent = await startSimulatedAgent(server, file, ['--prefix', 'E2E']);
    const identity = agentIdentity(file);
    const bound = await apiCall<DeviceRow>(server, tokens, 'POST', '/devices', {
      sn: identity.sn,
      pin: identity.pin,
      name: 'AgentHmi',
    });

    await page.goto(`${server.url}/#/device/devicelist`);
    await onlineBadge(page, bound.id, true).waitFor();
    await page.screenshot({ path: screenshotPath('live-agent-online-en-US'), fullPage: true });
    // The dashboard in a second tab: its counters follow too.
    const dashboard = await context.newPage();
    await dashboard.goto(`${server.url}/#/dashboard`);
    await dashboard.getByTestId('counter-online').getByText('4', { exact: true }).waitFor();

    const exited = new Promise((resolve) => agent?.once('exit', resolve));
    agent.kill('SIGKILL');
    await exited;
    await onlineBadge(page, bound.id, false).waitFor();
    await onlineBadge(page, bound.id, false).hover();
    await page.getByText(/^Offline since /).waitFor();
    await page.screenshot({ path: screenshotPath('live-agent-offline-en-US'), fullPage: true });
    await dashboard.getByTestId('counter-online').getByText('3', { exact: true }).waitFor();
    await dashboard.getByTestId('counter-offline').getByText('1', { exact: true }).waitFor();
    await dashboard.close();
  });
});
