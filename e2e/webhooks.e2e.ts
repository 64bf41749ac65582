/**
 * Alarm webhooks in Chromium against the real server (DEMO=1, WEBHOOK_TARGETS=loopback so a local
 * receiver may be named): the main account adds a webhook in the personal centre, copies the secret
 * shown once, sends a test the receiver verifies with that secret, and reads the delivery log; the
 * card in every locale and at phone size.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver, type Receiver } from '@hmi/server/src/test/webhook-receiver';
import { screenshotPath } from './support/browser';
import { type RunningServer } from './support/server';
import { startDemoStack, stopStack } from './support/stack';
import { signInContext, type LoginTokens } from './support/session';

describe('alarm webhooks', () => {
  let server: RunningServer;
  let browser: Browser;
  let tokens: LoginTokens;
  let rx: Receiver;

  beforeAll(async () => {
    rx = await startReceiver();
    ({ server, browser, tokens } = await startDemoStack({ WEBHOOK_TARGETS: 'loopback' }));
  });
  afterAll(async () => {
    await stopStack(server, browser);
    await rx?.close();
  });

  it(
    'adds a webhook, shows its secret once, sends a signed test and logs it',
    { timeout: 180_000 },
    async () => {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      await signInContext(page, tokens, 'en-US');
      await page.goto(`${server.url}/#/system/profile`);
      await page.getByTestId('webhook-add').click();
      await page.getByTestId('webhook-name').fill('Plant SCADA');
      await page.getByTestId('webhook-url').fill(rx.url('/scada'));
      await page.getByTestId('webhook-save').click();
      const secret = (await page.getByTestId('webhook-secret').textContent()) ?? '';
      expect(secret).toMatch(/^whsec_/);
      rx.trust('/scada', secret);
      await page.screenshot({ path: screenshotPath('webhook-secret-en-US'), animations: 'disabled' });
      await page.getByTestId('webhook-secret-done').click();

      await page.getByTestId('webhook-test').click();
      await page.getByText('Test delivered (HTTP 200)').waitFor();
      expect(rx.received.at(-1)).toMatchObject({ path: '/scada', event: 'test', signed: true });

      await page.getByTestId('webhook-log').click();
      const log = page.getByTestId('webhook-deliveries');
      await log.getByText('Delivered').waitFor();
      expect(await log.textContent()).toContain('Test');
      await page.screenshot({ path: screenshotPath('webhook-log-en-US'), animations: 'disabled' });
      await context.close();
    },
  );

  it('shows the card in every locale and at phone size', { timeout: 180_000 }, async () => {
    const shots: [string, { width: number; height: number }][] = [
      ['zh-CN', { width: 1440, height: 900 }],
      ['zh-TW', { width: 1440, height: 900 }],
      ['en-US', { width: 1440, height: 900 }],
      ['zh-CN', { width: 390, height: 844 }],
    ];
    const titles: Record<string, string> = {
      'zh-CN': '告警 Webhook',
      'zh-TW': '告警 Webhook',
      'en-US': 'Alarm webhooks',
    };
    for (const [locale, viewport] of shots) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      await signInContext(page, tokens, locale);
      await page.goto(`${server.url}/#/system/profile`);
      const card = page.getByTestId('webhooks');
      await card.getByText('Plant SCADA').waitFor();
      expect(await card.textContent()).toContain(titles[locale]);
      await card.scrollIntoViewIfNeeded();
      const phone = viewport.width < 500;
      await card.screenshot({
        path: screenshotPath(`webhooks-${locale}${phone ? '-phone' : ''}`),
        animations: 'disabled',
      });
      await page.getByTestId('alarm-subscription').screenshot({
        path: screenshotPath(`alarm-subscription-${locale}${phone ? '-phone' : ''}`),
        animations: 'disabled',
      });
      await context.close();
    }
  });
});
