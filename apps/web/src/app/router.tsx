/**
 * Every route of spec section 2, hash history. Each route's `handle.titleKey` feeds the page title;
 * shell routes are guarded by `RequireSession` (session, first load, route permission).
 */
import type { ReactNode } from 'react';
import { createHashRouter, Navigate, Outlet, useParams, type RouteObject } from 'react-router';
import { ActiveResultPage } from '../features/auth/ActiveResultPage';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage';
import { LoginPage } from '../features/auth/LoginPage';
import { RegisterPage } from '../features/auth/RegisterPage';
import { BillingRoutes } from './routes/billing';
import { DeviceRoutes } from './routes/device';
import { MessageRoutes } from './routes/message';
import { SystemRoutes } from './routes/system';
import { AgreementPage } from '../features/legal/AgreementPage';
import { AppDownloadPage } from '../features/download/AppDownloadPage';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { ScadaPage } from '../features/scada/ScadaPage';
import { setNavigateToLogin } from '../api/client';
import { AgreementLanguageGuard, LandingRedirect, PublicOnly, RequireSession } from './guard';
import { AppShell } from './shell/AppShell';
import { useDocumentTitle, type RouteHandle } from './title';

/** Root of every route: keeps the document title in step with the matched route. */
function RootLayout() {
  useDocumentTitle();
  return <Outlet />;
}

function Agreement({ kind }: { kind: 'service' | 'privacy' }) {
  const { lang } = useParams();
  return (
    <AgreementLanguageGuard lang={lang}>
      <AgreementPage kind={kind} />
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
  titled('menu.register', '/register', <RegisterPage />),
  titled('menu.forgotPassword', '/forgetpwd', <ForgotPasswordPage />),
  titled('menu.scada', '/scada', <ScadaPage />),
  titled('menu.activeResult', '/activeresult', <ActiveResultPage />),
  titled('menu.appDownload', '/appdownload', <AppDownloadPage />),
  titled('menu.serviceAgreement', '/serviceagreement/:lang', <Agreement kind="service" />),
  titled('menu.privacyAgreement', '/privacyagreement/:lang', <Agreement kind="privacy" />),
];

const shellRoute: RouteObject = {
  path: '/',
  element: (
    <RequireSession>
      <AppShell />
    </RequireSession>
  ),
  children: [
    { index: true, element: <LandingRedirect /> },
    titled('menu.dashboard', 'dashboard', <DashboardPage />),
    DeviceRoutes,
    BillingRoutes,
    MessageRoutes,
    SystemRoutes,
  ],
};

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [...publicRoutes, shellRoute, { path: '*', element: <Navigate to="/" replace /> }],
  },
];

export const router = createHashRouter(routes);

// After a lost session the client opens /login through the router (no full hash reload).
setNavigateToLogin(() => void router.navigate('/login', { replace: true }));
