/**
 * Billing cards in Chromium against the real server with DEMO=1: the operator issues cards with the
 * admin command (its own process, on the server's data folder), the demo owner activates one of each
 * type in the dialog's steps, allocates TAGs to a demo HMI that stored no history and sees its history
 * stored, turns the traffic switch on and sees turning it off refused this month. Screenshots of My
 * account, the activation steps, recharge records and the device's billing section in zh-CN, zh-TW,
 * en-US and at phone size go to e2e/artifacts.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from './support/admin';
import { apiCall } from './support/api';
import { screenshotPath } from './support/browser';
import { startDemoStack, stopStack } from './support/stack';
import { texts } from './support/texts';
import { type RunningServer } from './support/server';
import { signInContext, type LoginTokens } from './support/session';

const CLOUD_TOPUP = 18;
const REMOTE_TOPUP = 20;
type Locale = 'en-US' | 'zh-CN' | 'zh-TW';

interface Card {
  number: string;
  password: string;
}

/** `npm run admin -- cards:issue …`; the cards it prints (number, password). */
async function issueCards(server: RunningServer, args: string[]): Promise<Card[]> {
  const output = await runAdmin(server, ['cards:issue', ...args]);
  return [...output.matchAll(/^(\S{12,}) {2}([A-Za-z0-9]{8})$/gm)].map((m) => ({
    number: m[1] ?? '',
    password: m[2] ?? '',
  }));
}

/**
 * Resolves once nothing loads and no transition runs (for screenshots); with `scope`, only within
 * that element (the device detail's live values flash on every report).
 */
const settled = (page: Page, scope?: string) =>
  page.waitForFunction((selector) => {
    const root = selector ? document.querySelector(selector) : document.body;
    if (!root || root.querySelector('.ant-spin-blur, .ant-spin-spinning, .ant-skeleton')) return false;
    return document.getAnimations().every((a) => {
      const target = a.effect instanceof KeyframeEffect ? a.effect.target : null;
      if (target && !root.contains(target)) return true;
      return a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity;
    });
  }, scope);

const shot = async (page: Page, name: string, fullPage = true) => {
  await settled(page);
  await page.screenshot({ path: screenshotPath(`billing-${name}`), fullPage });
};

/** The device detail's billing section alone. */
const deviceShot = async (page: Page, name: string) => {
  const section = page.getByTestId('device-billing');
  await section.scrollIntoViewIfNeeded();
  await settled(page, '[data-testid="device-billing"]');
  await section.screenshot({ path: screenshotPath(`billing-device-${name}`) });
};

const statValue = (page: Page, testId: string) =>
  page.getByTestId(testId).locator('.ant-statistic-content-value');

/** The dialog's steps for one card; screenshots of each step when `name` is given. */
async function activateInSteps(page: Page, type: 1 | 2, card: Card, name?: string) {
  await page.getByTestId(`activate-open-${type === 1 ? CLOUD_TOPUP : REMOTE_TOPUP}`).click();
  const dialog = page.getByTestId('activate-dialog');
  await dialog.getByTestId(`activate-type-${type}`).click();
  if (name) await shot(page, `activate-1-type-${name}`, false);
  await page.getByTestId('activate-next').click();
  await dialog.getByTestId('activate-card-no').fill(card.number.slice(-8));
  await dialog.getByTestId('activate-password').fill(card.password);
  if (name) await shot(page, `activate-2-enter-${name}`, false);
  await page.getByTestId('activate-check').click();
  await dialog.getByTestId('activate-offer').waitFor();
  if (name) await shot(page, `activate-3-confirm-${name}`, false);
  await page.getByTestId('activate-confirm').click();
  await dialog.getByTestId('activate-result').waitFor();
  if (name) await shot(page, `activate-4-result-${name}`, false);
  await page.getByTestId('activate-done').click();
  await dialog.waitFor({ state: 'detached' });
}

describe('billing cards in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let tokens: LoginTokens;
  let cloud: Card[];
  let remote: Card[];
  let hmi: { id: number; name: string };

  beforeAll(async () => {
    ({ server, browser, tokens } = await startDemoStack());
    // The operator's command, run while the server runs, on its data folder.
    cloud = await issueCards(server, ['--type', 'cloud', '--count', '4', '--tags', '50', '--templates', '1']);
    remote = await issueCards(server, ['--type', 'remote', '--count', '1', '--traffic', '10GB']);
    const list = await apiCall<{ list: { id: number; sn: string; name: string }[] }>(
      server,
      tokens,
      'GET',
      '/devices?pageSize=50',
    );
    // DEMO-HMI-001 has the demo allocation; the second one stores no history yet.
    const second = list.list.find((d) => d.sn === 'DEMO-HMI-002');
    if (!second) throw new Error('no DEMO-HMI-002');
    hmi = second;
  });
  afterAll(async () => {
    await stopStack(server, browser);
  });

  const open = async (locale: Locale, viewport = { width: 1440, height: 1000 }) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await signInContext(page, tokens, locale);
    return page;
  };

  it('issues cards as the operator; the owner activates one of each type in steps (en-US)', async () => {
    expect(cloud).toHaveLength(4);
    expect(remote).toHaveLength(1);
    const t = texts('en-US', 'billing');
    const page = await open('en-US');
    await page.goto(`${server.url}/#/billing/myAccount`);
    // The demo seed: a 20-TAG card (5 allocated) and 5 GB of traffic.
    await statValue(page, 'tags-pool').getByText('20', { exact: true }).waitFor();
    await statValue(page, 'traffic-total').getByText('5GB', { exact: true }).waitFor();

    // A wrong password is refused in the dialog with its translated text (1043).
    await page.getByTestId(`activate-open-${CLOUD_TOPUP}`).click();
    await page.getByTestId('activate-type-1').click();
    await page.getByTestId('activate-next').click();
    await page.getByTestId('activate-card-no').fill((cloud[0] as Card).number.slice(-8));
    await page.getByTestId('activate-password').fill('WRONG123');
    await page.getByTestId('activate-check').click();
    await page.getByTestId('activate-error').getByText(texts('en-US', 'errors')('1043')).waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('activate-dialog').waitFor({ state: 'detached' });

    await activateInSteps(page, 1, cloud[0] as Card, 'en-US');
    await statValue(page, 'tags-pool').getByText('70', { exact: true }).waitFor();
    await activateInSteps(page, 2, remote[0] as Card);
    await statValue(page, 'traffic-total').getByText('15GB', { exact: true }).waitFor();
    await page
      .getByTestId('billing-cards')
      .getByText(t('card.givesRemote', { size: '10GB' }))
      .waitFor();
    await shot(page, 'myaccount-en-US');

    await page.goto(`${server.url}/#/billing/rechargeRecord`);
    await page
      .getByTestId('recharge-table')
      .getByText((remote[0] as Card).number)
      .waitFor();
    await page
      .getByTestId('recharge-table')
      .getByText((cloud[0] as Card).number)
      .waitFor();
    await shot(page, 'recharge-en-US');
    await page.context().close();
  });

  it('allocates TAGs to a demo HMI, which then stores history; the traffic switch locks on for the month', async () => {
    const t = texts('en-US', 'billing');
    const tv = texts('en-US', 'validation');
    const page = await open('en-US');
    await page.goto(`${server.url}/#/device/devicelist/${hmi.id}`);
    const section = page.getByTestId('device-billing');
    await section.getByTestId('device-billing-history').getByText(t('history.none')).waitFor();
    await page.getByTestId('device-history').getByTestId('history-empty').waitFor();

    await section.getByTestId('device-allocate').click();
    const modal = page.locator('.ant-modal').filter({ hasText: t('allocation.title') });
    await modal.getByTestId('allocation-tags').fill('10');
    await modal.getByTestId('allocation-frequency').click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
      .getByText(t('level.every', { minutes: 1 }), { exact: true })
      .click();
    await modal.locator('.ant-modal-footer .ant-btn-primary').click();
    // An allocation cannot be undone: it is sent once that is confirmed.
    await page.getByTestId('irreversible-ok').click();
    await page.getByText(t('allocation.done'), { exact: true }).waitFor();
    const level = t('level.value', { tags: 10, minutes: 1 });
    await section.getByText(level, { exact: false }).waitFor();
    await section
      .getByTestId('device-billing-history')
      .getByText(t('history.limitedAll', { tags: 10, minutes: 1, total: 5 }))
      .waitFor();

    // The next report is stored: the history chart draws.
    const history = page.getByTestId('device-history');
    await expect
      .poll(
        async () => {
          await history.getByRole('button', { name: 'Refresh' }).click();
          return history.locator('[data-testid="history-chart"] canvas').count();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBeGreaterThan(0);

    // The switch: on, then off is refused this month with its translated text.
    const sw = section.getByTestId('device-billing-switch');
    await sw.click();
    await page.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
    await page.getByText(t('switch.doneOn')).waitFor();
    await expect.poll(() => sw.getAttribute('aria-checked')).toBe('true');
    await section
      .getByTestId('device-billing-switch-rule')
      .getByText(/On since/)
      .waitFor();
    await sw.click();
    await page.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
    await page.getByText(tv('switchLockedThisMonth')).waitFor();
    expect(await sw.getAttribute('aria-checked')).toBe('true');
    await deviceShot(page, 'en-US');

    await page.goto(`${server.url}/#/device/devicelist`);
    await expect
      .poll(() => page.getByTestId(`traffic-switch-${hmi.id}`).getAttribute('aria-checked'))
      .toBe('true');
    await page.context().close();
  });

  it.each([
    { locale: 'zh-CN' as const, card: 1 },
    { locale: 'zh-TW' as const, card: 2 },
  ])(
    'speaks $locale on My account, activation, recharge records and the device',
    async ({ locale, card }) => {
      const t = texts(locale, 'billing');
      const page = await open(locale);
      await page.goto(`${server.url}/#/billing/myAccount`);
      await page.getByText(t('account.tagPool'), { exact: true }).waitFor();
      await activateInSteps(page, 1, cloud[card] as Card, locale);
      await shot(page, `myaccount-${locale}`);
      await page.goto(`${server.url}/#/billing/rechargeRecord`);
      await page
        .getByTestId('recharge-table')
        .getByText((cloud[card] as Card).number)
        .waitFor();
      await shot(page, `recharge-${locale}`);
      await page.goto(`${server.url}/#/device/devicelist/${hmi.id}`);
      await page.getByTestId('device-billing').getByText(t('device.title'), { exact: true }).waitFor();
      await page.getByTestId('device-billing-switch-rule').waitFor();
      await deviceShot(page, locale);
      await page.context().close();
    },
  );

  it('fits a phone (390×844)', async () => {
    const page = await open('en-US', { width: 390, height: 844 });
    await page.goto(`${server.url}/#/billing/myAccount`);
    await page.getByTestId('page-myAccount').waitFor();
    await shot(page, 'myaccount-phone');
    await activateInSteps(page, 1, cloud[3] as Card, 'phone');
    await page.goto(`${server.url}/#/billing/rechargeRecord`);
    await page
      .getByTestId('recharge-table')
      .getByText((cloud[3] as Card).number)
      .waitFor();
    await shot(page, 'recharge-phone');
    await page.goto(`${server.url}/#/device/devicelist/${hmi.id}`);
    await page.getByTestId('device-billing-switch-rule').waitFor();
    await deviceShot(page, 'phone');
    // The billing section fits the phone's width.
    const box = await page.getByTestId('device-billing').boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    await page.context().close();
  });
});
