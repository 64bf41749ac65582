/**
 * The data-centre split in Chromium: a central account service and the regions eu and cn, each a
 * server process of its own. A user registers in eu from the cn web app, activates through the
 * central link, logs in with "China" picked and ends up in eu without noticing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../apps/server/src/platform/outbox';
import { freePorts } from '@hmi/server/src/test/server-process';
import { launchBrowser, screenshotPath } from './support/browser';
import { repoRoot, startServer, type RunningServer } from './support/server';

const PASSWORD = 'Plant#2026';
const SECRET = 'e2e-central-secret-of-at-least-32-characters';

let browser: Browser;
let signedIn: Page | undefined;
const locales = ['zh-CN', 'zh-TW', 'en-US'] as const;

/** The text a locale shows for an error code. */
function errorText(locale: string, code: string): string {
  const file = join(repoRoot, 'apps/web/src/locales', locale, 'errors.json');
  const texts = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  return texts[code] ?? '';
}
const servers: RunningServer[] = [];
const urls = { central: '', eu: '', cn: '' };
let centralDir = '';

beforeAll(async () => {
  const [pc, pe, pn] = await freePorts(3);
  urls.central = `http://127.0.0.1:${pc}`;
  urls.eu = `http://127.0.0.1:${pe}`;
  urls.cn = `http://127.0.0.1:${pn}`;
  const common = { CENTRAL_SECRET: SECRET, DATA_CENTER_URLS: `eu=${urls.eu},cn=${urls.cn},in=${urls.cn}` };
  const region = (dc: 'eu' | 'cn', port: number | undefined) =>
    startServer({
      ...common,
      ROLE: 'region',
      DATA_CENTER: dc,
      CENTRAL_URL: urls.central,
      PORT: String(port),
      PUBLIC_URL: urls[dc],
    });
  const started = await Promise.all([
    startServer({ ...common, ROLE: 'central', PORT: String(pc), PUBLIC_URL: urls.central }),
    region('eu', pe),
    region('cn', pn),
  ]);
  servers.push(...started);
  centralDir = started[0].dataDir;
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all(servers.map((s) => s.stop()));
});

/** Picks `label` in the data-centre picker `picker` (an antd Select whose options hold a flag). */
async function pickDataCenter(page: Page, picker: string, label: string) {
  await page.locator(picker).click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: label })
    .click();
  await page.locator(picker).filter({ hasText: label }).waitFor();
}

describe('data centres in Chromium', () => {
  const mail = `eu.operator.${Date.now()}@plant.example`;

  it('registers in eu from the cn web app, activates centrally, logs in with China picked and lands in eu', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const apiOrigins = new Set<string>();
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname.startsWith('/v1/')) apiOrigins.add(`${url.origin} ${url.pathname}`);
    });

    // Sign up from the cn region's web app, picking Europe: the call goes to eu, which sends it on.
    await page.goto(`${urls.cn}/#/register`);
    await page.getByTestId('register-type-mail').click();
    await page.locator('#register_username').fill(mail);
    await page.locator('#register_name').fill('Operator');
    await page.locator('#register_passwd').fill(PASSWORD);
    await page.locator('#register_confirm').fill(PASSWORD);
    await pickDataCenter(page, 'form#register [data-testid="data-center-picker"]', '欧洲');
    await page.locator('#register_agree').check();
    await page.locator('form#register button[type=submit]').click();
    await page.getByTestId('resend-mail').waitFor();
    expect([...apiOrigins]).toContain(`${urls.eu} /v1/global/register`);

    // The centre sent the activation mail; its link opens the centre's activation page.
    const text = readOutbox(centralDir).find((m) => m.to === mail)?.text ?? '';
    const link = /https?:\/\/[^\s"<>]+#\/activeresult\?code=[\w-]+/.exec(text)?.[0] ?? '';
    expect(link.startsWith(`${urls.central}/`)).toBe(true);
    await page.goto(link);
    await page.getByTestId('activation-success').waitFor();

    // Back on the cn web app, China picked: cn answers 1078 and the client retries at eu.
    await page.goto(`${urls.cn}/#/login`);
    await pickDataCenter(page, '[data-testid="data-center-picker"]', '中国');
    apiOrigins.clear();
    await page.locator('#login_user').fill(mail);
    await page.locator('#login_passwd').fill(PASSWORD);
    await page.locator('form#login button[type=submit]').click();
    await page.waitForURL(/#\/dashboard$/);
    await page.getByTestId('page-dashboard').waitFor();
    await page.screenshot({ path: screenshotPath('data-centres-landed-in-eu') });
    expect(await page.evaluate(() => window.localStorage.getItem('host'))).toBe(urls.eu);
    expect(await page.locator('.ant-message-error').count()).toBe(0);

    // Only the login went to cn; everything after it, the user's data included, came from eu.
    const calls = [...apiOrigins];
    expect(calls.filter((c) => c.startsWith(urls.cn))).toEqual([`${urls.cn} /v1/global/login`]);
    expect(calls).toContain(`${urls.eu} /v1/global/getUserInfo`);
    signedIn = page;
  }, 90_000);

  it('keeps the signed-in user working with the centre stopped; a login then says why', async () => {
    await servers[0]?.stop();
    // Tokens are regional: the signed-in user reloads and works on in eu.
    await signedIn?.reload();
    await signedIn?.getByTestId('page-dashboard').waitFor();
    expect(await signedIn?.getByText('Operator').count()).toBeGreaterThan(0);

    // A login needs the centre: refused with 1207, told in the user's language, on a phone too.
    for (const locale of locales) {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      await page.addInitScript((l) => window.localStorage.setItem('locale', l), locale);
      await page.goto(`${urls.eu}/#/login`);
      await page.locator('#login_user').fill(mail);
      await page.locator('#login_passwd').fill(PASSWORD);
      await page.locator('form#login button[type=submit]').click();
      const text = errorText(locale, '1207');
      await page.locator('.ant-message-notice').getByText(text, { exact: true }).waitFor();
      // The toast slides in: the picture is taken once it stands still.
      await page.waitForFunction(() => {
        const notice = document.querySelector('.ant-message-notice-wrapper');
        return (
          notice !== null &&
          notice.getBoundingClientRect().top >= 0 &&
          notice.getAnimations({ subtree: true }).length === 0
        );
      });
      await page.screenshot({ path: screenshotPath(`data-centres-centre-down-${locale}`) });
      expect(new URL(page.url()).hash).toBe('#/login');
      await page.close();
    }
  }, 90_000);
});
