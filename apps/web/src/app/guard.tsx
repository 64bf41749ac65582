/**
 * Route guard of spec section 2. Public routes are not wrapped. The shell route is wrapped in
 * `RequireSession`: no token → /login; first entry loads user info, message counts and the menu;
 * a route whose menu entry needs a permission the user lacks → their landing page, with a notice.
 */
import { Suspense, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  agreementLanguages,
  defaultChildPath,
  hasPermission,
  type PermissionRequirement,
} from '@hmi/contract';
import { landingPath, loginRedirectTarget, mayOpen } from '../session/landing';
import { session } from '../api/tokens';
import { useSession, userStore } from '../session/userStore';
import { lazyNamed } from './routes/lazy';
import { useFeedback } from './feedback';

export { useLoginRedirect } from '../session/session';

// Only on a failed load: antd's Result (with its illustrations) stays out of the first screen's code.
const SessionLoadFailed = lazyNamed(() => import('./SessionLoadFailed').then((m) => m.SessionLoadFailed));

/** The stored access token, re-read whenever the session changes. */
export function useToken(): string | null {
  return useSyncExternalStore(session.subscribe, session.getToken, session.getToken);
}

export function RequireSession({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const token = useToken();
  const { status, userInfo } = useSession();

  useEffect(() => {
    if (token && status === 'idle') void userStore.ensureLoaded();
  }, [token, status]);

  if (!token) return <Navigate to="/login" replace />;
  if (status === 'error')
    return (
      <Suspense fallback={null}>
        <SessionLoadFailed />
      </Suspense>
    );
  if (status !== 'ready' || !userInfo) return <Spin fullscreen spinning description={t('common.loading')} />;
  if (!mayOpen(userInfo, pathname)) return <Denied to={landingPath(userInfo)} />;
  return children;
}

/**
 * A route the user may not open: to their landing page, saying why (a sub-account would otherwise
 * take the silent jump for a broken link).
 */
function Denied({ to }: { to: string }) {
  const { t } = useTranslation();
  // Not App.useApp(): importing antd's App would bring its feedback pieces into the entry chunk.
  const { message } = useFeedback();
  useEffect(() => {
    // Keyed: StrictMode's second run and a chain of denied routes show one notice.
    void message.warning({ key: 'route-denied', content: t('common.routeDenied') });
  }, [message, t]);
  return <Navigate to={to} replace />;
}

/** Index of `/`: the landing page, query kept (e.g. after login). */
export function LandingRedirect() {
  const { search } = useLocation();
  const { userInfo } = useSession();
  if (!userInfo) return null;
  return <Navigate to={`${landingPath(userInfo)}${search}`} replace />;
}

/** Index of a menu area: its first child the user may open (the spec's default child when allowed). */
export function DefaultChildRedirect({ parent }: { parent: string }) {
  const { search } = useLocation();
  const { userInfo } = useSession();
  if (!userInfo) return null;
  const target = defaultChildPath(userInfo, parent) ?? landingPath(userInfo);
  return <Navigate to={`${target}${search}`} replace />;
}

/** /login: a signed-in user is sent on (template/project link or landing page, query kept). */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { search } = useLocation();
  const token = useToken();
  if (token) return <Navigate to={loginRedirectTarget(search)} replace />;
  return children;
}

/** Agreement pages exist in cn, en and tw only; any other language goes to /. */
export function AgreementLanguageGuard({
  lang,
  children,
}: {
  lang: string | undefined;
  children: ReactNode;
}) {
  if (!(agreementLanguages as readonly string[]).includes(lang ?? '')) return <Navigate to="/" replace />;
  return children;
}

/** A route outside the menu that still needs a permission id (e.g. device detail, id 2). */
export function RequirePermission({ id, children }: { id: PermissionRequirement; children: ReactNode }) {
  const { userInfo } = useSession();
  if (!userInfo) return null;
  if (!hasPermission(userInfo, id)) return <Denied to={landingPath(userInfo)} />;
  return children;
}
