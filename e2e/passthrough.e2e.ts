/**
 * Engineering pass-through from the console (issue 28): a team with Remote Access traffic binds a
 * gateway whose file lists one PLC as `plc1-prog`; in Chromium the owner opens a session in device
 * detail, runs the command line it shows with the client the web build publishes (the file
 * /#/appdownload offers), reads the PLC with mbpoll through it, watches the session's bytes grow
 * and ends it from the console.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mbpollRead, startModbusPeer, type ModbusPeer } from '../apps/agent/src/test/peers/modbus-peer';
import { runAdmin } from './support/admin';
import { apiCall } from './support/api';
import { launchBrowser, screenshotPath } from './support/browser';
import { activateRemoteCard, issueRemoteCard, registerTeam } from './support/remote-traffic';
import { repoRoot, startServer, type RunningServer } from './support/server';
import { signInContext, type LoginTokens } from './support/session';
import { texts } from './support/texts';

const LOCALES = ['en-US', 'zh-CN', 'zh-TW'] as const;
const PASSWORD = 'Plant#2026';

async function freePort(): Promise<number> {
  const s = createServer();
  s.listen(0, '127.0.0.1');
  await once(s, 'listening');
  const port = (s.address() as AddressInfo).port;
  s.close();
  return port;
}

describe('engineering pass-through in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let peer: ModbusPeer;
  let owner: LoginTokens;
  let gateway: ChildProcess | null = null;
  let client: ChildProcess | null = null;
  let deviceId = 0;
  let dir: string;
  const mail = `passthrough.${Date.now()}@plant.example`;
  const sn = `PT-${Date.now()}`;
  const pin = '551234';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'passthrough-e2e-'));
    [server, browser, peer] = await Promise.all([
      startServer(),
      launchBrowser(),
      startModbusPeer({ tcp: true }),
    ]);
    const [tokens, card, registered] = await Promise.all([
      registerTeam(server, mail, PASSWORD),
      issueRemoteCard(server, '64MB'),
      runAdmin(server, ['device:register', '--sn', sn, '--pin', pin, '--model', 'GW-100']),
    ]);
    owner = tokens;
    const secret = /Device secret:\s+(\S+)/.exec(registered)?.[1] ?? '';
    await activateRemoteCard(server, owner, card);
    deviceId = (await apiCall<{ id: number }>(server, owner, 'POST', '/devices', { sn, pin, name: 'Press4' }))
      .id;
    await apiCall(server, owner, 'PUT', `/devices/${deviceId}/traffic-switch`, { on: true });
    const config = join(dir, 'gateway.json');
    writeFileSync(
      config,
      JSON.stringify({
        url: `mqtt://127.0.0.1:${server.env.MQTT_PORT}`,
        sn,
        secret,
        sink: 'writes.json',
        passthrough: { 'plc1-prog': { host: '127.0.0.1', port: peer.port } },
      }),
    );
    gateway = spawn(
      process.execPath,
      ['--import', 'tsx', 'apps/agent/src/cli.ts', 'gateway', '--config', config],
      {
        cwd: repoRoot,
        env: { ...process.env, ...server.env },
        stdio: 'ignore',
      },
    );
    await peer.set('hr', 0, [1200, 34]);
  });
  afterAll(async () => {
    for (const p of [client, gateway]) if (p?.exitCode === null) p.kill('SIGKILL');
    await peer?.stop();
    await browser?.close();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('opens a session from device detail, carries mbpoll through the downloaded client, shows its bytes and ends it', async () => {
    const t = texts('en-US', 'passthrough');
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await signInContext(page, owner, 'en-US');
    await page.goto(`${server.url}/#/device/devicelist/${deviceId}`);
    const card = page.getByTestId('device-passthrough');
    await card.waitFor();
    await page.getByTestId('passthrough-target').fill('plc1-prog');
    // The gateway must be online before a session can be asked for.
    await expect
      .poll(
        async () => {
          await page.getByTestId('passthrough-open').click();
          return page.getByTestId('passthrough-opened').isVisible();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(true);
    const command = (await page.getByTestId('passthrough-command').textContent()) ?? '';
    expect(command).toContain(`--server ${server.url}`);
    expect(command).toContain(`--account ${mail}`);
    const session = /--session (\S+)/.exec(command)?.[1] ?? '';
    expect(session).not.toBe('');

    // The client the web build publishes, as downloaded from /#/appdownload, run as the line says.
    const res = await fetch(`${server.url}/downloads/hmi-connect.mjs`);
    expect(res.status).toBe(200);
    const file = join(dir, 'hmi-connect.mjs');
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const port = await freePort();
    const args = command
      .replace(/^node hmi-connect\.mjs /, '')
      .replace('--port 1502', `--port ${port}`)
      .split(' ');
    client = spawn(process.execPath, [file, ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
    client.stdin?.end(`${PASSWORD}\n`);
    const lines = createInterface({ input: client.stdout as NonNullable<typeof client.stdout> });
    const output: string[] = [];
    const listening = new Promise<void>((resolve) =>
      lines.on('line', (line) => {
        output.push(line);
        if (line.includes('listening on')) resolve();
      }),
    );
    await listening;
    expect(await mbpollRead(port, 4, 0, 2)).toEqual([1200, 34]);

    // Watching: the open session with its bytes, refreshed while the page is shown.
    const row = page.locator(`[data-testid="passthrough-sessions"] tr[data-row-key="${session}"]`);
    await row.getByText(t('sessions.open')).waitFor();
    const bytes = row.getByTestId('passthrough-bytes');
    await expect
      .poll(async () => Number(await bytes.getAttribute('data-bytes')), { timeout: 20_000 })
      .toBeGreaterThan(0);
    expect(await bytes.textContent()).toMatch(/^\d+(\.\d+)?K?B$/);
    await page.screenshot({ path: screenshotPath('passthrough-open-en-US'), fullPage: true });

    // Ending it from the console disconnects the client with that reason.
    const exited = once(client, 'exit');
    await row.getByTestId('passthrough-end').click();
    const [code] = (await exited) as [number];
    expect(code).toBe(1);
    expect(output.join('\n')).toContain('session ended: ended');
    await row.getByText(t('reason.ended')).waitFor();
    await context.close();
  });

  it('shows the card and the client download in every locale, at desktop and phone size', async () => {
    for (const locale of LOCALES)
      for (const [w, h, size] of [
        [1440, 900, 'desktop'],
        [390, 844, 'phone'],
      ] as const) {
        const context = await browser.newContext({ viewport: { width: w, height: h } });
        const page = await context.newPage();
        await signInContext(page, owner, locale);
        await page.goto(`${server.url}/#/device/devicelist/${deviceId}`);
        await page.getByTestId('device-passthrough').scrollIntoViewIfNeeded();
        await page
          .getByTestId('device-passthrough')
          .getByText(texts(locale, 'passthrough')('title'))
          .waitFor();
        await page
          .getByTestId('device-passthrough')
          .screenshot({ path: screenshotPath(`passthrough-card-${locale}-${size}`) });
        await page.goto(`${server.url}/#/appdownload`);
        const download = page.getByTestId('download-connect');
        await download.getByText(texts(locale, 'download')('connect.title')).waitFor();
        expect(await page.getByTestId('download-connect-file').getAttribute('href')).toBe(
          'downloads/hmi-connect.mjs',
        );
        await page.screenshot({
          path: screenshotPath(`passthrough-download-${locale}-${size}`),
          fullPage: true,
        });
        await context.close();
      }
  });
});
