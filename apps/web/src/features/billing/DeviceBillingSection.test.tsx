// @vitest-environment jsdom
/**
 * The device's billing section and the list's traffic switch: what history is stored and why, the
 * switch with its month rule, a turn-off refused this month shown translated, and permission 21.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { i18next, renderPage, setLanguage } from '../../test/render';
import { refuse, signInAs, serveApi } from '../../test/apiServer';
import { allocation, deviceBilling } from '../../test/billingFixtures';
import { DeviceBillingSection } from './DeviceBillingSection';
import { AllocationCell, TrafficSwitchCell } from './DeviceListCells';

const device = { id: 7, name: 'Press7' };
const december = Date.UTC(2026, 11, 1) / 1000;
const lockedOn = {
  on: true,
  on_month: '2026-11',
  off_month: null,
  can_turn_off_from: december,
  on_again_at: null,
};

const api = serveApi();
beforeEach(async () => {
  await setLanguage('en-US');
  api.calls.length = 0;
});

const section = () => renderPage(<DeviceBillingSection device={device} onChanged={() => undefined} />);

/** Clicks OK in the confirm dialog that is open. */
async function confirmOk() {
  await waitFor(() => expect(document.querySelector('.ant-modal-confirm .ant-btn-primary')).toBeTruthy());
  fireEvent.click(document.querySelector('.ant-modal-confirm .ant-btn-primary') as HTMLElement);
}

describe('device billing', { timeout: 60000 }, () => {
  it('says plainly that without a TAG allocation no history is stored', async () => {
    api.routes.set('GET /v1/devices/7/billing', () => deviceBilling(7));
    await signInAs(api, { is_main: true, permissions: [] });
    section();
    expect((await screen.findByTestId('device-billing-history')).textContent).toBe(
      'No TAG allocation: history is not stored; live values and alarms work.',
    );
    expect(screen.getByText('No TAG allocation')).toBeTruthy();
    expect(screen.getByTestId('device-billing-month').textContent).toBe('0MB used, 5GB remaining');
  });

  it.each([
    {
      locale: 'en-US' as const,
      history:
        'History is stored for the first 20 history TAGs every 5 min (the template has 30 history TAGs).',
      rule: 'On since 2026-11; can be turned off from 2026-12-01',
    },
    {
      locale: 'zh-CN' as const,
      history: '前 20 个历史 TAG 每 5 分钟保存一次历史数据（模板共有 30 个历史 TAG）。',
      rule: '自 2026-11 开启；2026-12-01 起可关闭',
    },
    {
      locale: 'zh-TW' as const,
      history: '前 20 個歷史 TAG 每 5 分鐘儲存一次歷史資料（範本共有 30 個歷史 TAG）。',
      rule: '自 2026-11 開啟；2026-12-01 起可關閉',
    },
  ])('shows the level, the history it buys and the month rule in $locale', async (c) => {
    await setLanguage(c.locale);
    api.routes.set('GET /v1/devices/7/billing', () =>
      deviceBilling(7, {
        allocation: allocation(7),
        history: { mode: 'limited', tag_count: 20, frequency_min: 5, history_tags: 30 },
        traffic_switch: lockedOn,
      }),
    );
    await signInAs(api, { is_main: true, permissions: [] });
    section();
    expect((await screen.findByTestId('device-billing-history')).textContent).toBe(c.history);
    expect(screen.getByTestId('device-billing-switch-rule').textContent).toBe(c.rule);
  });

  it('shows a turn-off refused this month with its translated text', async () => {
    api.routes.set('GET /v1/devices/7/billing', () => deviceBilling(7, { traffic_switch: lockedOn }));
    api.routes.set('PUT /v1/devices/7/traffic-switch', () =>
      refuse(1006, { field: 'on', issue: 'switchLockedThisMonth' }),
    );
    await signInAs(api, { is_main: true, permissions: [] });
    section();
    fireEvent.click(await screen.findByTestId('device-billing-switch'));
    await confirmOk();
    expect(await screen.findByText(i18next.t('validation:switchLockedThisMonth'))).toBeTruthy();
    expect(api.callsTo('PUT /v1/devices/7/traffic-switch')[0]?.body).toEqual({ on: false });
  });

  it('lets only holders of 21 turn the switch', async () => {
    api.routes.set('GET /v1/devices/7/billing', () => deviceBilling(7));
    await signInAs(api, { is_main: false, permissions: [2, 17] });
    section();
    expect((await screen.findByTestId('device-billing-switch')).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByTestId('device-allocate')).toBeNull();
    renderPage(<TrafficSwitchCell device={{ ...device, traffic_switch: 0 }} onChanged={() => undefined} />);
    expect(screen.getByTestId('traffic-switch-7').hasAttribute('disabled')).toBe(true);
  });

  it('turns the switch on from the device list after telling the month rule', async () => {
    api.routes.set('PUT /v1/devices/7/traffic-switch', () => lockedOn);
    await signInAs(api, { is_main: false, permissions: [2, 21] });
    const changed = vi.fn();
    renderPage(<TrafficSwitchCell device={{ ...device, traffic_switch: 0 }} onChanged={changed} />);
    fireEvent.click(screen.getByTestId('traffic-switch-7'));
    expect((await screen.findByText(/cannot be turned off again this month/)).textContent).toMatch(
      /can be turned off from \d{4}-\d{2}-01/,
    );
    await confirmOk();
    await waitFor(() => expect(changed).toHaveBeenCalled());
    expect(api.callsTo('PUT /v1/devices/7/traffic-switch')[0]?.body).toEqual({ on: true });
  });

  it('shows the level in the device list, or a dash without one', () => {
    renderPage(
      <div data-testid="cells">
        <AllocationCell allocation={allocation(7)} />|<AllocationCell allocation={null} />
      </div>,
    );
    expect(screen.getByTestId('cells').textContent).toBe('20 TAGs every 5 min|-');
  });

  it('translates every new 1006 issue key of billing in every locale', () => {
    const keys = [
      'poolExceeded',
      'levelDown',
      'switchLockedThisMonth',
      'cardType',
      'cardOutdated',
      'cardAllocated',
      'cardNumberLength',
    ];
    for (const lng of ['zh-CN', 'zh-TW', 'en-US'])
      for (const key of keys)
        expect(i18next.exists(`validation:${key}`, { lng }), `${lng} ${key}`).toBe(true);
  });
});
