// @vitest-environment jsdom
/**
 * A signed-in visit requests its first screen's user info, shell and page at boot, alongside the
 * texts (issue 16: the dashboard's LCP); a signed-out visit, and any public page, load none of it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../test/render';
import { preloadFirstScreen } from './router';
import { menuPages } from './routes/menuPages';
import { saveSession } from '../api/tokens';
import { userStore } from '../session/userStore';

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
  userStore.reset();
});

/** Spies on the user-info load and on the given menu pages' preloads (nothing is fetched). */
function spies(...keys: string[]) {
  const user = vi.spyOn(userStore, 'ensureLoaded').mockResolvedValue(undefined);
  const pages = keys.map((key) => {
    const page = menuPages[key];
    if (!page) throw new Error(`no menu page ${key}`);
    return vi.spyOn(page, 'preload').mockResolvedValue(undefined);
  });
  return { user, pages };
}

describe('the first screen, requested at boot', () => {
  it('for a signed-in visit to a menu page: user info and that page', async () => {
    saveSession({ token: 'access', refresh_token: 'refresh' });
    const { user, pages } = spies('devicelist', 'dashboard');
    await expect(preloadFirstScreen('/device/devicelist')).resolves.toBeUndefined();
    expect(user).toHaveBeenCalledOnce();
    expect(pages[0]).toHaveBeenCalledOnce();
    expect(pages[1]).not.toHaveBeenCalled();
  });

  it('for `/`: the usual landing page, the dashboard', async () => {
    saveSession({ token: 'access', refresh_token: 'refresh' });
    const { pages } = spies('dashboard');
    await expect(preloadFirstScreen('/')).resolves.toBeUndefined();
    expect(pages[0]).toHaveBeenCalledOnce();
  });

  it('nothing without a session, nor for the login page or another public page', () => {
    const { user, pages } = spies('dashboard');
    expect(preloadFirstScreen('/dashboard')).toBeNull();
    saveSession({ token: 'access', refresh_token: 'refresh' });
    for (const path of ['/login', '/register', '/scada', '/serviceagreement/en'])
      expect(preloadFirstScreen(path)).toBeNull();
    expect(user).not.toHaveBeenCalled();
    expect(pages[0]).not.toHaveBeenCalled();
  });
});
