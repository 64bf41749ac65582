/**
 * The field gateway end to end in Chromium (issue 23, point 8): a new user defines a template whose
 * TAGs read a Modbus PLC (Debian's pymodbus stands in), binds the gateway registered with the
 * operator CLI, syncs it, sees the PLC's values and their changes live in device detail, writes a
 * setpoint that mbpoll (an independent client) reads back from the PLC, then stops the PLC and sees
 * the values greyed with the reason.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mbpollRead, startModbusPeer, type ModbusPeer } from '../apps/agent/src/test/peers/modbus-peer';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerActiveAccount, runAdmin } from './support/admin';
import { launchBrowser, screenshotPath } from './support/browser';
import { choose } from './support/select';
import { repoRoot, startServer, type RunningServer } from './support/server';
import { apiLogin, signInContext } from './support/session';
import { texts } from './support/texts';

const LOCALE = 'en-US';
const PASSWORD = 'Plant#2026';
const MODEL = 'GW-100';
const TEMPLATE = 'Oven PLC';
const tTemplate = texts(LOCALE, 'template');
const tEnums = texts(LOCALE, 'enums');
const tLive = texts(LOCALE, 'live');

/** The gateway agent as its own process, with its config file (the PLC's connection in it). */
function startGatewayProcess(config: string, env: Record<string, string>): ChildProcess {
  return spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/agent/src/cli.ts', 'gateway', '--config', config],
    {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: 'ignore',
    },
  );
}

/** Adds a TAG row through the editor: name, type, access, connection and area, address. */
async function addTag(
  page: Page,
  i: number,
  tag: { name: string; type: number; access: number; area: string; address: string },
) {
  await page.getByTestId('tag-add').click();
  await page.getByTestId(`tag-name-${i}`).fill(tag.name);
  await choose(page, page.getByTestId(`tag-type-${i}`), tEnums(`tagDataType.${tag.type}`));
  await choose(page, page.getByTestId(`tag-access-${i}`), tEnums(`tagAccess.${tag.access}`));
  await page
    .getByTestId(`tag-connection-${i}`)
    .locator('xpath=descendant-or-self::input')
    .first()
    .fill('plc1');
  await page.keyboard.press('Escape');
  await choose(page, page.getByTestId(`tag-area-${i}`), tTemplate(`tag.areas.${tag.area}`));
  await page.getByTestId(`tag-address-${i}`).fill(tag.address);
}

describe('field gateway in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let peer: ModbusPeer;
  let gateway: ChildProcess | null = null;
  let dir: string;
  const mail = `field.${Date.now()}@plant.example`;
  const sn = `GW-${Date.now()}`;
  const pin = '551234';
  let secret = '';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'field-e2e-'));
    [server, browser, peer] = await Promise.all([
      startServer(),
      launchBrowser(),
      startModbusPeer({ tcp: true }),
    ]);
    await registerActiveAccount(server, mail, PASSWORD, { name: 'Field', locale: LOCALE });
    const out = await runAdmin(server, ['device:register', '--sn', sn, '--pin', pin, '--model', MODEL]);
    secret = /Device secret:\s+(\S+)/.exec(out)?.[1] ?? '';
    expect(secret).not.toBe('');
    // The PLC: input register 0 holds the temperature, holding register 10 the setpoint.
    await peer.set('ir', 0, [215]);
    await peer.set('hr', 10, [60]);
  });
  afterAll(async () => {
    if (gateway?.exitCode === null) gateway.kill('SIGKILL');
    await peer?.stop();
    await browser?.close();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('defines Modbus TAGs, binds the gateway, shows live values, writes to the PLC and greys a dead PLC', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await signInContext(page, await apiLogin(server.url, mail, PASSWORD), LOCALE);

    // The template: two TAGs of connection plc1, their addresses checked as they are typed.
    await page.goto(`${server.url}/#/device/templatelist`);
    await page.getByTestId('template-add').click();
    await page.locator('#template_name').fill(TEMPLATE);
    await page.locator('#template_hmi_model').fill(MODEL);
    await page.locator('form#template button[type=submit]').click();
    await page.getByTestId('tag-editor').waitFor();
    await addTag(page, 0, { name: 'temperature', type: 4, access: 0, area: '3x', address: '0' });
    await addTag(page, 1, { name: 'setpoint', type: 1, access: 2, area: '4x', address: '10.3' });
    await page.getByTestId('tag-address-error-1').waitFor();
    await page.getByTestId('tag-address-1').fill('10');
    await page.getByTestId('tag-address-error-1').waitFor({ state: 'detached' });
    await page.screenshot({ path: screenshotPath(`field-template-${LOCALE}`), fullPage: true });
    await page.getByTestId('tag-save').click();
    await page.locator('[data-testid="tag-save"]:disabled').waitFor();
    await page.keyboard.press('Escape');

    // Bind the gateway with the template.
    await page.goto(`${server.url}/#/device/devicelist`);
    await page.getByTestId('device-bind').click();
    await page.locator('#device_sn').fill(sn);
    await page.locator('#device_pin').fill(pin);
    await page.locator('#device_name').fill('Oven');
    await choose(page, page.locator('#device_template_id'), `${TEMPLATE} (${MODEL})`);
    await page.locator('form#device button[type=submit]').click();
    const link = page.locator('[data-testid^="device-link-"]').first();
    await link.waitFor();
    const id = Number((await link.getAttribute('data-testid'))?.replace('device-link-', ''));

    // The gateway connects; the template is synced to it and it acks once applied.
    const config = join(dir, 'gateway.json');
    writeFileSync(
      config,
      JSON.stringify({
        url: `mqtt://127.0.0.1:${server.env.MQTT_PORT}`,
        sn,
        secret,
        sink: 'writes.json',
        connections: {
          plc1: { protocol: 'modbus-tcp', host: '127.0.0.1', port: peer.port, timeout_ms: 300 },
        },
      }),
    );
    gateway = startGatewayProcess(config, server.env);
    await page.locator(`[data-testid="device-online-${id}"][data-online="true"]`).waitFor();
    await page.getByTestId(`device-sync-now-${id}`).click();
    await page.locator(`[data-testid="device-sync-${id}"][data-sync="1"]`).waitFor();

    // Live values in device detail, and a change in the PLC shown without a reload.
    await link.click();
    const temperature = page.getByTestId('tag-value-temperature');
    await temperature.getByText('215', { exact: true }).waitFor();
    await peer.set('ir', 0, [230]);
    await temperature.getByText('230', { exact: true }).waitFor();
    await page.screenshot({ path: screenshotPath(`field-live-${LOCALE}`), fullPage: true });

    // A setpoint written from the console lands in the PLC (read back by mbpoll).
    await page.getByTestId('tag-write-setpoint').click();
    const modal = page.getByTestId('tag-write-modal');
    await modal.getByTestId('tag-write-value').fill('77');
    await modal.getByRole('button', { name: 'Write' }).click();
    await modal.getByTestId('tag-write-done').waitFor();
    expect(await mbpollRead(peer.port, 4, 10, 1)).toEqual([77]);
    await modal.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    // The gateway reads it back at its next scan.
    await page.getByTestId('tag-value-setpoint').getByText('77', { exact: true }).waitFor();

    // The PLC stops: the last values stay, greyed, with the reason.
    await peer.stop();
    await page.locator('[data-testid="tag-value-temperature"][data-quality="bad"]').waitFor();
    const reason = await page.getByTestId('tag-quality-temperature').textContent();
    const reasons = ['disconnected', 'timeout'].map((r) =>
      tLive('quality.bad', { reason: tLive(`reason.${r}`) }),
    );
    expect(reasons).toContain(reason);
    expect(await temperature.textContent()).toContain('230');
    await page.screenshot({ path: screenshotPath(`field-bad-${LOCALE}`), fullPage: true });
    await context.close();
  });
});
