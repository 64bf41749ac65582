/**
 * The routes open without a session (spec section 2). Light on purpose: the entry decides from
 * them, before the router and the pages have loaded, whether a visit needs the signed-in first
 * screen (app/firstData.ts).
 */
import { matchPath } from 'react-router';

export const publicPaths = {
  login: '/login',
  register: '/register',
  forgotPassword: '/forgetpwd',
  scada: '/scada',
  scadaEdit: '/scada/edit',
  activeResult: '/activeresult',
  appDownload: '/appdownload',
  serviceAgreement: '/serviceagreement/:lang',
  privacyAgreement: '/privacyagreement/:lang',
} as const;

/** Whether `pathname` is a public route; anything else is the shell's (an unknown path goes to `/`). */
export function isPublicPath(pathname: string): boolean {
  return Object.values(publicPaths).some((path) => matchPath(path, pathname) !== null);
}
