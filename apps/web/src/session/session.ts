/**
 * The session API screens use: stored tokens, the signed-in user's data, login redirect and logout.
 */
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { loginRedirectTarget } from './landing';
import { saveSession, type SessionTokens } from '../api/tokens';
import { userStore } from './userStore';

export {
  getToken,
  getRefreshToken,
  getHost,
  saveSession,
  clearSession,
  session,
  type SessionTokens,
} from '../api/tokens';
export { userStore, useSession, type UserState, type SessionApi } from './userStore';
export { loginRedirectTarget } from './landing';

/**
 * For the login screen: call the returned function with the login response. It stores the session
 * (token, refresh token, host) and opens the page a signed-in user would get from /login: the
 * template or project of a `templateid`/`projectid` link, else the landing page, query kept.
 */
export function useLoginRedirect(): (tokens: SessionTokens) => void {
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(
    (tokens: SessionTokens) => {
      saveSession(tokens);
      userStore.reset();
      void navigate(loginRedirectTarget(search), { replace: true });
    },
    [navigate, search],
  );
}

/** Logs out: best-effort server call, session cleared, /login opened. */
export const logout = (): Promise<void> => userStore.logout();
