/**
 * Accessibility of the main screens in Chromium against the real server with DEMO=1: axe-core's
 * WCAG 2.x A and AA rules find nothing serious or critical in zh-CN, zh-TW and en-US (and at phone
 * size), and in the Chinese locales no button, link, menu item or tab is named with an English
 * icon name ("plus 绑定设备"). The password toggle is reached with Tab and named in each locale; an
 * open select's list is named after its field. One page per locale walks the screens by hash (one
 * load of the app, not one per screen).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { controlNames, seriousViolations, withIconNames } from './support/axe';
import { screenshotPath } from './support/browser';
import { arrowTo, tabTo } from './support/keyboard';
import { choose } from './support/select';
import { openScreen } from './support/screens';
import { signInContext } from './support/session';
import { demoSuite } from './support/stack';
import { texts } from './support/texts';

const locales = ['zh-CN', 'zh-TW', 'en-US'] as const;

const demo = demoSuite();

const screens = () => [
  { path: '/#/dashboard', testId: 'page-dashboard' },
  { path: '/#/device/devicelist', testId: 'page-devicelist' },
  { path: '/#/device/alarmrecords', testId: 'page-alarmrecords' },
  { path: '/#/device/alarmperformance', testId: 'page-alarmperformance' },
  { path: '/#/message/msgSystem', testId: 'page-msgSystem' },
  { path: `/#/device/devicelist/${demo.deviceId}`, testId: 'page-device-detail' },
];

/** Tabs from the password field of the login page onto its visibility toggle, named in `locale`. */
async function tabToPasswordToggle(page: Page, locale: string): Promise<void> {
  await page.locator('form#login input[type="password"]').focus();
  await page.keyboard.press('Tab');
  const toggle = page.getByRole('button', { name: texts(locale, 'common')('showPassword'), exact: true });
  expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
}

/** The option list of the select named `name`, open: it carries the same name (antd gives it none). */
async function openList(page: Page, name: string): Promise<void> {
  await page.getByRole('combobox', { name, exact: true }).click();
  // Attached, not visible: antd's virtual list keeps the named listbox as a 0×0 element for readers.
  await page.getByRole('listbox', { name, exact: true }).waitFor({ state: 'attached' });
}

/** Collects axe's serious findings and, in Chinese, English icon names in control names. */
function auditor(locale: string) {
  const found: string[] = [];
  return {
    async check(page: Page, screen: string) {
      for (const f of await seriousViolations(page)) found.push(`${locale} ${screen} ${f}`);
      if (locale === 'en-US') return;
      for (const c of withIconNames(await controlNames(page)))
        found.push(`English icon name: ${locale} ${screen} ${c.role} "${c.name}"`);
    },
    /** Fails the test with every problem found, one readable entry each. */
    expectNone() {
      expect(found, found.join('\n')).toEqual([]);
    },
  };
}

function newContext(locale: string, width: number, height: number): Promise<BrowserContext> {
  return demo.browser
    .newContext({ viewport: { width, height }, reducedMotion: 'reduce' })
    .then(async (context) => {
      await context.addInitScript((l) => window.localStorage.setItem('locale', l), locale);
      return context;
    });
}

describe('accessibility of the main screens (axe-core, WCAG 2.2 A and AA)', () => {
  it.each(locales)('%s: nothing serious, and no English icon name in a control’s name', async (locale) => {
    const context = await newContext(locale, 1440, 900);
    const audit = auditor(locale);
    // The login page first, in a page without the session; then the console's screens.
    const login = await context.newPage();
    await login.goto(`${demo.server.url}/#/login`);
    await login.locator('form#login').waitFor();
    await audit.check(login, '/#/login');
    await tabToPasswordToggle(login, locale);
    await login.close();

    const page = await context.newPage();
    await signInContext(page, demo.tokens, locale);
    for (const screen of screens()) {
      await openScreen(page, demo.server, screen);
      await audit.check(page, screen.path);
    }
    await context.close();
    audit.expectNone();
  });

  it('en-US at phone size (390×844): the dashboard and the device list', async () => {
    const context = await newContext('en-US', 390, 844);
    const page = await context.newPage();
    const audit = auditor('en-US');
    await signInContext(page, demo.tokens, 'en-US');
    for (const screen of screens().slice(0, 2)) {
      await openScreen(page, demo.server, screen);
      await audit.check(page, `${screen.path} (390×844)`);
    }
    await context.close();
    audit.expectNone();
  });

  it.each(['zh-CN', 'en-US'])(
    '%s at phone size: the login page’s password toggle focused (screenshot saved)',
    async (locale) => {
      const context = await newContext(locale, 390, 844);
      const page = await context.newPage();
      await page.goto(`${demo.server.url}/#/login`);
      await page.locator('form#login').waitFor();
      await tabToPasswordToggle(page, locale);
      await page.screenshot({ path: screenshotPath(`login-password-toggle-focused-390-${locale}`) });
      await context.close();
    },
  );

  it('zh-CN by keyboard: menu, row actions and tabs; a dialog and its close button named in Chinese', async () => {
    const context = await newContext('zh-CN', 1440, 900);
    const page = await context.newPage();
    const audit = auditor('zh-CN');
    await signInContext(page, demo.tokens, 'zh-CN');

    // The main menu: reached with Tab, walked with the arrow keys, a submenu opened and an item
    // followed with Enter.
    await openScreen(page, demo.server, { path: '/#/dashboard', testId: 'page-dashboard' });
    await tabTo(page, '[role="menu"]');
    await arrowTo(page, '[role="menu"] [role="menuitem"][aria-expanded="false"]');
    await page.keyboard.press('Enter');
    await page.locator('[role="menu"] [role="menuitem"][aria-expanded="true"]').waitFor();
    await arrowTo(page, '[role="menu"] [role="menu"] [role="menuitem"]');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !window.location.hash.startsWith('#/dashboard'));

    // A row action of the device list, opened with Enter: its dialog is checked, Escape closes it.
    await openScreen(page, demo.server, { path: '/#/device/devicelist', testId: 'page-devicelist' });
    await tabTo(page, '[data-testid="device-table"] tbody [data-testid^="device-unbind-"]');
    await page.keyboard.press('Enter');
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.waitFor();
    await audit.check(page, '/#/device/devicelist (unbind confirm)');
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });

    // A filter's list, open, is named after the filter (and checked so); Escape closes it.
    const device = texts('zh-CN', 'device');
    await openList(page, device('list.onlineFilter'));
    await audit.check(page, '/#/device/devicelist (filter list open)');
    await page.keyboard.press('Escape');

    // Filters in use show their clear buttons, named in the locale too.
    await page.getByTestId('device-keyword').locator('input').fill('HMI');
    await choose(page, page.getByTestId('device-online-filter'), '在线');
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
      .waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: '清除' }).count()).toBe(2);
    await audit.check(page, '/#/device/devicelist (filters in use)');

    // The bind dialog: its close button is named in the locale.
    await page.getByTestId('device-bind').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.locator('.ant-modal-close').getAttribute('aria-label')).toBe('关闭');
    // Checked once its opening motion ends: mid-fade, every colour is blended with the page behind.
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => a.effect?.getTiming().iterations === Infinity || a.playState !== 'running'),
    );
    await audit.check(page, '/#/device/devicelist (bind dialog)');
    // A form's select: its list is named by the field's label.
    await openList(page, device('field.template'));
    await audit.check(page, '/#/device/devicelist (bind dialog, template list open)');
    await dialog.getByRole('button', { name: '关闭' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The message centre's tabs: the next one focused with an arrow key and opened with Enter.
    await openScreen(page, demo.server, { path: '/#/message/msgSystem', testId: 'page-msgSystem' });
    await tabTo(page, '[role="tab"][aria-selected="true"]');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/message\/msgAlarm$/);
    await context.close();

    audit.expectNone();
  });
});
