import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './support/api';
import { launchBrowser, screenshotPath } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { apiLogin, expiredTwin, signInContext } from './support/session';
import { decodeQuotedPrintable, startSmtp } from './support/smtp';

const TOKEN_SECRET = 'e2e-secret-of-at-least-thirty-two-characters';
const PASSWORD = 'Plant#2026';
const locales = ['zh-CN', 'zh-TW', 'en-US'] as const;

let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let browser: Browser;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url, TOKEN_SECRET });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

const hashOf = (page: Page) => new URL(page.url()).hash;

describe('account journey in Chromium', () => {
  const mail = `operator.${Date.now()}@plant.example`;

  it('registers by mail, activates over a real SMTP mail, logs in, switches language, refreshes once, logs out', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });

    // Sign up by mail.
    await page.goto(`${server.url}/#/register`);
    await page.getByTestId('register-type-mail').click();
    await page.locator('#register_username').fill(mail);
    await page.locator('#register_name').fill('Operator');
    await page.locator('#register_passwd').fill(PASSWORD);
    await page.locator('#register_confirm').fill(PASSWORD);
    await page.locator('#register_agree').check();
    const mailArrives = smtp.nextMail();
    await page.locator('form#register button[type=submit]').click();
    await page.getByTestId('resend-mail').waitFor();

    // The activation mail arrives over SMTP; its link opens the activation page.
    const received = await mailArrives;
    expect(received.to).toEqual([mail]);
    const link = /https?:\/\/[^\s"<>]+#\/activeresult\?code=[\w-]+/.exec(
      decodeQuotedPrintable(received.raw),
    )?.[0];
    expect(link?.startsWith(server.url)).toBe(true);
    await page.goto(link ?? '');
    await page.getByTestId('activation-success').waitFor();

    // Log in and land on the dashboard.
    await page.goto(`${server.url}/#/login`);
    await page.locator('#login_user').fill(mail);
    await page.locator('#login_passwd').fill(PASSWORD);
    await page.locator('form#login button[type=submit]').click();
    await page.waitForURL(/#\/dashboard$/);
    await page.getByTestId('page-dashboard').waitFor();
    expect(await page.getByTestId('menu-dashboard').textContent()).toBe('数据看板');

    // English: the page reloads and the texts change.
    await page.getByTestId('language-switch').click();
    const reloaded = page.waitForEvent('load');
    await page.getByRole('menuitem', { name: 'English' }).click();
    await reloaded;
    await page.getByTestId('page-dashboard').waitFor();
    expect(await page.getByTestId('menu-dashboard').textContent()).toBe('Dashboard');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');

    // Expire the access token: the three first-entry calls all get 1009, one refresh, all retried.
    const token = await page.evaluate(() => window.localStorage.getItem('token'));
    // The running app leaves first: a call of its own with the expired token would start a refresh that
    // the reload then cuts off after the server rotated the refresh token (a reused one ends the session).
    await page.goto(`${server.url}/favicon.svg`);
    await page.evaluate(
      (t) => window.localStorage.setItem('token', t),
      expiredTwin(token ?? '', TOKEN_SECRET),
    );
    const firstEntry = ['/v1/global/getUserInfo', '/v1/msg/notify/count', '/v1/msg/notify/today'];
    const answers: Promise<{ path: string; code: number } | null>[] = [];
    const onResponse = (res: Response) => {
      const path = new URL(res.url()).pathname;
      if (!path.startsWith('/v1/') || res.request().method() === 'OPTIONS') return;
      // A body that can no longer be read (the page moved on) counts as not seen.
      answers.push(
        res
          .json()
          .then((body: { code: number }) => ({ path, code: body.code }))
          .catch(() => null),
      );
    };
    page.on('response', onResponse);
    const retried = firstEntry.map((path) =>
      page.waitForResponse((res) => new URL(res.url()).pathname === path && res.status() === 200),
    );
    await page.goto(`${server.url}/#/dashboard`);
    await Promise.all(retried);
    page.off('response', onResponse);
    const seen = (await Promise.all(answers)).filter((a) => a !== null);
    expect(seen.filter((a) => a.path === '/v1/refreshtoken')).toEqual([
      { path: '/v1/refreshtoken', code: 0 },
    ]);
    for (const path of firstEntry) {
      expect(seen.filter((a) => a.path === path).map((a) => a.code)).toEqual([1009, 0]);
    }
    await page.getByTestId('page-dashboard').waitFor();
    await page.screenshot({ path: screenshotPath('shell-after-refresh-en-US') });

    // Log out: back on the login page with the session gone.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(/#\/login/);
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    await page.close();
  });

  it('two tabs opened on an expired token both refresh their way in and stay signed in', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const tokens = await apiLogin(server.url, mail, PASSWORD);
    const [first, second] = [await context.newPage(), await context.newPage()];
    await first.goto(`${server.url}/favicon.svg`);
    await first.evaluate(
      ([t, expired]) => {
        window.localStorage.setItem('token', expired);
        window.localStorage.setItem('refresh_token', t.refresh_token);
        window.localStorage.setItem('host', t.host);
        window.localStorage.setItem('locale', 'en-US');
      },
      [tokens, expiredTwin(tokens.token, TOKEN_SECRET)] as const,
    );
    const refreshes: number[] = [];
    context.on('response', (res) => {
      if (new URL(res.url()).pathname === '/v1/refreshtoken') refreshes.push(res.status());
    });
    const signedIn = (tab: Page) =>
      tab.waitForResponse((res) => new URL(res.url()).pathname === '/v1/global/getUserInfo' && res.ok());
    const answered = [signedIn(first), signedIn(second)];
    await Promise.all([first, second].map((tab) => tab.goto(`${server.url}/#/dashboard`)));
    await Promise.all(answered);
    await Promise.all([first, second].map((tab) => tab.getByTestId('page-dashboard').waitFor()));
    // Mostly one refresh (Web Lock); a tab that read the stored token before the other's new one
    // reached it refreshes too, within the server's reuse grace: never a refused one.
    expect(refreshes.length).toBeGreaterThan(0);
    expect(refreshes.filter((status) => status !== 200)).toEqual([]);
    const refreshed = refreshes.length;
    // The session stands: a new load of either tab signs in with the stored tokens, no refresh.
    await second.reload();
    await second.getByTestId('page-dashboard').waitFor();
    expect([hashOf(first), hashOf(second), refreshes.length]).toEqual([
      '#/dashboard',
      '#/dashboard',
      refreshed,
    ]);
    await context.close();
  });

  it('a session ended by a password change elsewhere lands on login saying so, not that a role lacks the page', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signInContext(page, await apiLogin(server.url, mail, PASSWORD), 'en-US');
    await page.goto(`${server.url}/#/device/devicelist`);
    await page.getByTestId('page-devicelist').waitFor();
    const toasts: string[] = [];
    await page.exposeFunction('recordToast', (text: string) => toasts.push(text));
    await page.evaluate(() => {
      const seen = new WeakSet<Node>();
      new MutationObserver(() => {
        for (const notice of Array.from(document.querySelectorAll('.ant-message-notice'))) {
          if (seen.has(notice)) continue;
          seen.add(notice);
          void (window as unknown as { recordToast: (t: string) => void }).recordToast(
            notice.textContent ?? '',
          );
        }
      }).observe(document.body, { childList: true, subtree: true });
    });
    // Elsewhere (another sign-in of the same account) the password changes: every other session ends.
    const elsewhere = await apiLogin(server.url, mail, PASSWORD);
    const changed = 'Plant#2027';
    await apiCall(server, elsewhere, 'POST', '/global/changePwd', {
      old_passwd: PASSWORD,
      passwd: changed,
      confirm: changed,
    });
    // The operator goes on to another page of the menu.
    await page.evaluate(() => (window.location.hash = '#/system/user'));
    await page.waitForURL(/#\/login/);
    await page.locator('.ant-message-notice').first().waitFor();
    await page.screenshot({ path: screenshotPath('session-ended-en-US') });
    expect(
      toasts.some((text) => text.includes('Your session has ended')),
      toasts.join(' | '),
    ).toBe(true);
    expect(toasts.filter((text) => text.includes('may not open that page'))).toEqual([]);
    const back = await apiLogin(server.url, mail, changed);
    await apiCall(server, back, 'POST', '/global/changePwd', {
      old_passwd: changed,
      passwd: PASSWORD,
      confirm: PASSWORD,
    });
    await context.close();
  });

  it.each(locales)('shows login and the shell in %s (screenshots saved)', async (locale) => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const login = await context.newPage();
    await login.addInitScript((l) => window.localStorage.setItem('locale', l), locale);
    await login.goto(`${server.url}/#/login`);
    await login.locator('form#login').waitFor();
    expect(await login.evaluate(() => document.documentElement.lang)).toBe(locale);
    await login.screenshot({ path: screenshotPath(`login-${locale}`) });

    const shell = await context.newPage();
    await signInContext(shell, await apiLogin(server.url, mail, PASSWORD), locale);
    await shell.goto(`${server.url}/#/`);
    await shell.waitForURL(/#\/dashboard$/);
    await shell.getByTestId('page-dashboard').waitFor();
    expect(hashOf(shell)).toBe('#/dashboard');
    await shell.screenshot({ path: screenshotPath(`shell-${locale}`) });
    await context.close();
  });
});
