// @vitest-environment jsdom
/**
 * The dashboard's warnings against a real local API server and its live websocket: active alarms by
 * level and the unacknowledged ones linking into the records' unacknowledged filter, expiring cards
 * and devices low on traffic; a live message (an alarm raised) loads the counters again.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { renderPage, setLanguage } from '../../test/render';
import { live } from '../../live/live';
import { signInAs, serveApi } from '../../test/apiServer';
import { DashboardPage } from './DashboardPage';

let unacknowledged = 2;

const api = serveApi();
beforeAll(async () => {
  api.routes.set('GET /v1/dashboard', () => ({
    at: 1_700_000_000,
    counters: { devices: 3, online: 2, offline: 1 },
    warnings: {
      active_by_level: [
        { level: 1, count: 0 },
        { level: 2, count: 0 },
        { level: 4, count: 1 },
        { level: 8, count: 0 },
        { level: 16, count: unacknowledged },
      ],
      unacknowledged,
      cards_expiring: [
        { id: 5, number_tail: '00001234', type: 2, expires_at: 1_700_500_000, device_name: 'Press_1' },
      ],
      low_traffic: [{ device_id: 9, device_name: 'Press_9', used_bytes: 900, traffic_bytes: 1000 }],
    },
    favourites: [],
  }));
  api.routes.set('GET /v1/devices', () => ({ list: [], total: 0 }));
  await setLanguage('en-US');
});
afterEach(() => {
  live.stop();
  cleanup();
});

describe('dashboard warnings', { timeout: 30000 }, () => {
  it('shows alarms by level, links the unacknowledged into the records, lists cards and traffic, and follows live messages', async () => {
    await signInAs(api, { is_main: true, permissions: [] });
    const first = api.live.peers.length;
    live.start();
    renderPage(<DashboardPage />, { url: '/dashboard' });
    const unacked = await screen.findByTestId('dashboard-unacknowledged', {}, { timeout: 20000 });
    expect(unacked.textContent).toContain('2');
    expect(screen.getByTestId('dashboard-active').textContent).toContain('3');
    expect(screen.getByTestId('dashboard-level-16').textContent).toBe('Critical 2');
    expect(screen.getByTestId('dashboard-unacknowledged-link').getAttribute('href')).toBe(
      '/device/alarmrecords?state=1&shelved=0',
    );
    expect(screen.getByTestId('dashboard-cards-expiring').textContent).toContain(
      'Remote Access …00001234 (Press_1)',
    );
    expect(screen.getByTestId('dashboard-low-traffic').textContent).toContain('Press_990 % used');

    const before = api.callsTo('GET /v1/dashboard').length;
    unacknowledged = 5;
    const peer = await api.live.peer(first);
    peer.send({ type: 'messages' });
    await waitFor(() => expect(api.callsTo('GET /v1/dashboard').length).toBeGreaterThan(before));
    await waitFor(() => expect(screen.getByTestId('dashboard-unacknowledged').textContent).toContain('5'));
  });

  it('shows no account lists to a sub-account the server sent none, nor a link without the records view', async () => {
    api.routes.set('GET /v1/dashboard', () => ({
      at: 1_700_000_000,
      counters: { devices: 0, online: 0, offline: 0 },
      warnings: { active_by_level: [{ level: 1, count: 1 }], unacknowledged: 1 },
      favourites: [],
    }));
    await signInAs(api, { is_main: false, permissions: [1] });
    renderPage(<DashboardPage />, { url: '/dashboard' });
    await screen.findByTestId('dashboard-unacknowledged', {}, { timeout: 20000 });
    expect(screen.queryByTestId('dashboard-unacknowledged-link')).toBeNull();
    expect(screen.queryByTestId('dashboard-cards-expiring')).toBeNull();
    expect(screen.queryByTestId('dashboard-low-traffic')).toBeNull();
  });
});
