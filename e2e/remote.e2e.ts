/**
 * Remote view in Chromium against the real server (DEMO=1, billing on): noVNC in the page talks RFB
 * through the relay to (1) a real VNC server nobody here wrote, TigerVNC's Xvnc, bridged by the
 * device agent's gateway process, whose screen colour the canvas must show and follow; and (2) a
 * demo HMI's simulated screen, where a click on SP+ changes the `setpoint` TAG, a second session
 * asking for control is offered view-only and its click changes nothing, and the bytes of both
 * sessions are charged to the device's traffic ledger; (3) a team with a few KB of traffic, whose
 * session ends with the "traffic exhausted" dialog. Screenshots in the three locales and at phone
 * size go to e2e/artifacts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatSize } from '@hmi/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSimTags } from '../apps/agent/src/sim/generators';
import { registerIdentities } from '../apps/agent/src/sim/register';
import type { SimulatedHmi } from '../apps/agent/src/sim/simulator';
import { buttonsFor, rowRects, valueRect } from '../apps/agent/src/vnc/hmi-page';
import { startXvnc, type Xvnc } from '../apps/agent/src/test/xvnc';
import { apiCall, DEMO } from './support/api';
import { launchBrowser, screenshotPath } from './support/browser';
import { repoRoot, startServer, type RunningServer } from './support/server';
import { apiLogin, signInContext, type LoginTokens } from './support/session';
import { canvas, clickRemote, waitForPixel } from './support/remote-screen';
import { teamWithTrafficHmi } from './support/remote-traffic';
import { texts } from './support/texts';

interface DeviceRow {
  id: number;
  sn: string;
  name: string;
  online: number;
}

let server: RunningServer;
let browser: Browser;
let tokens: LoginTokens;

const tagValue = async (deviceId: number, name: string) =>
  (
    await apiCall<{ list: { name: string; value: string | null }[] }>(
      server,
      tokens,
      'GET',
      `/devices/${deviceId}/tags`,
    )
  ).list.find((t) => t.name === name)?.value;

const monthBytes = async (deviceId: number) =>
  (await apiCall<{ month_bytes: number }>(server, tokens, 'GET', `/devices/${deviceId}/billing`)).month_bytes;

/** A page signed in as `as` (the demo owner by default) in `locale` at `viewport`. */
async function newPage(
  locale: string,
  viewport = { width: 1440, height: 1000 },
  as: LoginTokens = tokens,
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await signInContext(page, as, locale);
  return page;
}

/** Opens the device's remote view from its detail page and submits the form (control, 30 min). */
async function openRemote(page: Page, deviceId: number): Promise<void> {
  await page.goto(`${server.url}/#/device/devicelist/${deviceId}`);
  await page.getByTestId(`remote-open-${deviceId}`).click();
  await page.getByTestId('remote-open').click();
}

async function endSession(page: Page, reason: string): Promise<number> {
  await page.getByTestId('remote-end').click();
  const shown = page.getByTestId('remote-end-reason');
  await shown.waitFor();
  expect(await shown.getAttribute('data-reason')).toBe(reason);
  // A trial click waits until the dialog stopped moving (its opening animation), for the screenshots.
  await page.getByTestId('remote-end-again').click({ trial: true });
  return Number(await page.getByTestId('remote-end-dialog').getAttribute('data-bytes'));
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ DEMO: '1' }), launchBrowser()]);
  tokens = await apiLogin(server.url, DEMO.user, DEMO.passwd);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('remote view', () => {
  let gateway: ChildProcess | null = null;
  let xvnc: Xvnc | null = null;
  let sim: SimulatedHmi | null = null;
  afterAll(async () => {
    if (gateway?.exitCode === null) gateway.kill('SIGKILL');
    xvnc?.stop();
    await sim?.stop();
  });

  it("shows a real VNC server's screen (TigerVNC Xvnc behind the gateway agent) and follows it", async () => {
    if (!existsSync('/usr/bin/Xvnc')) throw new Error('Xvnc missing: install tigervnc-standalone-server');
    xvnc = await startXvnc(60);
    await xvnc.setRoot('#1f6feb');
    // Hardware registered as the factory would, bound to the demo team, its gateway in its own process.
    const sn = 'E2E-GW-VNC-1';
    const [identity] = (
      await registerIdentities([{ sn, pin: '246810', model: 'GW-X1', seq: 0 }], {
        ...process.env,
        ...server.env,
      })
    ).identities;
    if (!identity) throw new Error('no identity');
    const device = await apiCall<DeviceRow>(server, tokens, 'POST', '/devices', {
      sn,
      pin: identity.pin,
      name: 'XvncGateway',
    });
    await apiCall(server, tokens, 'PUT', `/devices/${device.id}/traffic-switch`, { on: true });
    const config = join(server.dataDir, 'gateway.json');
    writeFileSync(
      config,
      JSON.stringify({
        url: `mqtt://127.0.0.1:${server.env.MQTT_PORT}`,
        sn,
        secret: identity.secret,
        sink: 'writes.json',
        tags: [{ name: 'k', source: { value: 1 } }],
        vnc: { host: '127.0.0.1', port: xvnc.port },
      }),
    );
    gateway = spawn(
      process.execPath,
      ['--import', 'tsx', 'apps/agent/src/cli.ts', 'gateway', '--config', config],
      {
        cwd: repoRoot,
        stdio: 'ignore',
      },
    );

    const page = await newPage('en-US');
    await page.goto(`${server.url}/#/device/devicelist/${device.id}`);
    await page.locator('[data-testid="device-detail-online"][data-online="true"]').waitFor();
    await openRemote(page, device.id);
    await canvas(page).waitFor();
    // The canvas holds Xvnc's framebuffer at its own size, in the colour its root window was given.
    await waitForPixel(page, 400, 240, 0x1f6feb);
    expect(await canvas(page).evaluate((c: HTMLCanvasElement) => [c.width, c.height])).toEqual([800, 480]);
    await page.screenshot({ path: screenshotPath('remote-xvnc-en-US') });
    // A change on the server side reaches the page.
    await xvnc.setRoot('#2f8f46');
    await waitForPixel(page, 10, 10, 0x2f8f46);
    await waitForPixel(page, 790, 470, 0x2f8f46);
    expect(await endSession(page, 'user')).toBeGreaterThan(0);
    await page.context().close();
  });

  it('clicks an on-screen button of a demo HMI; a view-only watcher cannot; traffic is charged', async () => {
    const list = await apiCall<{ list: DeviceRow[] }>(server, tokens, 'GET', '/devices?pageSize=50');
    const hmi = list.list.find((d) => d.sn === 'DEMO-HMI-001');
    if (!hmi) throw new Error('no demo HMI');
    await apiCall(server, tokens, 'PUT', `/devices/${hmi.id}/traffic-switch`, { on: true });
    const before = await monthBytes(hmi.id);
    const start = Number(await tagValue(hmi.id, 'setpoint'));
    const rows = rowRects(demoSimTags.length);
    const spRow = rows[demoSimTags.findIndex((t) => t.name === 'setpoint')];
    const spUp = buttonsFor(demoSimTags).find((b) => b.id === 'sp-up');
    if (!spRow || !spUp) throw new Error('no setpoint on the demo page');
    const cell = valueRect(spRow);
    const up = { x: spUp.rect.x + spUp.rect.w / 2, y: spUp.rect.y + spUp.rect.h / 2 };

    const control = await newPage('en-US');
    await openRemote(control, hmi.id);
    await canvas(control).waitFor();
    // The page's header colour: the screen is drawn.
    await waitForPixel(control, 400, 4, 0x1f4e79);
    expect(await control.getByTestId('remote-mode').getAttribute('data-mode')).toBe('control');
    const cellBefore = await control.evaluate(
      ([x, y, w, h]) =>
        Array.from(
          document
            .querySelector<HTMLCanvasElement>('[data-testid="remote-screen"] canvas')
            ?.getContext('2d')
            ?.getImageData(x, y, w, h).data ?? [],
        ).join(','),
      [cell.x, cell.y, cell.w, cell.h] as const,
    );
    await clickRemote(control, up.x, up.y);
    await expect.poll(() => tagValue(hmi.id, 'setpoint'), { timeout: 15_000 }).toBe(String(start + 1));
    // The HMI redrew the value: the canvas shows the change.
    await control.waitForFunction(
      ([x, y, w, h, old]) =>
        Array.from(
          document
            .querySelector<HTMLCanvasElement>('[data-testid="remote-screen"] canvas')
            ?.getContext('2d')
            ?.getImageData(x, y, w, h).data ?? [],
        ).join(',') !== old,
      [cell.x, cell.y, cell.w, cell.h, cellBefore] as const,
    );
    // The HMI's stream came deflated (Chromium inflates it) and noVNC's frames are counted: the bar's
    // live rates move while the screen does (its clock changes every second).
    await control.waitForFunction(
      () =>
        /[1-9]/.test(document.querySelector('[data-testid="remote-fps"]')?.textContent ?? '') &&
        /[1-9]\d* kbit\/s$/.test(document.querySelector('[data-testid="remote-bitrate"]')?.textContent ?? ''),
      undefined,
      { timeout: 10_000 },
    );
    await control.screenshot({ path: screenshotPath('remote-control-en-US') });

    // A second session asking for control is told another user holds it and watches view-only.
    const watcher = await newPage('en-US');
    await openRemote(watcher, hmi.id);
    await watcher.getByTestId('remote-held').waitFor();
    await watcher.screenshot({ path: screenshotPath('remote-held-en-US') });
    await watcher.getByTestId('remote-watch').click();
    await canvas(watcher).waitFor();
    await waitForPixel(watcher, 400, 4, 0x1f4e79);
    expect(await watcher.getByTestId('remote-mode').getAttribute('data-mode')).toBe('view');
    await clickRemote(watcher, up.x, up.y);
    await watcher.screenshot({ path: screenshotPath('remote-viewonly-en-US') });
    // Ending the watcher's session passes everything it sent before; its click must not count.
    await endSession(watcher, 'user');
    await watcher.screenshot({ path: screenshotPath('remote-end-en-US') });
    await clickRemote(control, up.x, up.y);
    await expect.poll(() => tagValue(hmi.id, 'setpoint'), { timeout: 15_000 }).toBe(String(start + 2));
    await endSession(control, 'user');

    // Both sessions' bytes, as recorded, are what the device's ledger was charged this month.
    const sessions = await apiCall<{ list: { bytes: number; reason: string | null }[] }>(
      server,
      tokens,
      'GET',
      `/devices/${hmi.id}/vnc/sessions`,
    );
    const used = sessions.list.reduce((n, s) => n + s.bytes, 0);
    expect(sessions.list.map((s) => s.reason)).toEqual(['user', 'user']);
    expect(used).toBeGreaterThan(0);
    await expect.poll(() => monthBytes(hmi.id)).toBe(before + used);

    await control.goto(`${server.url}/#/device/devicelist/${hmi.id}`);
    await control.getByTestId('device-remote-sessions').getByText('View only').waitFor();
    await control
      .getByTestId('device-remote-sessions')
      .screenshot({ path: screenshotPath('remote-sessions-en-US') });
    await Promise.all([control.context().close(), watcher.context().close()]);
  });

  it('speaks the three locales and fits a phone', async () => {
    const list = await apiCall<{ list: DeviceRow[] }>(server, tokens, 'GET', '/devices?pageSize=50');
    const hmi = list.list.find((d) => d.sn === 'DEMO-HMI-002');
    if (!hmi) throw new Error('no demo HMI');
    await apiCall(server, tokens, 'PUT', `/devices/${hmi.id}/traffic-switch`, { on: true });
    const runs: [string, { width: number; height: number }, string, string][] = [
      ['zh-CN', { width: 1440, height: 1000 }, 'remote-zh-CN', '控制'],
      ['zh-TW', { width: 1440, height: 1000 }, 'remote-zh-TW', '控制'],
      ['en-US', { width: 390, height: 844 }, 'remote-phone-en-US', 'Control'],
    ];
    for (const [locale, viewport, shot, mode] of runs) {
      const page = await newPage(locale, viewport);
      await openRemote(page, hmi.id);
      await canvas(page).waitFor();
      await waitForPixel(page, 400, 4, 0x1f4e79);
      expect(await page.getByTestId('remote-mode').textContent()).toBe(mode);
      const box = await canvas(page).boundingBox();
      // Scaled to the window: the whole screen is in view, however narrow.
      expect(box && box.x >= 0 && box.x + box.width <= viewport.width + 1).toBe(true);
      await page.screenshot({ path: screenshotPath(shot) });
      await endSession(page, 'user');
      await page.screenshot({ path: screenshotPath(`${shot}-end`) });
      await page.context().close();
    }
  });

  it('ends the session with the end dialog at its maximum duration (1 minute)', async () => {
    const list = await apiCall<{ list: DeviceRow[] }>(server, tokens, 'GET', '/devices?pageSize=50');
    const hmi = list.list.find((d) => d.sn === 'DEMO-HMI-003');
    if (!hmi) throw new Error('no demo HMI');
    await apiCall(server, tokens, 'PUT', `/devices/${hmi.id}/traffic-switch`, { on: true });
    const page = await newPage('en-US');
    await page.goto(`${server.url}/#/device/devicelist/${hmi.id}`);
    await page.getByTestId(`remote-open-${hmi.id}`).click();
    await page.getByTestId('remote-max-minutes').fill('1');
    await page.getByTestId('remote-open').click();
    await waitForPixel(page, 400, 4, 0x1f4e79);
    // The relay checks the duration every couple of seconds: the dialog comes just after the minute.
    const shown = page.getByTestId('remote-end-reason');
    await shown.waitFor({ timeout: 90_000 });
    expect(await shown.getAttribute('data-reason')).toBe('max_duration');
    expect(await shown.textContent()).toBe('The maximum duration was reached.');
    await page.getByTestId('remote-end-again').click({ trial: true });
    await page.screenshot({ path: screenshotPath('remote-max-duration-en-US') });
    await page.context().close();
  });

  it('ends the session with the traffic-exhausted dialog when the device runs out of traffic', async () => {
    const keys = ['end.title', 'end.reason.traffic', 'end.duration', 'end.bytes'];
    // The dialog speaks every locale (texts() throws on a missing key); this run shows en-US.
    for (const locale of ['zh-CN', 'zh-TW', 'en-US']) for (const k of keys) texts(locale, 'remote')(k);
    const t = texts('en-US', 'remote');
    const balance = 12 * 1024;
    // A team of its own with 12 KB of remote traffic: a little more than its HMI's first screen.
    const team = await teamWithTrafficHmi(server, {
      mail: 'traffic@e2e.test',
      passwd: 'Traffic@2026',
      traffic: '12KB',
      sn: 'E2E-SIM-TRAFFIC',
    });
    sim = team.sim;
    const { owner, deviceId } = team;
    const page = await newPage('en-US', undefined, owner);
    await page.goto(`${server.url}/#/device/devicelist/${deviceId}`);
    await page.locator('[data-testid="device-detail-online"][data-online="true"]').waitFor();
    await page.getByTestId(`remote-open-${deviceId}`).click();
    // Watched on every animation frame from before the session opens: the screen may be drawn and
    // gone (the session over) before a later look.
    const drawn = waitForPixel(page, 400, 4, 0x1f4e79);
    await page.getByTestId('remote-open').click();
    await drawn;
    const shown = page.getByTestId('remote-end-reason');
    await shown.waitFor();
    expect(await shown.getAttribute('data-reason')).toBe('traffic');
    expect(await shown.textContent()).toBe(t('end.reason.traffic'));
    const dialog = page.getByTestId('remote-end-dialog');
    const bytes = Number(await dialog.getAttribute('data-bytes'));
    expect(bytes).toBeGreaterThan(balance);
    expect(await page.getByTestId('remote-end-bytes').textContent()).toBe(formatSize(bytes));
    const duration = dialog.locator('.ant-descriptions-row').filter({ hasText: t('end.duration') });
    expect(await duration.locator('.ant-descriptions-item-content').textContent()).toMatch(/^\d+:\d{2}$/);
    await page.getByTestId('remote-end-again').click({ trial: true });
    await page.screenshot({ path: screenshotPath('remote-traffic-en-US') });

    // The record says why; the ledger took the whole balance and no more.
    const sessions = await apiCall<{ list: { bytes: number; reason: string | null }[] }>(
      server,
      owner,
      'GET',
      `/devices/${deviceId}/vnc/sessions`,
    );
    expect(sessions.list).toMatchObject([{ reason: 'traffic', bytes }]);
    expect(
      await apiCall<{ month_bytes: number; remaining_bytes: number }>(
        server,
        owner,
        'GET',
        `/devices/${deviceId}/billing`,
      ),
    ).toMatchObject({ month_bytes: balance, remaining_bytes: 0 });
    await page.context().close();
  });
});
