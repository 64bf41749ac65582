// @vitest-environment jsdom
/**
 * The dashboard against a real local API server and its live websocket: a favourite card shows the
 * TAG values the server loaded before the socket says anything, then newer pushed values in place
 * (an older one does not win), and the online state of the subscription snapshot.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderPage, setLanguage } from '../../test/render';
import { live } from '../../live/live';
import { signInAs, startApiServer, type ApiServer } from '../../test/apiServer';
import { DashboardPage } from './DashboardPage';

let api: ApiServer;
const T = 1_700_000_000_000;

beforeAll(async () => {
  api = await startApiServer();
  api.routes.set('GET /v1/dashboard', () => ({
    counters: { devices: 1, online: 0, offline: 1 },
    favourites: [
      {
        id: 7,
        name: 'Press_1',
        sn: 'SN7',
        model: 'X10',
        online: 0,
        group_path: [],
        tags: [
          { name: 'temperature', value: '20.5', time: T },
          { name: 'speed', value: null, time: null },
        ],
      },
    ],
  }));
  api.routes.set('GET /v1/devices', () => ({ list: [], total: 0 }));
  await setLanguage('en-US');
});
afterAll(() => api.close());
afterEach(() => live.stop());

/** The first render of the page is slow under jsdom on a busy machine. */
const LOADED = { timeout: 20000 };

describe('dashboard favourites, live', { timeout: 30000 }, () => {
  it('shows the loaded TAG values at once, then newer pushed values and the snapshot online state', async () => {
    await signInAs(api, { is_main: true, permissions: [] });
    const first = api.live.peers.length;
    live.start();
    renderPage(<DashboardPage />, { url: '/dashboard' });
    const value = (tag: string) => screen.getByTestId(`favourite-tag-7-${tag}`).textContent;
    await screen.findByTestId('favourite-card-7', {}, LOADED);
    expect(value('temperature')).toBe('20.5');
    expect(value('speed')).toBe('-');

    const peer = await api.live.peer(first);
    await peer.next('subscribe', (m) => m.devices.includes(7));
    peer.send({ type: 'online', device_id: 7, online: 1, at: 1_700_000_100 });
    peer.send({
      type: 'values',
      device_id: 7,
      values: [
        { tag: 'temperature', value: '19', ts: T - 1000 },
        { tag: 'speed', value: '1200', ts: T + 1000 },
      ],
    });
    await waitFor(() => expect(value('speed')).toBe('1200'));
    expect(value('temperature')).toBe('20.5');
    await waitFor(() => expect(screen.getByTestId('favourite-online-7').dataset.online).toBe('true'));
  });
});
