// @vitest-environment jsdom
/**
 * My account against the local API server: the figures with sizes per spec §9, card activation in
 * steps and its translated refusals, the TAG allocation dialog's level rule, every control gated by
 * its permission id, and the notice standing in for the figures when billing is off.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { field, i18next, renderPage, setLanguage, submitOf } from '../../test/render';
import { refuse, signInAs, serveApi } from '../../test/apiServer';
import { deviceRow } from '../../test/deviceFixtures';
import { account, allocation, card, deviceBilling, monthTraffic, offer } from '../../test/billingFixtures';
import { MyAccountPage } from './MyAccountPage';
import { size } from '../../features/billing/text';

const MB = 1024 ** 2;
const cloudCard = card(2, {
  number: 'CA7KQ2M9XA000002',
  type: 1,
  tag_count: 100,
  template_count: 5,
  traffic_bytes: 0,
  used_bytes: 0,
  remaining_bytes: 0,
});

const api = serveApi();
beforeAll(async () => {
  api.routes.set('POST /v1/diacom/monthtraffic', monthTraffic);
  api.routes.set('GET /v1/devices', () => ({ list: [deviceRow(7)], total: 1 }));
  api.routes.set('POST /v1/billing/cards/activate', () => cloudCard);
});
beforeEach(async () => {
  await setLanguage('en-US');
  api.routes.set('GET /v1/billing/account', () => account());
  api.routes.set('GET /v1/billing/cards', () => ({ list: [card(1), cloudCard], total: 2 }));
  api.routes.set('POST /v1/billing/cards/check', () => offer());
  api.routes.set('GET /v1/devices/7/billing', () => deviceBilling(7));
  api.routes.set('GET /v1/team/remote-settings', () => ({ idle_minutes: 10 }));
  api.routes.set('PUT /v1/team/remote-settings', (req) => req.body);
  api.calls.length = 0;
});

const open = async () => {
  renderPage(<MyAccountPage />);
  return screen.findByTestId('tags-pool');
};

/** Opens the select marked `testId` and picks the option titled `title`. */
async function pick(testId: string, title: string) {
  const select = screen.getByTestId(testId).closest('.ant-select') ?? screen.getByTestId(testId);
  fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
  const popup = (await screen.findByRole('listbox')).closest('.ant-select-dropdown') as HTMLElement;
  fireEvent.click(await within(popup).findByTitle(title));
}

describe('my account', { timeout: 60000 }, () => {
  it('formats sizes in base 1024 with MB as the smallest unit', () => {
    expect(size(0)).toBe('0MB');
    expect(size(1000)).toBe('0MB');
    expect(size(512 * 1024)).toBe('0.5MB');
    expect(size(1.5 * MB)).toBe('1.5MB');
    expect(size(1024 * MB)).toBe('1GB');
    expect(size(1536 * MB)).toBe('1.5GB');
    expect(size(2 * 1024 ** 4)).toBe('2TB');
  });

  it('shows the TAG pool, allowances and traffic of the team, and its cards', async () => {
    await signInAs(api, { is_main: true, permissions: [] });
    expect((await open()).textContent).toContain('500');
    expect(screen.getByTestId('tags-allocated').textContent).toContain('120');
    expect(screen.getByTestId('tags-free').textContent).toContain('380');
    expect(screen.getByTestId('templates-allowance').textContent).toContain('2 / 6');
    expect(screen.getByTestId('traffic-total').textContent).toContain('5GB');
    expect(screen.getByTestId('traffic-used').textContent).toContain('1.5MB');
    const table = await screen.findByTestId('card-table');
    expect(await within(table).findByText('RA7KQ2M9XA000001')).toBeTruthy();
    expect(within(table).getByText('100 TAGs, 5 template(s)')).toBeTruthy();
    expect(within(table).getAllByText('Active')).toHaveLength(2);
  });

  it('activates a card in steps: type, number and password, what it gives, result', async () => {
    await signInAs(api, { is_main: true, permissions: [] });
    await open();
    fireEvent.click(screen.getByTestId('activate-open-18'));
    fireEvent.click(await screen.findByTestId('activate-type-1'));
    fireEvent.click(screen.getByTestId('activate-next'));
    fireEvent.change(field('activate', 'card_no'), { target: { value: '7kq2m9xa' } });
    fireEvent.change(field('activate', 'password'), { target: { value: 'Pw3xYz9Q' } });
    fireEvent.click(screen.getByTestId('activate-check'));
    const offered = await screen.findByTestId('activate-offer');
    expect(offered.textContent).toContain('100 TAGs, 5 template(s)');
    expect(offered.textContent).toContain('One year from activation (365 days)');
    expect(api.callsTo('POST /v1/billing/cards/check')[0]?.body).toEqual({
      type: 1,
      card_no: '7KQ2M9XA',
      password: 'Pw3xYz9Q',
    });
    expect(api.callsTo('POST /v1/billing/cards/activate')).toHaveLength(0);
    const accountLoads = api.callsTo('GET /v1/billing/account').length;
    fireEvent.click(screen.getByTestId('activate-confirm'));
    expect((await screen.findByTestId('activate-result')).textContent).toContain('Card activated');
    expect(api.callsTo('POST /v1/billing/cards/activate')).toHaveLength(1);
    await waitFor(() => expect(api.callsTo('GET /v1/billing/account').length).toBeGreaterThan(accountLoads));
  });

  it.each([
    { locale: 'en-US' as const, text: 'Incorrect card number or password' },
    { locale: 'zh-CN' as const, text: '卡号或密码错误' },
    { locale: 'zh-TW' as const, text: '卡號或密碼錯誤' },
  ])('shows a wrong number or password (1043) translated in $locale', async ({ locale, text }) => {
    await setLanguage(locale);
    api.routes.set('POST /v1/billing/cards/check', () => refuse(1043));
    await signInAs(api, { is_main: true, permissions: [] });
    await open();
    fireEvent.click(screen.getByTestId('activate-open-20'));
    fireEvent.click(await screen.findByTestId('activate-type-2'));
    fireEvent.click(screen.getByTestId('activate-next'));
    fireEvent.change(field('activate', 'card_no'), { target: { value: 'ZZZZZZZZ' } });
    fireEvent.change(field('activate', 'password'), { target: { value: 'wrong123' } });
    fireEvent.click(screen.getByTestId('activate-check'));
    expect((await screen.findByTestId('activate-error')).textContent).toBe(text);
    expect(screen.queryByTestId('activate-offer')).toBeNull();
  });

  it('refuses a level down in the allocation dialog with its translated text', async () => {
    api.routes.set('POST /v1/billing/allocations', () =>
      refuse(1006, { field: 'tag_count', issue: 'levelDown' }),
    );
    await signInAs(api, { is_main: true, permissions: [] });
    await open();
    fireEvent.click(screen.getByTestId('allocation-open'));
    expect((await screen.findByTestId('allocation-rule')).textContent).toContain('can only go up');
    await pick('allocation-device', 'Press7 (SN-7)');
    expect(await screen.findByText('No TAG allocation')).toBeTruthy();
    fireEvent.change(field('allocation', 'tag_count'), { target: { value: '10' } });
    fireEvent.click(submitOf('allocation'));
    // An allocation cannot be undone: it is sent only once confirmed.
    fireEvent.click(await screen.findByTestId('irreversible-ok'));
    expect(await screen.findByText(i18next.t('validation:levelDown'))).toBeTruthy();
    expect(api.callsTo('POST /v1/billing/allocations')[0]?.body).toEqual({
      device_id: 7,
      tag_count: 10,
      frequency_min: 5,
    });
  });

  it('says a lower level is refused before sending it when the current level is known', async () => {
    api.routes.set('GET /v1/devices/7/billing', () => deviceBilling(7, { allocation: allocation(7) }));
    await signInAs(api, { is_main: true, permissions: [] });
    await open();
    fireEvent.click(screen.getByTestId('allocation-open'));
    await pick('allocation-device', 'Press7 (SN-7)');
    expect(await screen.findByText(/^20 TAGs every 5 min, valid until/)).toBeTruthy();
    fireEvent.change(field('allocation', 'tag_count'), { target: { value: '10' } });
    fireEvent.click(submitOf('allocation'));
    expect(await screen.findByText(i18next.t('validation:levelDown'))).toBeTruthy();
    expect(api.callsTo('POST /v1/billing/allocations')).toHaveLength(0);
  });

  it('shows each control only with its permission id', async () => {
    await signInAs(api, { is_main: false, permissions: [17, 20] });
    await open();
    await screen.findByTestId('card-detail-1');
    expect(screen.queryByTestId('activate-open-18')).toBeNull();
    expect(screen.queryByTestId('allocation-open')).toBeNull();
    expect(screen.queryByTestId('card-allocate-1')).toBeNull();
    fireEvent.click(screen.getByTestId('activate-open-20'));
    await screen.findByTestId('activate-type-2');
    expect(screen.queryByTestId('activate-type-1')).toBeNull();
  });

  it("sets the team's remote idle minutes with 20, shows them read-only without it", async () => {
    await signInAs(api, { is_main: false, permissions: [17, 20] });
    await open();
    const minutes = await screen.findByTestId('remote-idle-minutes');
    await waitFor(() => expect((minutes as HTMLInputElement).value).toBe('10'));
    fireEvent.change(minutes, { target: { value: '481' } });
    fireEvent.click(screen.getByTestId('remote-settings-save'));
    expect(await screen.findByText('Enter a whole number of minutes from 0 to 480')).toBeTruthy();
    fireEvent.change(minutes, { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('remote-settings-save'));
    await waitFor(() => expect(api.callsTo('PUT /v1/team/remote-settings')).toHaveLength(1));
    expect(api.callsTo('PUT /v1/team/remote-settings')[0]?.body).toEqual({ idle_minutes: 0 });
    cleanup();

    await signInAs(api, { is_main: false, permissions: [17] });
    await open();
    const shown = await screen.findByTestId('remote-idle-minutes');
    await waitFor(() => expect((shown as HTMLInputElement).value).toBe('10'));
    expect((shown as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByTestId('remote-settings-save')).toBeNull();
  });

  it('offers Cloud Application activation, TAG and card allocation with 18, 19 and 21', async () => {
    await signInAs(api, { is_main: false, permissions: [17, 18, 19, 21] });
    await open();
    expect(await screen.findByTestId('card-allocate-1')).toBeTruthy();
    // A Cloud Application card is never allocated to a device.
    expect(screen.queryByTestId('card-allocate-2')).toBeNull();
    expect(screen.getByTestId('allocation-open')).toBeTruthy();
    expect(screen.queryByTestId('activate-open-20')).toBeNull();
    fireEvent.click(screen.getByTestId('activate-open-18'));
    await screen.findByTestId('activate-type-1');
    expect(screen.queryByTestId('activate-type-2')).toBeNull();
  });

  it('shows a notice instead of figures when billing is off', async () => {
    api.routes.set('GET /v1/billing/account', () =>
      account({
        billing_enabled: false,
        templates: { allowed: null, used: 2 },
        projects: { allowed: null, used: 1 },
        traffic: { total: 0, used: 0, remaining: null },
      }),
    );
    await signInAs(api, { is_main: true, permissions: [] });
    renderPage(<MyAccountPage />);
    expect((await screen.findByTestId('billing-off')).textContent).toContain(
      'Billing is not used in this deployment',
    );
    expect(screen.queryByTestId('tags-pool')).toBeNull();
    expect(screen.queryByTestId('activate-open-18')).toBeNull();
  });
});
