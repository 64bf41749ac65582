/**
 * The console at a desk (1440×900) in each locale, against the real server with DEMO=1: nothing
 * the user needs hides under something else (issue 25). On every page of the menu and a device's
 * detail, no table's heading sits under a fixed column (in English the device list's "TAG
 * allocation" and "Traffic switch" sat under its actions) and the page never scrolls sideways; the
 * cookie banner on the sign-up page leaves the agreement and the button free (it covered both).
 * Screenshots of each go to e2e/artifacts (desk-<screen>-<locale>.png): the tour at desk size, as
 * phone.e2e's is at phone size.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath } from './support/browser';
import { menuScreens, openScreen, pageOverflow } from './support/screens';
import { signInContext } from './support/session';
import { demoSuite } from './support/stack';

const DESK = { width: 1440, height: 900 };
const locales = ['zh-CN', 'zh-TW', 'en-US'] as const;

const demo = demoSuite();

/**
 * Headings of the page's tables not seen at their centre as the table opens: under another element (a
 * fixed actions column) or past the right edge of the table's box.
 */
const coveredHeaders = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('.ant-table-wrapper thead th')).flatMap((th) => {
      // Scrolled to vertically only: a table scrolled sideways would bring a covered heading out.
      window.scrollTo(0, window.scrollY + th.getBoundingClientRect().top - window.innerHeight / 2);
      const box = th.getBoundingClientRect();
      if (box.width === 0) return [];
      const seen = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return seen && th.contains(seen) ? [] : [th.textContent ?? '?'];
    }),
  );

/** Whether the element's centre is the element itself (nothing drawn over it). */
const uncovered = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) return false;
    el.scrollIntoView({ block: 'nearest' });
    const box = el.getBoundingClientRect();
    const seen = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return seen !== null && (el.contains(seen) || seen.contains(el));
  }, selector);

describe('desk layout (1440×900)', () => {
  it.each(locales)(
    '%s: every page shows its tables whole, nothing sideways',
    { timeout: 120_000 },
    async (locale) => {
      const context = await demo.browser.newContext({ viewport: DESK });
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      await signInContext(page, demo.tokens, locale);
      const found: string[] = [];
      for (const screen of menuScreens(demo.deviceId)) {
        await openScreen(page, demo.server, screen);
        await page.screenshot({ path: screenshotPath(`desk-${screen.name}-${locale}`) });
        const overflow = await pageOverflow(page);
        if (overflow > 0) found.push(`${screen.name}: the page scrolls ${overflow} px sideways`);
        for (const heading of await coveredHeaders(page))
          found.push(`${screen.name}: "${heading}" is covered`);
      }
      expect(found, found.join('\n')).toEqual([]);
      await context.close();
    },
  );

  it.each(locales)(
    '%s: the cookie banner leaves the sign-up agreement and button free',
    { timeout: 60_000 },
    async (locale) => {
      const context = await demo.browser.newContext({ viewport: DESK });
      const page = await context.newPage();
      await page.addInitScript((l) => window.localStorage.setItem('locale', l), locale);
      await page.goto(`${demo.server.url}/#/register`);
      await page.getByTestId('cookie-banner').waitFor();
      await page.screenshot({ path: screenshotPath(`desk-register-${locale}`) });
      expect(await uncovered(page, 'form .ant-checkbox-wrapper')).toBe(true);
      expect(await uncovered(page, 'form button[type="submit"]')).toBe(true);
      await context.close();
    },
  );
});
