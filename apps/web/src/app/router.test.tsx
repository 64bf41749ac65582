// @vitest-environment jsdom
/**
 * The route table and guard end to end in jsdom, against a real local HTTP server answering the
 * user-info and message-count calls.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import i18next from '../i18n';
import { Providers } from './providers';
import { routes } from './router';
import { saveSession, getToken } from '../api/tokens';
import { userStore } from '../session/userStore';
import { baseUser } from '../test/apiServer';
import { attachLiveServer, type LiveServer } from '../test/liveServer';
import '../test/browserStubs';

let user: { is_main: boolean; permissions: number[] } = { is_main: true, permissions: [] };
let server: Server;
let live: LiveServer;
let host = '';
const calls: string[] = [];
let unread = { notice: 1, billing: 2, alarm: 4 };
/** Every session ended on the server (a password reset elsewhere): each call and refresh is 1009. */
let revoked = false;

beforeAll(async () => {
  server = createServer((req, res) => {
    // jsdom enforces CORS: the page origin differs from this server's.
    res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
    res.setHeader('access-control-allow-credentials', 'true');
    res.setHeader('access-control-allow-headers', 'authorization, content-type');
    // No keep-alive (as in test/apiServer.ts): with fetch (undici) holding this server's idle
    // sockets, a later test's live websocket on the same server never connected.
    res.setHeader('connection', 'close');
    if (req.method === 'OPTIONS') return void res.end();
    calls.push(`${req.method} ${req.url}`);
    res.setHeader('content-type', 'application/json');
    if (revoked) {
      res.statusCode = 401;
      return void res.end(JSON.stringify({ code: 1009, data: null, msg: 'authentication expired' }));
    }
    if (req.url === '/v1/global/getUserInfo')
      return void res.end(JSON.stringify({ code: 0, data: { ...baseUser, ...user }, msg: 'ok' }));
    if (req.url === '/v1/msg/notify/count') {
      return void res.end(JSON.stringify({ code: 0, data: { total: unread, unread }, msg: 'ok' }));
    }
    if (req.url?.startsWith('/v1/msg/notify/today')) {
      const list = [
        { id: 1, kind: 'notice', title: 'Maintenance tonight', content: '', is_read: false, created_at: 1 },
      ];
      return void res.end(JSON.stringify({ code: 0, data: { list, total: 1 }, msg: 'ok' }));
    }
    res.end(JSON.stringify({ code: 0, data: null, msg: 'ok' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  live = attachLiveServer(server, { autoReady: true });
});

afterAll(async () => {
  await live.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  userStore.reset();
  calls.length = 0;
  unread = { notice: 1, billing: 2, alarm: 4 };
  revoked = false;
});

function signIn(as: { is_main: boolean; permissions: number[] }) {
  user = as;
  saveSession({ token: 'access', refresh_token: 'refresh', host });
}

function open(url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return {
    router,
    /** Waits until the router settles on `expected` (pathname + search). */
    at: (expected: string) =>
      waitFor(
        () => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(expected),
        {
          timeout: 5000,
        },
      ),
  };
}

const product = () => i18next.t('common.productName');

describe('router and guard', { timeout: 20000 }, () => {
  it('sends a visitor without token to /login and titles the page', async () => {
    const { at } = open('/dashboard');
    await at('/login');
    await waitFor(() => expect(document.title).toBe(`${i18next.t('menu.login')} - ${product()}`));
    expect(calls).toEqual([]);
  });

  it("loads user info, counts and today's messages once, lands a main user on /dashboard with the full menu", async () => {
    signIn({ is_main: true, permissions: [] });
    const { at, router } = open('/');
    await at('/dashboard');
    expect(await screen.findByTestId('page-dashboard')).toBeTruthy();
    for (const key of ['dashboard', 'device', 'billing', 'message', 'system'])
      expect(screen.getByTestId(`menu-${key}`)).toBeTruthy();
    expect(screen.getByTestId('message-badge').textContent).toContain('7');
    await waitFor(() => expect(document.title).toBe(`${i18next.t('menu.dashboard')} - ${product()}`));
    await act(() => router.navigate('/billing'));
    await at('/billing/myAccount');
    // The session's calls; the pages' own (the dashboard's, the account page's) arrive as they may.
    const session = calls.map((c) => c.replace(/\?.*/, '')).filter((c) => /\/(global|msg)\//.test(c));
    expect(session.sort()).toEqual([
      'GET /v1/global/getUserInfo',
      'GET /v1/msg/notify/count',
      'GET /v1/msg/notify/today',
    ]);
  });

  it('keeps a sub-account out of routes it lacks permission for; the reduced set always opens', async () => {
    signIn({ is_main: false, permissions: [2] });
    const { at, router } = open('/dashboard');
    await at('/system/profile');
    // The shell is its own chunk: once its menu shows, what it lacks is really absent.
    expect(await screen.findByTestId('menu-device')).toBeTruthy();
    expect(screen.queryByTestId('menu-dashboard')).toBeNull();
    expect(screen.queryByTestId('menu-billing')).toBeNull();
    await act(() => router.navigate('/device/templatelist'));
    await at('/system/profile');
    await act(() => router.navigate('/message/msgAlarm'));
    await at('/message/msgAlarm');
    await act(() => router.navigate('/device'));
    await at('/device/devicelist');
    await act(() => router.navigate('/message'));
    await at('/message/msgSystem');
  });

  it('says why when a route the user may not open sends them to their landing page', async () => {
    signIn({ is_main: false, permissions: [2] });
    const { at, router } = open('/device/devicelist');
    await at('/device/devicelist');
    expect(screen.queryByText(i18next.t('common.routeDenied'))).toBeNull();
    await act(() => router.navigate('/device/templatelist'));
    await at('/system/profile');
    expect(await screen.findByText(i18next.t('common.routeDenied'))).toBeTruthy();
    expect(i18next.t('common.routeDenied')).not.toBe('common.routeDenied');
  });

  it('a session ended on the server lands on login saying so, not that the role lacks the page', async () => {
    signIn({ is_main: false, permissions: [2, 24] });
    const { at, router } = open('/system/user');
    await at('/system/user');
    await screen.findByTestId('menu-device');
    revoked = true;
    await act(() => router.navigate('/device/devicelist'));
    await at('/login');
    expect(await screen.findByText(i18next.t('errors.E_INVALID_OR_EXPIRED_TOKEN'))).toBeTruthy();
    expect(i18next.t('errors.E_INVALID_OR_EXPIRED_TOKEN', { lng: 'en-US' })).toMatch(/session has ended/);
    expect(screen.queryByText(i18next.t('common.routeDenied'))).toBeNull();
  });

  it('sends a signed-in user on from /login: template link, or landing page with the query', async () => {
    signIn({ is_main: true, permissions: [] });
    const first = open('/login?templateid=5');
    await first.at('/device/templatelist?templateid=5');
    cleanup();
    const second = open('/login?from=mail');
    await second.at('/dashboard?from=mail');
  });

  it('redirects unknown paths and agreement languages other than cn/en/tw to /', async () => {
    const { at, router } = open('/no/such/page');
    await at('/login');
    await act(() => router.navigate('/serviceagreement/fr'));
    await at('/login');
    await act(() => router.navigate('/privacyagreement/en'));
    await at('/privacyagreement/en');
    await waitFor(() => expect(document.title).toBe(`${i18next.t('menu.privacyAgreement')} - ${product()}`));
  });

  it('logs out: session cleared and back to /login', async () => {
    signIn({ is_main: true, permissions: [] });
    const { at } = open('/dashboard');
    await at('/dashboard');
    await act(() => userStore.logout());
    expect(getToken()).toBeNull();
    await at('/login');
    expect(calls).toContain('POST /v1/global/logout');
  });

  it('opens the live socket with the session token; a `messages` push updates the bell; logout closes it', async () => {
    signIn({ is_main: true, permissions: [] });
    const first = live.peers.length;
    const { at } = open('/dashboard');
    await at('/dashboard');
    const peer = await live.peer(first);
    expect(await peer.next('auth')).toEqual({ type: 'auth', token: 'access' });
    await waitFor(() => expect(screen.getByTestId('message-badge').textContent).toContain('7'));

    unread = { notice: 3, billing: 2, alarm: 4 };
    peer.send({ type: 'messages' });
    await waitFor(() => expect(screen.getByTestId('message-badge').textContent).toContain('9'));

    await act(() => userStore.logout());
    expect(await peer.closed).toBe(1000);
  });
  it('at phone width keeps the menu in a drawer that the header opens and a choice closes', async () => {
    const width = window.innerWidth;
    window.innerWidth = 390;
    try {
      signIn({ is_main: true, permissions: [] });
      const { at } = open('/message/msgSystem');
      expect(await screen.findByTestId('page-msgSystem')).toBeTruthy();
      expect(screen.queryByTestId('menu-dashboard')).toBeNull();
      const toggle = screen.getByTestId('menu-toggle');
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      fireEvent.click(toggle);
      fireEvent.click(await screen.findByTestId('menu-dashboard'));
      await at('/dashboard');
      await waitFor(() =>
        expect(screen.getByTestId('menu-toggle').getAttribute('aria-expanded')).toBe('false'),
      );
    } finally {
      window.innerWidth = width;
    }
  });
});
