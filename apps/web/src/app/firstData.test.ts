// @vitest-environment jsdom
/**
 * A signed-in visit's first calls start while the entry evaluates; a signed-out visit and the public
 * pages make none.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashPath, requestFirstData } from './firstData';
import { saveSession } from '../api/tokens';
import { userStore } from '../session/userStore';

const dashboard = vi.hoisted(() => ({ preloads: 0 }));
vi.mock('../api/dashboard', () => ({ preloadDashboard: () => (dashboard.preloads += 1) }));

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
  dashboard.preloads = 0;
});

describe('the first calls, at boot', () => {
  it('reads the path of a hash URL as the hash router does', () => {
    expect(['', '#', '#/', '#/dashboard', '#/device/devicelist?page=2', '#/login#x'].map(hashPath)).toEqual([
      '/',
      '/',
      '/',
      '/dashboard',
      '/device/devicelist',
      '/login',
    ]);
  });

  it('for a signed-in visit: user info, and the dashboard data where the visit opens it', () => {
    saveSession({ token: 'access', refresh_token: 'refresh' });
    const user = vi.spyOn(userStore, 'ensureLoaded').mockResolvedValue(undefined);
    expect(requestFirstData('/device/devicelist')).toBe(true);
    expect([user.mock.calls.length, dashboard.preloads]).toEqual([1, 0]);
    expect(requestFirstData('/dashboard')).toBe(true);
    expect(requestFirstData('/')).toBe(true);
    expect([user.mock.calls.length, dashboard.preloads]).toEqual([3, 2]);
  });

  it('nothing without a session, nor on a public page', () => {
    const user = vi.spyOn(userStore, 'ensureLoaded').mockResolvedValue(undefined);
    expect(requestFirstData('/dashboard')).toBe(false);
    saveSession({ token: 'access', refresh_token: 'refresh' });
    for (const path of ['/login', '/register', '/scada', '/serviceagreement/en'])
      expect(requestFirstData(path)).toBe(false);
    expect([user.mock.calls.length, dashboard.preloads]).toEqual([0, 0]);
  });
});
