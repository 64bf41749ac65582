/**
 * Alarm operations in Chromium against the real server with DEMO=1, in the three locales: a rule the
 * demo temperature always breaks (above 0) keeps one active alarm per demo HMI. In zh-CN an operator
 * shelves one with a reason (refused without one) and it leaves the active view; in zh-TW it is found
 * under "shelved only" and unshelved, and another is acknowledged with a note; in en-US two are
 * acknowledged at once with a note, and the notes show with their author, also on a phone. The audit
 * log holds the shelve, the unshelve and the notes. Then, in en-US, the rule is taken out of service
 * from the template's alarm rules drawer and a device from its detail page (end time, reason, after
 * the dialog says what follows): their active alarms recover, both say "out of service until …" (in
 * the three locales and on a phone), and both are put back after a confirmation. Screenshots go to
 * e2e/artifacts.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '@hmi/contract';
import { apiCall } from './support/api';
import { screenshotPath } from './support/browser';
import { choose } from './support/select';
import { demoDevices, startDemoStack, stopStack } from './support/stack';
import type { RunningServer } from './support/server';
import { signInContext, type LoginTokens } from './support/session';

const RULE = 'Always warm';

interface Row {
  id: number;
  rule_name: string;
  device_id: number;
  note: string | null;
  shelved_until: number | null;
  recovery_at: number | null;
}

describe('alarm operations: shelving and notes in three locales', () => {
  let server: RunningServer;
  let browser: Browser;
  let tokens: LoginTokens;
  let ids: number[] = [];
  let devices: { id: number; sn: string }[] = [];
  let templateId = 0;
  let ruleId = 0;

  beforeAll(async () => {
    const stack = await startDemoStack();
    ({ server, browser, tokens } = stack);
    const templates = await apiCall<{ list: { id: number; name: string }[] }>(
      server,
      tokens,
      'GET',
      '/templates?pageSize=50',
    );
    templateId = templates.list.find((t) => t.name === 'Demo line')?.id ?? 0;
    const tags = await apiCall<{ list: { id: number; name: string }[] }>(
      server,
      tokens,
      'GET',
      `/templates/${templateId}/tags`,
    );
    ({ id: ruleId } = await apiCall<{ id: number }>(
      server,
      tokens,
      'POST',
      `/templates/${templateId}/alarm-rules`,
      {
        name: RULE,
        level: 8,
        type: 'limit',
        condition: 2,
        tag_id: tags.list.find((t) => t.name === 'temperature')?.id ?? 0,
        alarm_value: '0',
      },
    ));
    devices = await demoDevices<{ id: number; sn: string }>(stack);
  });
  afterAll(async () => {
    await stopStack(server, browser);
  });

  async function recordsPage(locale: Locale, width = 1440, height = 900): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await signInContext(page, tokens, locale);
    await page.goto(`${server.url}/#/device/alarmrecords`);
    await page.getByTestId('alarm-record-table').waitFor();
    return page;
  }

  const row = (page: Page, id: number) => page.locator(`tr[data-row-key="${id}"]`);
  const record = async (id: number) =>
    (await apiCall<{ list: Row[] }>(server, tokens, 'GET', '/alarms?pageSize=50')).list.find(
      (r) => r.id === id,
    );

  it('raises one active alarm per demo HMI', async () => {
    // One active record per demo HMI, on their next samples.
    await expect
      .poll(
        async () => {
          const records = await apiCall<{ list: Row[] }>(
            server,
            tokens,
            'GET',
            '/alarms?state=1&pageSize=50',
          );
          ids = devices
            .map((d) => records.list.find((r) => r.rule_name === RULE && r.device_id === d.id)?.id ?? 0)
            .filter((id) => id > 0);
          return ids.length;
        },
        { timeout: 30_000 },
      )
      .toBe(3);
  });

  it('zh-CN: shelves an alarm only with a reason; it leaves the active view', async () => {
    const [a] = ids as [number];
    const page = await recordsPage('zh-CN');
    await page.getByTestId(`alarm-record-shelve-${a}`).click();
    await page.getByText('搁置 1 条告警').waitFor();
    await page.getByTestId('alarm-shelve-ok').click();
    await page.getByText('请填写原因').waitFor();
    await page.getByTestId('alarm-shelve-reason').fill('正在更换温度传感器');
    await page.screenshot({ path: screenshotPath('alarm-shelve-dialog-zh-CN'), animations: 'disabled' });
    await page.getByTestId('alarm-shelve-ok').click();
    await row(page, a).waitFor({ state: 'detached' });
    expect((await record(a))?.shelved_until).toBeGreaterThan(Date.now() / 1000);
    await choose(page, page.getByTestId('alarm-records-shelved'), '仅已搁置');
    await page.getByTestId(`alarm-record-shelved-${a}`).waitFor();
    await page.screenshot({ path: screenshotPath('alarm-records-shelved-zh-CN'), animations: 'disabled' });
    await page.context().close();
  });

  it('zh-TW: unshelves it and acknowledges another with a note', async () => {
    const [a, b] = ids as [number, number];
    const page = await recordsPage('zh-TW');
    await choose(page, page.getByTestId('alarm-records-shelved'), '僅已擱置');
    await page.getByTestId(`alarm-record-unshelve-${a}`).click();
    await row(page, a).waitFor({ state: 'detached' });
    await choose(page, page.getByTestId('alarm-records-shelved'), '不含已擱置');
    await page.getByTestId(`alarm-record-ack-${b}`).click();
    await page.getByText('確認 1 筆告警').waitFor();
    await page.getByTestId('alarm-ack-note').fill('泵已重啟');
    await page.getByTestId('alarm-ack-ok').click();
    await expect.poll(() => page.getByTestId(`alarm-record-note-${b}`).textContent()).toContain('泵已重啟');
    await page.screenshot({ path: screenshotPath('alarm-records-note-zh-TW'), animations: 'disabled' });
    await page.context().close();
  });

  it('en-US: acknowledges two at once with one note; the notes show with their author, on a phone too', async () => {
    const [a, , c] = ids as [number, number, number];
    const page = await recordsPage('en-US');
    for (const id of [a, c]) await row(page, id).locator('input[type="checkbox"]').check();
    await page.getByTestId('alarm-records-ack-selected').click();
    await page.getByText('Acknowledge 2 alarm(s)').waitFor();
    await page.getByTestId('alarm-ack-note').fill('checked on site');
    await page.getByTestId('alarm-ack-ok').click();
    for (const id of [a, c])
      await expect
        .poll(() => page.getByTestId(`alarm-record-note-${id}`).textContent())
        .toContain('checked on site');
    expect((await record(a))?.note).toBe('checked on site');
    await page.screenshot({ path: screenshotPath('alarm-records-notes-en-US'), animations: 'disabled' });
    await page.context().close();

    const phone = await recordsPage('en-US', 390, 844);
    await phone.getByTestId(`alarm-record-note-${a}`).waitFor();
    await phone.screenshot({
      path: screenshotPath('alarm-records-notes-phone-en-US'),
      animations: 'disabled',
    });
    await phone.context().close();

    const audit = await apiCall<{ list: { action: string; detail: Record<string, string> }[] }>(
      server,
      tokens,
      'GET',
      '/audit?pageSize=100',
    );
    const of = (action: string) => audit.list.filter((e) => e.action === action);
    expect(of('alarmShelved').map((e) => e.detail.reason)).toEqual(['正在更换温度传感器']);
    expect(of('alarmUnshelved').map((e) => e.detail.record)).toEqual([String(a)]);
    expect(
      of('alarmAcknowledged')
        .map((e) => e.detail.note)
        .sort(),
    ).toEqual(['checked on site', 'checked on site', '泵已重啟']);
  });

  async function openPage(locale: Locale, path: string, width = 1440, height = 900): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await signInContext(page, tokens, locale);
    await page.goto(`${server.url}/#${path}`);
    return page;
  }

  const activeOf = async (deviceId: number) =>
    (await apiCall<{ list: Row[] }>(server, tokens, 'GET', '/alarms?state=0&pageSize=50')).list.filter(
      (r) => r.rule_name === RULE && r.device_id === deviceId && r.recovery_at === null,
    );

  it('en-US: takes the rule out of service from the drawer with a reason; it says until when, in every locale; back after asking', async () => {
    const page = await openPage('en-US', '/device/templatelist');
    await page.getByTestId(`template-alarms-${templateId}`).click();
    const drawer = page.getByTestId('alarm-rules-drawer');
    await drawer.getByTestId(`oos-rule-${ruleId}-in`).waitFor();
    await drawer.getByTestId(`oos-rule-${ruleId}-set`).click();
    await page.getByText(`Take the rule "${RULE}" out of service`).waitFor();
    await page.getByTestId('oos-ok').click();
    await page.getByText('Say why').waitFor();
    await page.getByTestId('oos-reason').fill('Thermocouples being calibrated');
    await page.screenshot({ path: screenshotPath('alarm-oos-dialog-en-US'), animations: 'disabled' });
    await page.getByTestId('oos-ok').click();
    const mark = drawer.getByTestId(`oos-rule-${ruleId}-mark`);
    await expect
      .poll(() => mark.textContent())
      .toMatch(/^Out of service until \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // Its active alarms recover at once (reason outOfService).
    await expect.poll(async () => (await activeOf(devices[1]?.id ?? 0)).length).toBe(0);
    await page.screenshot({ path: screenshotPath('alarm-oos-rule-en-US'), animations: 'disabled' });
    await page.context().close();

    for (const [locale, until] of [
      ['zh-CN', '退出服务至'],
      ['zh-TW', '退出服務至'],
    ] as const) {
      const other = await openPage(locale, '/device/templatelist');
      await other.getByTestId(`template-alarms-${templateId}`).click();
      const text = await other.getByTestId(`oos-rule-${ruleId}-mark`).textContent();
      expect(text).toContain(until);
      await other.screenshot({ path: screenshotPath(`alarm-oos-rule-${locale}`), animations: 'disabled' });
      await other.context().close();
    }

    const back = await openPage('en-US', '/device/templatelist');
    await back.getByTestId(`template-alarms-${templateId}`).click();
    await back.getByTestId(`oos-rule-${ruleId}-end`).click();
    await back.getByText(`Put the rule "${RULE}" back in service now? It raises alarms again.`).waitFor();
    await back.locator('.ant-modal-confirm .ant-btn-primary').click();
    await back.getByTestId(`oos-rule-${ruleId}-in`).waitFor();
    await back.context().close();
  });

  it('en-US: takes a device out of service from its detail page; the page says until when and why, on a phone too', async () => {
    const d = devices[2]?.id ?? 0;
    // The rule is back in service: the device raises its alarm again.
    await expect.poll(async () => (await activeOf(d)).length, { timeout: 30_000 }).toBe(1);
    const page = await openPage('en-US', `/device/devicelist/${d}`);
    await page.getByTestId(`oos-device-${d}-set`).click();
    await page.getByTestId('oos-reason').fill('Line stopped for cleaning');
    await page.getByTestId('oos-ok').click();
    await expect
      .poll(() => page.getByTestId('device-detail-oos').textContent())
      .toContain('Out of service until');
    expect(await page.getByTestId(`oos-device-${d}-mark-reason`).textContent()).toBe(
      'Reason: Line stopped for cleaning',
    );
    await expect.poll(async () => (await activeOf(d)).length).toBe(0);
    await page.screenshot({ path: screenshotPath('alarm-oos-device-en-US'), animations: 'disabled' });
    await page.context().close();

    for (const locale of ['zh-CN', 'zh-TW'] as const) {
      const other = await openPage(locale, `/device/devicelist/${d}`);
      await other.getByTestId('device-detail-oos').waitFor();
      await other.screenshot({ path: screenshotPath(`alarm-oos-device-${locale}`), animations: 'disabled' });
      await other.context().close();
    }
    const phone = await openPage('en-US', `/device/devicelist/${d}`, 390, 844);
    await phone.getByTestId(`oos-device-${d}-end`).waitFor();
    await phone.screenshot({ path: screenshotPath('alarm-oos-device-phone-en-US'), animations: 'disabled' });
    await phone.getByTestId(`oos-device-${d}-end`).click();
    await phone.locator('.ant-modal-confirm .ant-btn-primary').click();
    await phone.getByTestId(`oos-device-${d}-in`).waitFor();
    await phone.context().close();

    const audit = await apiCall<{ list: { action: string; detail: Record<string, string> }[] }>(
      server,
      tokens,
      'GET',
      '/audit?pageSize=100',
    );
    expect(audit.list.filter((e) => e.action === 'alarmOutOfService').map((e) => e.detail.reason)).toEqual([
      '',
      'Line stopped for cleaning',
      '',
      'Thermocouples being calibrated',
    ]);
  });
});
