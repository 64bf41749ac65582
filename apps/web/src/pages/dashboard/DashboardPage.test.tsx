// @vitest-environment jsdom
/**
 * The dashboard against a real local API server and its live websocket: a favourite card shows the
 * TAG values the server loaded before the socket says anything, then newer pushed values in place
 * (an older one does not win), and the online state of the subscription snapshot.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { GroupNode } from '@hmi/contract';
import { renderPage, setLanguage } from '../../test/render';
import { live } from '../../live/live';
import { refuse, signInAs, startApiServer, type ApiServer } from '../../test/apiServer';
import { EARLY_FRESH_MS, getDashboard, preloadDashboard } from '../../api/dashboard';
import { DashboardPage } from './DashboardPage';
import { QUIET_WARNINGS } from '../../test/dashboardFixtures';

let api: ApiServer;
const T = 1_700_000_000_000;
/** When the canned counters were read (server epoch seconds): before every live state of the tests. */
const COUNTED_AT = T / 1000 - 60;
/** Warnings of a quiet team (no alarms active; the account view's lists empty). */
beforeAll(async () => {
  api = await startApiServer();
  api.routes.set('GET /v1/dashboard', () => ({
    at: COUNTED_AT,
    counters: { devices: 1, online: 0, offline: 1 },
    warnings: QUIET_WARNINGS,
    favourites: [
      {
        id: 7,
        name: 'Press_1',
        sn: 'SN7',
        model: 'X10',
        online: 0,
        group_id: null,
        group_path: [],
        tags: [
          { id: 70, name: 'temperature', value: '20.5', time: T },
          { id: 71, name: 'speed', value: null, time: null },
        ],
      },
    ],
  }));
  api.routes.set('GET /v1/devices', () => ({ list: [], total: 0 }));
  // The cards' small trends: the last hour's averages of the first TAGs.
  api.routes.set('GET /v1/devices/7/history', () => ({
    tag: 'temperature',
    data_type: 8,
    from: T - 3_600_000,
    to: T,
    bucket_ms: 120_000,
    points: [18, 21, 19].map((avg, i) => ({
      t: T - 360_000 + i * 120_000,
      min: avg,
      max: avg,
      avg,
      count: 1,
    })),
    samples: [],
  }));
  await setLanguage('en-US');
});
afterAll(() => api.close());
afterEach(() => {
  live.stop();
  cleanup();
});

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
    // Each of the first TAGs draws its last hour as a line of the three averages.
    const trend = await screen.findByTestId('favourite-trend-7-temperature', {}, LOADED);
    expect(trend.querySelector('polyline')?.getAttribute('points')?.split(' ')).toHaveLength(3);

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

/** A chain of groups, each the only child of the one before, with ids from `id` on. */
function chain(names: string[], id: number, parent: GroupNode | null = null): GroupNode[] {
  const [name, ...rest] = names;
  if (name === undefined) return [];
  const level = (parent?.level ?? 0) + 1;
  const node: GroupNode = {
    id,
    parent_id: parent?.id ?? null,
    name,
    title: name,
    key: String(id),
    level,
    parent_name: parent?.name ?? '',
    children: [],
    device_count: 1,
  };
  node.children = chain(rest, id + 1, node);
  return [node];
}

describe('dashboard favourites, group path', { timeout: 30000 }, () => {
  it('marks the levels a shortened path hides, as the device list does; a 3-level path has no mark', async () => {
    const favourite = (id: number, group_id: number, group_path: string[]) => ({
      id,
      name: `Press_${id}`,
      sn: `SN${id}`,
      model: 'X10',
      online: 0,
      group_id,
      group_path,
      tags: [],
    });
    api.routes.set('GET /v1/dashboard', () => ({
      at: COUNTED_AT,
      counters: { devices: 2, online: 0, offline: 2 },
      warnings: QUIET_WARNINGS,
      // The server sends 4-level paths shortened to first, middle and last names; two groups of the
      // same names shorten alike, and each card still names its own hidden level.
      favourites: [
        favourite(1, 4, ['Plant', 'Hall B', 'Cell 7']),
        favourite(2, 12, ['North', 'Line 1', 'Cell 1']),
        favourite(3, 23, ['Plant', 'Hall B', 'Cell 7']),
      ],
    }));
    api.routes.set('GET /v1/groups', () => [
      ...chain(['Plant', 'Hall B', 'Line 2', 'Cell 7'], 1),
      ...chain(['North', 'Line 1', 'Cell 1'], 10),
      ...chain(['Plant', 'Hall B', 'Line 3', 'Cell 7'], 20),
    ]);
    await signInAs(api, { is_main: true, permissions: [] });
    renderPage(<DashboardPage />, { url: '/dashboard' });
    const path = (id: number) => screen.getByTestId(`favourite-group-${id}`);
    await screen.findByTestId('favourite-card-1', {}, LOADED);
    await waitFor(() => expect(path(1).textContent).toBe('Plant / Hall B / … / Cell 7'));
    expect(path(1).getAttribute('title')).toBe('Plant / Hall B / Line 2 / Cell 7');
    expect(path(3).textContent).toBe('Plant / Hall B / … / Cell 7');
    expect(path(3).getAttribute('title')).toBe('Plant / Hall B / Line 3 / Cell 7');
    expect(path(2).textContent).toBe('North / Line 1 / Cell 1');
  });
});

describe('dashboard data requested at boot', { timeout: 30000 }, () => {
  const favourite = {
    id: 3,
    name: 'Press_3',
    sn: 'SN3',
    model: 'X10',
    online: 0,
    group_id: null,
    group_path: [],
    tags: [],
  };
  const requests = () => api.callsTo('GET /v1/dashboard').length;
  afterEach(() => vi.restoreAllMocks());

  it('is the page’s first load: one request for the render', async () => {
    api.routes.set('GET /v1/dashboard', () => ({
      at: COUNTED_AT,
      counters: { devices: 1, online: 0, offline: 1 },
      warnings: QUIET_WARNINGS,
      favourites: [favourite],
    }));
    await signInAs(api, { is_main: true, permissions: [] });
    const before = requests();
    preloadDashboard();
    renderPage(<DashboardPage />, { url: '/dashboard' });
    await screen.findByTestId('favourite-card-3', {}, LOADED);
    expect(requests() - before).toBe(1);
  });

  it('is asked again when it failed, and not taken once stale or taken already', async () => {
    let refused = 1;
    api.routes.set('GET /v1/dashboard', () =>
      refused-- > 0
        ? refuse(1003)
        : {
            at: COUNTED_AT,
            counters: { devices: 0, online: 0, offline: 0 },
            warnings: QUIET_WARNINGS,
            favourites: [],
          },
    );
    await signInAs(api, { is_main: true, permissions: [] });
    const before = requests();
    preloadDashboard();
    expect((await getDashboard()).favourites).toEqual([]);
    expect(requests() - before).toBe(2);

    preloadDashboard();
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + EARLY_FRESH_MS);
    await getDashboard();
    expect(requests() - before).toBe(4);
    await getDashboard();
    expect(requests() - before).toBe(5);
  });
});
