/**
 * The device registry in Chromium, in zh-CN and en-US, each against its own real server: a group tree
 * 4 levels deep (the list shows the shortened path), bind hardware registered with the operator CLI,
 * label it, a template with one TAG of every data type, assign it, star the device, see its card on
 * the dashboard. Screenshots of every screen are saved per locale.
 */
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerActiveAccount, runAdmin } from './support/admin';
import { launchBrowser, screenshotPath } from './support/browser';
import { choose } from './support/select';
import { texts } from './support/texts';
import { startServer, type RunningServer } from './support/server';
import { apiLogin, signInContext } from './support/session';

type Json = Record<string, unknown>;

/** The next answer of `method path` (path as a pattern), with its envelope checked for code 0. */
async function answered(page: Page, method: string, path: RegExp, action: () => Promise<unknown>) {
  const response = page.waitForResponse(
    (r: Response) => r.request().method() === method && path.test(new URL(r.url()).pathname),
  );
  await action();
  const body = (await (await response).json()) as { code: number; data: Json };
  expect(body.code, `${method} ${path}`).toBe(0);
  return body.data;
}

/** The next answer of `method path`, which must be refused with `code`; the toast says it. */
async function refused(
  page: Page,
  method: string,
  path: RegExp,
  code: number,
  toast: string,
  action: () => Promise<unknown>,
) {
  const response = page.waitForResponse(
    (r: Response) => r.request().method() === method && path.test(new URL(r.url()).pathname),
  );
  await action();
  const body = (await (await response).json()) as { code: number };
  expect(body.code, `${method} ${path}`).toBe(code);
  await page.locator('.ant-message-notice').getByText(toast, { exact: true }).waitFor();
}

const PASSWORD = 'Plant#2026';
const MODEL = 'HMI-7000';
const TAG_VALUES = [
  '1',
  '65535',
  '4294967295',
  '18446744073709551615',
  '-32768',
  '-2147483648',
  '-9223372036854775808',
  '1.5',
  '-2.5e10',
  'batch-42',
];

const cases = [
  {
    locale: 'zh-CN',
    groups: ['一厂', '二车间', '三号线', '四工位'],
    device: '压机1号',
    label: '重点设备',
    template: '冲压模板',
  },
  {
    locale: 'en-US',
    groups: ['Plant', 'Hall B', 'Line 2', 'Cell 7'],
    device: 'Press_1',
    label: 'Critical',
    template: 'Press line',
  },
] as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(cases)(
  'device registry in Chromium ($locale)',
  ({ locale, groups, device, label, template }) => {
    let server: RunningServer;
    const mail = `registry.${locale.toLowerCase()}.${Date.now()}@plant.example`;
    const sn = `E2E-${locale}-${Date.now()}`;
    const pin = '482913';
    const tDevice = texts(locale, 'device');
    const tGroup = texts(locale, 'group');
    const tEnums = texts(locale, 'enums');
    const shot = (name: string) => screenshotPath(`registry-${name}-${locale}`);

    beforeAll(async () => {
      server = await startServer();
      await registerActiveAccount(server, mail, PASSWORD, { name: 'Registry', locale });
      const out = await runAdmin(server, ['device:register', '--sn', sn, '--pin', pin, '--model', MODEL]);
      expect(out).toContain(sn);
    });
    afterAll(async () => {
      await server?.stop();
    });

    it('builds groups, binds, labels, templates and stars a device, then sees it on the dashboard', async () => {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      await signInContext(page, await apiLogin(server.url, mail, PASSWORD), locale);

      // A group tree 4 levels deep.
      await page.goto(`${server.url}/#/device/devicegroup`);
      await page.getByTestId('page-devicegroup').waitFor();
      const ids: number[] = [];
      for (const [level, name] of groups.entries()) {
        const parent = ids[level - 1];
        await page.getByTestId(parent === undefined ? 'group-add-root' : `group-add-child-${parent}`).click();
        await page.locator('#groupName_name').fill(name);
        const created = await answered(page, 'POST', /^\/v1\/groups$/, () =>
          page.locator('form#groupName button[type=submit]').click(),
        );
        ids.push(Number(created.id));
        await page.getByTestId(`group-node-${created.id}`).waitFor();
      }
      const deepest = ids[ids.length - 1] as number;
      expect(await page.getByTestId(`group-node-${deepest}`).getByTestId('group-name').textContent()).toBe(
        groups[3],
      );
      expect(
        await page.getByTestId(`group-node-${ids[0]}`).getByTestId('group-count').first().textContent(),
      ).toBe(tGroup('deviceCount', { count: 0 }));
      await page.screenshot({ path: shot('groups') });

      // Bind the registered hardware by SN and PIN into the deepest group.
      await page.goto(`${server.url}/#/device/devicelist`);
      await page.getByTestId('page-devicelist').waitFor();
      await page.getByTestId('device-bind').click();
      await page.locator('#device_sn').fill(sn);
      await page.locator('#device_pin').fill(pin);
      await page.locator('#device_name').fill('alarm');
      await page.locator('form#device button[type=submit]').click();
      await page.getByText(texts(locale, 'validation')('deviceNameReserved')).waitFor();
      await page.locator('#device_name').fill(device);
      await choose(page, page.locator('#device_group_id'), groups[3]);
      await page.screenshot({ path: shot('bind-dialog') });
      const bound = await answered(page, 'POST', /^\/v1\/devices$/, () =>
        page.locator('form#device button[type=submit]').click(),
      );
      const id = Number(bound.id);
      const pathCell = page.getByTestId(`device-group-${id}`);
      await pathCell.waitFor();
      // Four levels: first, middle and last names.
      expect(await pathCell.textContent()).toBe(`${groups[0]} / ${groups[1]} / … / ${groups[3]}`);

      // A team label, put on the device.
      await page.getByTestId('labels-open').click();
      await page.locator('#label_name').fill(label);
      await answered(page, 'POST', /^\/v1\/labels$/, () => page.getByTestId('label-add').click());
      await page.getByTestId('labels-drawer').getByText(label, { exact: true }).waitFor();
      await page.screenshot({ path: shot('labels') });
      await page.keyboard.press('Escape');
      await page.getByTestId('labels-drawer').waitFor({ state: 'hidden' });
      await page.getByTestId(`device-edit-${id}`).click();
      await choose(page, page.locator('#device_label_ids'), label);
      await page.keyboard.press('Escape');
      await answered(page, 'PUT', new RegExp(`^/v1/devices/${id}$`), () =>
        page.locator('form#device button[type=submit]').click(),
      );
      await page.getByTestId(`device-labels-${id}`).getByText(label).waitFor();

      // A template with one TAG of every data type (0-9).
      await page.goto(`${server.url}/#/device/templatelist`);
      await page.getByTestId('page-templatelist').waitFor();
      await page.getByTestId('template-add').click();
      await page.locator('#template_name').fill(template);
      await page.locator('#template_hmi_model').fill(MODEL);
      const tpl = await answered(page, 'POST', /^\/v1\/templates$/, () =>
        page.locator('form#template button[type=submit]').click(),
      );
      await page.waitForURL(new RegExp(`templateid=${tpl.id}`));
      await page.getByTestId('tag-editor').waitFor();
      for (const [type, value] of TAG_VALUES.entries()) {
        await page.getByTestId('tag-add').click();
        await page.getByTestId(`tag-name-${type}`).fill(`tag_${type}`);
        await choose(page, page.getByTestId(`tag-type-${type}`), tEnums(`tagDataType.${type}`));
        await page.getByTestId(`tag-default-${type}`).fill(value);
      }
      // A value out of its type's range is refused on the spot.
      await page.getByTestId('tag-default-1').fill('65536');
      await page.getByTestId('tag-default-error-1').waitFor();
      await page.getByTestId('tag-default-1').fill(TAG_VALUES[1] as string);
      await page.getByTestId('tag-default-error-1').waitFor({ state: 'detached' });
      await page.locator('[data-testid="tag-save"]:enabled').waitFor();
      const saved = await answered(page, 'PUT', new RegExp(`^/v1/templates/${tpl.id}/tags$`), () =>
        page.getByTestId('tag-save').click(),
      );
      expect(saved.total).toBe(10);
      // The table is read back: the editor starts clean again (nothing to save).
      await page.locator('[data-testid="tag-save"]:disabled').waitFor();
      expect(await page.getByTestId('tag-default-3').inputValue()).toBe('18446744073709551615');
      await page.screenshot({ path: shot('template-tags') });
      await page.keyboard.press('Escape');
      await page.getByTestId('tag-editor').waitFor({ state: 'detached' });
      await page.screenshot({ path: shot('templates') });

      // Assign the template to the device.
      await page.goto(`${server.url}/#/device/devicelist`);
      await page.getByTestId(`device-edit-${id}`).click();
      await choose(page, page.locator('#device_template_id'), `${template} (${MODEL})`);
      const assigned = await answered(page, 'PUT', new RegExp(`^/v1/devices/${id}$`), () =>
        page.locator('form#device button[type=submit]').click(),
      );
      expect(assigned.template_id).toBe(tpl.id);
      await page.getByRole('link', { name: template }).waitFor();

      // Star it; its card shows on the dashboard.
      await answered(page, 'PUT', new RegExp(`^/v1/devices/${id}/favourite$`), () =>
        page.getByTestId(`favourite-${id}`).click(),
      );
      await page.locator(`[data-testid="favourite-${id}"][aria-pressed="true"]`).waitFor();
      await page.screenshot({ path: shot('devicelist') });

      // The detail page: every field, template link, TAG values waiting for the device.
      await page.getByTestId(`device-link-${id}`).click();
      await page.getByTestId('page-device-detail').waitFor();
      expect(await page.getByTestId('device-detail-name').textContent()).toBe(device);
      await page.getByTestId('device-template-link').waitFor();
      await page.getByText(tDevice('detail.tagValuesPending')).waitFor();
      await page.screenshot({ path: shot('device-detail'), fullPage: true });

      await page.goto(`${server.url}/#/dashboard`);
      const card = page.getByTestId(`favourite-card-${id}`);
      await card.waitFor();
      expect(await card.textContent()).toContain(sn);
      expect(await card.textContent()).toContain(device);
      // The server sends the path shortened; the card marks the hidden level once the group tree is in.
      const gapMarked = `${groups[0]} / ${groups[1]} / … / ${groups[3]}`;
      await card.getByTestId(`favourite-group-${id}`).filter({ hasText: '…' }).waitFor();
      expect(await card.getByTestId(`favourite-group-${id}`).textContent()).toBe(gapMarked);
      expect(
        await page.getByTestId('counter-devices').locator('.ant-statistic-content-value').textContent(),
      ).toBe('1');
      // The first six TAGs of its template, waiting for the device's first values.
      for (const type of TAG_VALUES.keys()) {
        const cell = card.getByTestId(`favourite-tag-${id}-tag_${type}`);
        if (type < 6) expect(await cell.textContent()).toBe('-');
        else expect(await cell.count()).toBe(0);
      }
      await page.screenshot({ path: shot('dashboard') });

      // Project list (multiple devices) with the device as member.
      await page.goto(`${server.url}/#/device/projectlist`);
      await page.getByTestId('project-add').click();
      await page.locator('#project_name').fill(`${template} P`);
      await choose(page, page.locator('#project_device_ids'), `${device} (${sn})`);
      await page.keyboard.press('Escape');
      const project = await answered(page, 'POST', /^\/v1\/projects$/, () =>
        page.locator('form#project button[type=submit]').click(),
      );
      await page.getByTestId(`project-open-${project.id}`).waitFor();
      await page.screenshot({ path: shot('projects') });

      // Refusals come back as the translated toast of their code, and change nothing.
      const tErrors = texts(locale, 'errors');
      await page.goto(`${server.url}/#/device/devicegroup`);
      await page.getByTestId(`group-delete-${ids[0]}`).click();
      await refused(page, 'DELETE', new RegExp(`^/v1/groups/${ids[0]}$`), 1032, tErrors('1032'), () =>
        page.locator('.ant-modal-confirm .ant-btn-primary').click(),
      );
      await page.getByTestId(`group-node-${deepest}`).waitFor();
      await page.goto(`${server.url}/#/device/templatelist`);
      await refused(page, 'POST', new RegExp(`^/v1/templates/${tpl.id}/copy$`), 1033, tErrors('1033'), () =>
        page.getByTestId(`template-copy-${tpl.id}`).click(),
      );
      await context.close();
    });
  },
);
