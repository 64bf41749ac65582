import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotPath } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { apiLogin, signInContext } from './support/session';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ DEMO: '1' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('where a user lands when the console cannot go on as asked', () => {
  it('a route whose chunk cannot be loaded reloads once, then shows a translated page with a way back', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signInContext(page, await apiLogin(server.url, 'demo@hmi.local', 'Demo@2026'), 'en-US');
    await page.goto(`${server.url}/#/dashboard`);
    await page.getByTestId('page-dashboard').waitFor();

    // As after a redeploy that renamed the role page's chunk. A load may ask for it more than once
    // (the signed-in first screen is preloaded at boot and asked again by its render).
    let loads = 0;
    const refusedIn = new Set<number>();
    page.on('load', () => (loads += 1));
    await page.route(/\/assets\/RolePage-[^/]+\.js$/, (route) => {
      refusedIn.add(loads);
      return route.abort();
    });
    const reloaded = page.waitForEvent('load');
    await page.evaluate(() => (window.location.hash = '#/system/role'));
    await reloaded;
    await page.getByTestId('route-error').waitFor();
    // Refused before the reload and after it, and reloaded exactly once.
    expect([...refusedIn].sort()).toEqual([0, 1]);
    expect(loads).toBe(1);
    expect(await page.getByTestId('route-error').innerText()).toContain('Reload the page to continue');
    await page.screenshot({ path: screenshotPath('route-error-en-US') });

    await page.getByTestId('route-error-home').click();
    await page.getByTestId('page-dashboard').waitFor();
    await context.close();
  });

  it('a first answer that is slow to come shows the loading screen meanwhile, then the dashboard', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signInContext(page, await apiLogin(server.url, 'demo@hmi.local', 'Demo@2026'), 'en-US');
    // The user info is held until the loading screen shows: the first render waits for it a while only.
    const gate: { arrived?: () => void; release?: () => void } = {};
    const held = new Promise<void>((arrived) => (gate.arrived = arrived));
    await page.route(/\/v1\/global\/getUserInfo$/, async (route) => {
      await new Promise<void>((resume) => {
        gate.release = resume;
        gate.arrived?.();
      });
      await route.continue();
    });
    await page.goto(`${server.url}/#/dashboard`);
    await held;
    await page.locator('.ant-spin-fullscreen').getByText('Loading').waitFor();
    gate.release?.();
    await page.getByTestId('page-dashboard').waitFor();
    await context.close();
  });

  it('a token of no session of ours ends on the login page, not on a retry that cannot succeed', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const tokens = await apiLogin(server.url, 'demo@hmi.local', 'Demo@2026');
    await signInContext(page, { ...tokens, token: 'garbage.token.value' }, 'zh-CN');
    await page.goto(`${server.url}/#/dashboard`);
    await page.waitForURL(/#\/login$/);
    await page.locator('form#login').waitFor();
    await context.close();
  });
});
