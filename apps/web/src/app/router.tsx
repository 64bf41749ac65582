/**
 * Every route of spec section 2, hash history. Each route's `handle.titleKey` feeds the page title;
 * shell routes are guarded by `RequireSession` (session, first load, route permission). The menu's
 * routes are built from the contract's `menuTree`; the routes outside the menu are listed here.
 */
import type { ReactNode } from 'react';
import { createHashRouter, Navigate, Outlet, useParams, type RouteObject } from 'react-router';
import { menuTree } from '@hmi/contract';
import { LoginPage } from '../pages/public/LoginPage';
import { deviceDetailRoute } from './routes/deviceDetail';
import { remoteViewRoute } from './routes/remoteView';
import { lazyNamed, Loaded, page } from './routes/lazy';
import { menuPages } from './routes/menuPages';
import { firstScreenAt } from './routes/firstScreen';
import { publicPaths } from './routes/publicPaths';
import { menuRoutes } from './routes/menuRoutes';
import { setNavigateToLogin } from '../api/client';
import { userStore } from '../session/userStore';
import { AgreementLanguageGuard, LandingRedirect, PublicOnly, RequireSession } from './guard';
import { useDocumentTitle, type RouteHandle } from './title';
import { RouteError } from './RouteError';

// The login page is the first load of most visits: it stays in the entry chunk, the rest is split.
const RegisterPage = lazyNamed(() => import('../pages/public/RegisterPage').then((m) => m.RegisterPage));
const ForgotPasswordPage = lazyNamed(() =>
  import('../pages/public/ForgotPasswordPage').then((m) => m.ForgotPasswordPage),
);
const ActiveResultPage = lazyNamed(() =>
  import('../pages/public/ActiveResultPage').then((m) => m.ActiveResultPage),
);
const AgreementPage = lazyNamed(() => import('../pages/public/AgreementPage').then((m) => m.AgreementPage));
const AppDownloadPage = lazyNamed(() =>
  import('../pages/public/AppDownloadPage').then((m) => m.AppDownloadPage),
);
const ScadaPage = lazyNamed(() => import('../pages/public/ScadaPage').then((m) => m.ScadaPage));
const ScadaEditPage = lazyNamed(() => import('../pages/public/ScadaEditPage').then((m) => m.ScadaEditPage));
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
    publicPaths.login,
    <PublicOnly>
      <LoginPage />
    </PublicOnly>,
  ),
  titled('menu.register', publicPaths.register, page(RegisterPage)),
  titled('menu.forgotPassword', publicPaths.forgotPassword, page(ForgotPasswordPage)),
  titled('menu.scada', publicPaths.scada, page(ScadaPage)),
  titled('menu.scadaEdit', publicPaths.scadaEdit, page(ScadaEditPage)),
  titled('menu.activeResult', publicPaths.activeResult, page(ActiveResultPage)),
  titled('menu.appDownload', publicPaths.appDownload, page(AppDownloadPage)),
  titled('menu.serviceAgreement', publicPaths.serviceAgreement, <Agreement kind="service" />),
  titled('menu.privacyAgreement', publicPaths.privacyAgreement, <Agreement kind="privacy" />),
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
 * A signed-in visit to a shell route: its first screen's shell and page requested now, alongside
 * the texts and the first calls (app/firstData.ts), rather than each one round after the other
 * (issue 16: the dashboard's LCP). Settles when the user info, shell and page are in (or failed:
 * their own render shows that), so the first render can show them in one go: a render before then
 * shows a spinner in their place, and React holds the content back for up to 300 ms after it.
 * `/` opens the landing page, usually the dashboard. Null, loading nothing, for a signed-out visit
 * or a public page. Call before the first render.
 */
export function preloadFirstScreen(pathname: string): Promise<void> | null {
  const first = firstScreenAt(pathname);
  if (!first) return null;
  const user = userStore.ensureLoaded().catch(() => undefined);
  const page = first.page ? menuPages[first.page]?.preload() : undefined;
  return Promise.all([user, AppShell.preload(), page]).then(() => undefined);
}
