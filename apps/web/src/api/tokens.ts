/**
 * Session tokens in persistent storage. Kept free of React and the router so the HTTP client (and
 * its node tests) can use it; `session.ts` is the public face for screens.
 */

/** The slice of the Web Storage API the session needs; tests pass an in-memory one. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const SESSION_KEYS = { token: 'token', refreshToken: 'refresh_token', host: 'host' } as const;

/** What login and refresh answer with; `host` is the origin of the user's data centre. */
export interface SessionTokens {
  token: string;
  refresh_token: string;
  host?: string | null;
}

export interface Session {
  getToken(): string | null;
  getRefreshToken(): string | null;
  getHost(): string | null;
  /** The data centre picked before login: later calls (login included) go to its host. */
  setHost(host: string): void;
  save(tokens: SessionTokens): void;
  /** Removes both tokens; `host: true` also forgets the data-centre host (failed refresh). */
  clear(options?: { host?: boolean }): void;
  /** Called after every save or clear. Returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

export function memoryStorage(): KeyValueStorage {
  const data = new Map<string, string>();
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

export function createSession(storage: KeyValueStorage): Session {
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  return {
    getToken: () => storage.getItem(SESSION_KEYS.token) || null,
    getRefreshToken: () => storage.getItem(SESSION_KEYS.refreshToken) || null,
    getHost: () => storage.getItem(SESSION_KEYS.host) || null,
    setHost(host) {
      storage.setItem(SESSION_KEYS.host, host);
      notify();
    },
    save(tokens) {
      storage.setItem(SESSION_KEYS.token, tokens.token);
      storage.setItem(SESSION_KEYS.refreshToken, tokens.refresh_token);
      if (tokens.host) storage.setItem(SESSION_KEYS.host, tokens.host);
      notify();
    },
    clear(options) {
      storage.removeItem(SESSION_KEYS.token);
      storage.removeItem(SESSION_KEYS.refreshToken);
      if (options?.host) storage.removeItem(SESSION_KEYS.host);
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function browserStorage(): KeyValueStorage {
  try {
    if (typeof window !== 'undefined' && window.localStorage) return window.localStorage;
  } catch {
    // Storage can be disabled (privacy mode); the session then lasts for the page only.
  }
  return memoryStorage();
}

/** The session of this browser tab, backed by localStorage. */
export const session: Session = createSession(browserStorage());

export const getToken = (): string | null => session.getToken();
export const getRefreshToken = (): string | null => session.getRefreshToken();
export const getHost = (): string | null => session.getHost();
export const saveSession = (tokens: SessionTokens): void => session.save(tokens);
export const clearSession = (options?: { host?: boolean }): void => session.clear(options);
