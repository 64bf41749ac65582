/**
 * Every route of spec section 2, hash history. Each route's `handle.titleKey` feeds the page title;
 * shell routes are guarded by `RequireSession` (session, first load, route permission). The menu's
 * routes are built from the contract's `menuTree`; the routes outside the menu are listed here.
 */
import type { ReactNode } from 'react';
import { createHashRouter, matchRoutes, Navigate, Outlet, useParams, type RouteObject } from 'react-router';
import { menuTree } from '@hmi/contract';
import { LoginPage } from '../features/auth/LoginPage';
import { deviceDetailRoute } from './routes/deviceDetail';
import { remoteViewRoute } from './routes/remoteView';
import { lazyNamed, Loaded, page } from './routes/lazy';
import { menuPages } from './routes/menuPages';
import { menuRoutes } from './routes/menuRoutes';
import { setNavigateToLogin } from '../api/client';
import { preloadDashboard } from '../api/dashboard';
import { session } from '../api/tokens';
import { menuEntryAt } from '../session/landing';
import { userStore } from '../session/userStore';
import { AgreementLanguageGuard, LandingRedirect, PublicOnly, RequireSession } from './guard';
import { useDocumentTitle, type RouteHandle } from './title';
import { RouteError } from './RouteError';

// The login page is the first load of most visits: it stays in the entry chunk, the rest is split.
const RegisterPage = lazyNamed(() => import('../features/auth/RegisterPage').then((m) => m.RegisterPage));
const ForgotPasswordPage = lazyNamed(() =>
  import('../features/auth/ForgotPasswordPage').then((m) => m.ForgotPasswordPage),
);
const ActiveResultPage = lazyNamed(() =>
  import('../features/auth/ActiveResultPage').then((m) => m.ActiveResultPage),
);
const AgreementPage = lazyNamed(() => import('../features/legal/AgreementPage').then((m) => m.AgreementPage));
const AppDownloadPage = lazyNamed(() =>
  import('../features/download/AppDownloadPage').then((m) => m.AppDownloadPage),
);
const ScadaPage = lazyNamed(() => import('../features/scada/ScadaPage').then((m) => m.ScadaPage));
const AppShell = lazyNamed(() => import('./shell/AppShell').then((m) => m.AppShell));

/** Root of every route: keeps the document title in step with the matched route. */
function RootLayout() {
  useDocumentTitle();
  return <Outlet />;
}

function Agreement({ kind }: { kind: 'service' | 'privacy' }) {
  const { lang } = useParams();
  return (
    <AgreementLanguageGuard lang={lang}>
      <Loaded>
        <AgreementPage kind={kind} />
      </Loaded>
    </AgreementLanguageGuard>
  );
}

const titled = (titleKey: string, path: string, element: ReactNode): RouteObject => ({
  path,
  element,
  handle: { titleKey } satisfies RouteHandle,
});

const publicRoutes: RouteObject[] = [
  titled(
    'menu.login',
    '/login',
    <PublicOnly>
      <LoginPage />
    </PublicOnly>,
  ),
  titled('menu.register', '/register', page(RegisterPage)),
  titled('menu.forgotPassword', '/forgetpwd', page(ForgotPasswordPage)),
  titled('menu.scada', '/scada', page(ScadaPage)),
  titled('menu.activeResult', '/activeresult', page(ActiveResultPage)),
  titled('menu.appDownload', '/appdownload', page(AppDownloadPage)),
  titled('menu.serviceAgreement', '/serviceagreement/:lang', <Agreement kind="service" />),
  titled('menu.privacyAgreement', '/privacyagreement/:lang', <Agreement kind="privacy" />),
];

const shellRoute: RouteObject = {
  path: '/',
  element: (
    <RequireSession>
      <Loaded>
        <AppShell />
      </Loaded>
    </RequireSession>
  ),
  children: [
    { index: true, element: <LandingRedirect /> },
    ...menuRoutes(menuTree, menuPages, { device: [deviceDetailRoute, remoteViewRoute] }),
  ],
};

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [...publicRoutes, shellRoute, { path: '*', element: <Navigate to="/" replace /> }],
  },
];

export const router = createHashRouter(routes);

// After a lost session the client opens /login through the router (no full hash reload).
setNavigateToLogin(() => void router.navigate('/login', { replace: true }));

/**
 * A signed-in visit to a shell route: its first screen's user info, shell and page (and the
 * dashboard's data) requested now, alongside the texts, rather than each one round after the other
 * (issue 16: the dashboard's LCP).
 * `/` opens the landing page, usually the dashboard. False, loading nothing, for a signed-out visit
 * or a public page. Call before the first render.
 */
export function preloadFirstScreen(pathname: string): boolean {
  if (!session.getToken() || !matchRoutes(routes, pathname)?.some((m) => m.route === shellRoute))
    return false;
  void userStore.ensureLoaded();
  AppShell.preload();
  const key = pathname === '/' ? 'dashboard' : menuEntryAt(pathname)?.key;
  if (key) menuPages[key]?.preload();
  // The dashboard's data too: it is what its largest paint shows.
  if (key === 'dashboard') preloadDashboard();
  return true;
}
