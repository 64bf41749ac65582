import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readOutbox } from '../apps/server/src/platform/outbox';
import { screenshotPath } from './support/browser';
import { stackSuite } from './support/stack';
import { apiLogin, signInContext } from './support/session';

const PHONE = '13912345678';
const FIRST = 'Line#2026a';
const SECOND = 'Line#2026b';

const stack = stackSuite();

/**
 * The envelope code of the next answer to `path` while `act` runs. Read as the answer passes through
 * (route.fetch): a page that navigates on it (a removal logs out) leaves no body to read afterwards.
 */
const answerOf = async (page: Page, path: string, act: () => Promise<void>) => {
  const matches = (url: URL) => url.pathname === `/v1${path}`;
  let answered: (code: number) => void = () => undefined;
  let failed: (err: unknown) => void = () => undefined;
  const code = new Promise<number>((resolve, reject) => ((answered = resolve), (failed = reject)));
  await page.route(matches, async (route) => {
    try {
      const response = await route.fetch();
      answered(((await response.json()) as { code: number }).code);
      await route.fulfill({ response });
    } catch (err) {
      failed(err);
    }
  });
  await act();
  const result = await code;
  await page.unroute(matches);
  return result;
};

describe('phone account in Chromium (zh-TW)', () => {
  it('signs up by phone with the SMS code, changes the password, and removal ends every session with 1055', async () => {
    const context = await stack.browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(() => window.localStorage.setItem('locale', 'zh-TW'));
    const page = await context.newPage();

    await page.goto(`${stack.server.url}/#/register`);
    await page.locator('#register_username').fill(PHONE);
    expect(await answerOf(page, '/global/phoneverify', () => page.getByTestId('send-code').click())).toBe(0);
    const sms = readOutbox(stack.server.dataDir).find((e) => e.channel === 'sms' && e.to.endsWith(PHONE));
    const code = /\b(\d{6})\b/.exec(sms?.text ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    await page.locator('#register_code').fill(code);
    await page.locator('#register_name').fill('Line lead');
    await page.locator('#register_passwd').fill(FIRST);
    await page.locator('#register_confirm').fill(FIRST);
    await page.locator('#register_agree').check();
    expect(
      await answerOf(page, '/global/register', () =>
        page.locator('form#register button[type=submit]').click(),
      ),
    ).toBe(0);
    await page.screenshot({ path: screenshotPath('register-phone-done-zh-TW') });

    await page.goto(`${stack.server.url}/#/login`);
    await page.locator('#login_user').fill(PHONE);
    await page.locator('#login_passwd').fill(FIRST);
    await page.locator('form#login button[type=submit]').click();
    await page.waitForURL(/#\/dashboard$/);
    expect(await page.getByTestId('menu-dashboard').textContent()).toBe('資料看板');

    // Change the password on the personal centre.
    await page.goto(`${stack.server.url}/#/system/profile`);
    await page.locator('#changePwd_old_passwd').fill(FIRST);
    await page.locator('#changePwd_passwd').fill(SECOND);
    await page.locator('#changePwd_confirm').fill(SECOND);
    expect(
      await answerOf(page, '/global/changePwd', () =>
        page.locator('form#changePwd button[type=submit]').click(),
      ),
    ).toBe(0);
    await page.screenshot({ path: screenshotPath('profile-zh-TW') });

    // A second browser holds its own session of the same account.
    const other = await stack.browser.newContext();
    const otherPage = await other.newPage();
    await signInContext(otherPage, await apiLogin(stack.server.url, PHONE, SECOND), 'zh-TW');
    await otherPage.goto(`${stack.server.url}/#/dashboard`);
    await otherPage.getByTestId('page-dashboard').waitFor();

    // Remove the account: this browser is logged out.
    await page.getByTestId('removal-open').click();
    await page.locator('#removal_account').fill(PHONE);
    await page.locator('#removal_true_name').fill('Line lead');
    await page.locator('#removal_passwd').fill(SECOND);
    expect(
      await answerOf(page, '/global/removal', () => page.locator('form#removal button[type=submit]').click()),
    ).toBe(0);
    await page.waitForURL(/#\/login/);

    // The other session gets 1055 on its next call and is sent to login with its session cleared.
    const code1055 = answerOf(otherPage, '/global/getUserInfo', () =>
      otherPage.reload().then(() => undefined),
    );
    expect(await code1055).toBe(1055);
    await otherPage.waitForURL(/#\/login/);
    expect(await otherPage.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

    // The removed account cannot log in any more.
    await page.locator('#login_user').fill(PHONE);
    await page.locator('#login_passwd').fill(SECOND);
    expect(
      await answerOf(page, '/global/login', () => page.locator('form#login button[type=submit]').click()),
    ).toBe(1010);
    await other.close();
    await context.close();
  });
});
