// @vitest-environment jsdom
/**
 * A sub-account that sees nothing is told that data permissions are granted apart from its role: on
 * the device list (unfiltered), the alarm records (no device to pick) and the dashboard (no device
 * counted), in its language; the main account, and a sub-account that sees devices, are not.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { i18next, renderPage, setLanguage } from '../test/render';
import { emptyPage, signInAs, serveApi } from '../test/apiServer';
import { AlarmRecordsPage } from './device/AlarmRecordsPage';
import { DashboardPage } from './dashboard/DashboardPage';
import { DeviceListPage } from './device/DeviceListPage';
import { deviceRow } from '../test/deviceFixtures';
import { unfiltered } from '../components/DataGrantHint';
import { QUIET_WARNINGS } from '../test/dashboardFixtures';

let devices: ReturnType<typeof deviceRow>[] = [];
const sub = { is_main: false, permissions: [1, 2] };

const api = serveApi();
beforeAll(async () => {
  api.routes.set('GET /v1/devices', () => ({ list: devices, total: devices.length }));
  api.routes.set('GET /v1/groups', () => []);
  api.routes.set('GET /v1/labels', emptyPage);
  api.routes.set('GET /v1/alarms', emptyPage);
  api.routes.set('GET /v1/dashboard', () => ({
    at: 1700000000,
    counters: { devices: devices.length, online: 0, offline: devices.length },
    favourites: [],
    warnings: QUIET_WARNINGS,
  }));
});

/** The first render of an antd page is slow under jsdom on a busy machine. */
const LOADED = { timeout: 20000 };

describe('data permission hint', { timeout: 60000 }, () => {
  it.each(['zh-TW', 'en-US'] as const)('shows on the empty screens of a sub-account (%s)', async (locale) => {
    await setLanguage(locale);
    devices = [];
    await signInAs(api, sub);
    const text = i18next.t('device:dataGrantHint.text');
    expect(text).not.toContain('dataGrantHint');
    for (const page of [
      <DeviceListPage key="list" />,
      <AlarmRecordsPage key="alarms" />,
      <DashboardPage key="dash" />,
    ]) {
      const { unmount } = renderPage(page);
      expect((await screen.findByTestId('data-grant-hint', {}, LOADED)).textContent).toContain(text);
      unmount();
    }
  });

  it('stays away for the main account and for a sub-account that sees devices', async () => {
    await setLanguage('en-US');
    devices = [];
    await signInAs(api, { is_main: true, permissions: [] });
    const first = renderPage(<DashboardPage />);
    await screen.findByText(i18next.t('dashboard:noFavourites'), {}, LOADED);
    expect(screen.queryByTestId('data-grant-hint')).toBeNull();
    first.unmount();

    devices = [deviceRow(7)];
    await signInAs(api, sub);
    renderPage(<DeviceListPage />);
    await screen.findByTestId('device-link-7', {}, LOADED);
    expect(screen.queryByTestId('data-grant-hint')).toBeNull();
  });

  it('counts a list as unfiltered only without filters', () => {
    expect(unfiltered({ page: 2, pageSize: 20 })).toBe(true);
    expect(unfiltered({ page: 1, pageSize: 20, keyword: undefined })).toBe(true);
    expect(unfiltered({ page: 1, pageSize: 20, group_id: 3 })).toBe(false);
  });
});
