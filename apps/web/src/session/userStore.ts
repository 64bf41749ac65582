/**
 * The signed-in user's data, loaded on first entry after login (spec section 2): user info,
 * message counts and the menu built from the permissions. A tiny external store, read with
 * `useSession()` in components and `userStore` elsewhere.
 */
import { useSyncExternalStore } from 'react';
import type { MenuEntry, Message, MessageCounts, UserInfo } from '@hmi/contract';
import { getUserInfo, logout as logoutCall } from '../api/account';
import { getMessageCounts, getTodayMessages } from '../api/message';
import { goToLogin } from '../api/client';
import { clearSession, session } from '../api/tokens';
import { visibleMenu } from './landing';

export type UserStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface UserState {
  status: UserStatus;
  userInfo: UserInfo | null;
  messageCounts: MessageCounts | null;
  todayMessages: Message[];
  menu: MenuEntry[];
}

const initial: UserState = {
  status: 'idle',
  userInfo: null,
  messageCounts: null,
  todayMessages: [],
  menu: [],
};
let state: UserState = initial;
let loadingPromise: Promise<void> | null = null;
const listeners = new Set<() => void>();
/** Run before the logout call (the live connection closes, so it does not refresh a dying session). */
const beforeLogout = new Set<() => void>();

function setState(patch: Partial<UserState>) {
  state = { ...state, ...patch };
  listeners.forEach((listener) => listener());
}

async function loadAll(): Promise<void> {
  setState({ status: 'loading' });
  try {
    // Messages are secondary: a failure there leaves the bell empty instead of blocking the console.
    const [userInfo, counts, today] = await Promise.all([
      getUserInfo(),
      getMessageCounts({ handleError: true }).catch(() => null),
      getTodayMessages({}, { handleError: true }).catch(() => null),
    ]);
    setState({
      status: 'ready',
      userInfo,
      messageCounts: counts,
      todayMessages: today?.list ?? [],
      menu: visibleMenu(userInfo),
    });
  } catch {
    setState({ status: session.getToken() ? 'error' : 'idle' });
  }
}

export const userStore = {
  getState: (): UserState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Loads once per login; later calls share the same promise. */
  ensureLoaded(): Promise<void> {
    if (state.status === 'ready') return Promise.resolve();
    loadingPromise ??= loadAll().finally(() => {
      loadingPromise = null;
    });
    return loadingPromise;
  },
  /** Re-reads user info (e.g. after the profile was edited) and rebuilds the menu. */
  async reloadUserInfo(): Promise<void> {
    const userInfo = await getUserInfo();
    setState({ userInfo, menu: visibleMenu(userInfo) });
  },
  async reloadMessageCounts(): Promise<void> {
    const [messageCounts, today] = await Promise.all([
      getMessageCounts({ handleError: true }),
      getTodayMessages({}, { handleError: true }),
    ]);
    setState({ messageCounts, todayMessages: today.list });
  },
  /** Forgets everything; the next guarded entry loads again. */
  reset(): void {
    loadingPromise = null;
    state = initial;
    listeners.forEach((listener) => listener());
  },
  /** Registers what must stop before a logout (the layers above this store register themselves). */
  onBeforeLogout(fn: () => void): () => void {
    beforeLogout.add(fn);
    return () => beforeLogout.delete(fn);
  },
  /** Ends the session server-side (best effort), clears it locally and opens /login. */
  async logout(): Promise<void> {
    beforeLogout.forEach((fn) => fn());
    await logoutCall({ handleError: true }).catch(() => undefined);
    clearSession();
    goToLogin();
  },
};

// Whoever clears the session (logout, 1055, failed refresh) also drops the user's data.
session.subscribe(() => {
  if (!session.getToken() && state !== initial) userStore.reset();
});

export interface SessionApi extends UserState {
  reloadUserInfo: () => Promise<void>;
  reloadMessageCounts: () => Promise<void>;
  logout: () => Promise<void>;
}

export function useSession(): SessionApi {
  const current = useSyncExternalStore(userStore.subscribe, userStore.getState, userStore.getState);
  return {
    ...current,
    reloadUserInfo: userStore.reloadUserInfo,
    reloadMessageCounts: userStore.reloadMessageCounts,
    logout: userStore.logout,
  };
}
