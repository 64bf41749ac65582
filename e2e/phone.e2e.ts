/**
 * The console on a phone (390×844) in each locale, against the real server with DEMO=1: the menu is a
 * drawer opened from the header, and every page of the menu and a device's detail fit the width: the
 * page itself never scrolls
 * sideways, and a table scrolls inside its own box with every column able to come into view.
 * Screenshots of each go to e2e/artifacts (phone-<screen>-<locale>.png).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath } from './support/browser';
import { menuScreens, openScreen, pageOverflow } from './support/screens';
import { signInContext } from './support/session';
import { demoSuite } from './support/stack';

const PHONE = { width: 390, height: 844 };
const locales = ['zh-CN', 'zh-TW', 'en-US'] as const;

const demo = demoSuite();

/**
 * Cells of each table's first row that cannot be seen: scrolled into view, the element at the cell's
 * centre is not the cell's own (a fixed actions column as wide as the table's box covered the rest).
 */
const hiddenCells = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('.ant-table-wrapper')).flatMap((table) => {
      const name = table.closest('[data-testid]')?.getAttribute('data-testid') ?? 'a table';
      const cells = Array.from(table.querySelector('tbody > tr.ant-table-row')?.children ?? []);
      return cells.flatMap((cell, column) => {
        cell.scrollIntoView({ block: 'center', inline: 'nearest' });
        const box = cell.getBoundingClientRect();
        const seen = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return seen && cell.contains(seen) ? [] : [`${name}, column ${column + 1}`];
      });
    }),
  );

/**
 * A page's first primary action in a card's head (add on a list, edit on device detail) opens its
 * dialog or drawer: it fits the window's width. Closed again with Escape. A screenshot is saved.
 */
async function checkDialog(page: Page, name: string, locale: string, found: string[]): Promise<void> {
  const add = page.locator('.ant-card-head .ant-btn-primary:not([disabled])').first();
  if (!(await add.isVisible())) return;
  await add.click();
  const dialog = page.locator('.ant-modal, .ant-drawer-content-wrapper').filter({ visible: true }).first();
  await dialog.waitFor();
  const box = await dialog.boundingBox();
  if (!box || box.x < 0 || box.x + box.width > PHONE.width)
    found.push(`${name}: its dialog spans ${box?.x ?? '?'} to ${(box?.x ?? 0) + (box?.width ?? 0)} px`);
  await page.screenshot({ path: screenshotPath(`phone-${name}-dialog-${locale}`) });
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
}

/**
 * A row's first actions (the device list's remote view, the detail's TAG write) must be on screen as
 * the page opens, not only after scrolling the table sideways past every column (issue 25).
 */
const rowActionsOffScreen = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const action = document.querySelector(sel);
    const box = action?.closest('.ant-table-content, .ant-table-body')?.getBoundingClientRect();
    const own = action?.getBoundingClientRect();
    if (!action || !box || !own) return `${sel} is missing`;
    return own.left >= box.left && own.right <= box.right ? null : `${sel} is off-screen`;
  }, selector);

const firstActions: Record<string, string> = {
  devicelist: '[data-testid^="remote-open-"]',
  'device-detail': '[data-testid="tag-write-setpoint"]',
};

describe('phone layout (390×844)', () => {
  it.each(locales)(
    '%s: drawer menu, and every screen fits the width',
    { timeout: 120_000 },
    async (locale) => {
      const context = await demo.browser.newContext({ viewport: PHONE });
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      await signInContext(page, demo.tokens, locale);
      const found: string[] = [];
      const check = async (name: string) => {
        await page.screenshot({ path: screenshotPath(`phone-${name}-${locale}`), fullPage: true });
        const overflow = await pageOverflow(page);
        if (overflow > 0) found.push(`${name}: the page scrolls ${overflow} px sideways`);
        for (const cell of await hiddenCells(page)) found.push(`${name}: ${cell} cannot be seen`);
      };
      for (const screen of menuScreens(demo.deviceId)) {
        await openScreen(page, demo.server, screen);
        const actions = firstActions[screen.name];
        if (actions) {
          await page.locator(actions).first().waitFor();
          const off = await rowActionsOffScreen(page, actions);
          if (off) found.push(`${screen.name}: ${off}`);
        }
        await check(screen.name);
        await checkDialog(page, screen.name, locale, found);
        if (screen.name !== 'device-detail') continue;
        // The history's custom range adds its date pickers to the row.
        await page.getByTestId('history-range').locator('.ant-segmented-item').last().click();
        await page.getByTestId('history-custom').first().waitFor();
        await check('device-history-custom');
      }
      expect(found, found.join('\n')).toEqual([]);
      // The menu lives in a drawer opened from the header.
      await page.getByTestId('menu-toggle').click();
      await page.getByTestId('menu-drawer').waitFor();
      await page.screenshot({ path: screenshotPath(`phone-menu-${locale}`) });
      await context.close();
    },
  );
});
