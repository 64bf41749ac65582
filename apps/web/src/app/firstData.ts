/**
 * A signed-in visit's first calls, made while the entry chunk is still evaluating (main.tsx imports
 * this right after the texts): user info and message counts, and the dashboard's data when the
 * visit opens it. Evaluating the rest of the entry (antd, the router, the login page) takes a
 * hundred ms or more on a slow machine; the answers arrive meanwhile instead of after it (issue 16:
 * the dashboard's LCP). The chunks of that screen are requested by `preloadFirstScreen`.
 */
import { preloadDashboard } from '../api/dashboard';
import { userStore } from '../session/userStore';
import { firstScreenAt } from './routes/firstScreen';

/** The path of a hash URL, as the hash router reads it. */
export function hashPath(hash: string): string {
  return hash.replace(/^#/, '').split(/[?#]/)[0] || '/';
}

/** Starts the calls for a signed-in visit to `pathname`; false (nothing started) otherwise. */
export function requestFirstData(pathname: string): boolean {
  const first = firstScreenAt(pathname);
  if (!first) return false;
  void userStore.ensureLoaded();
  // The dashboard's data is what its largest paint shows.
  if (first.page === 'dashboard') preloadDashboard();
  return true;
}

if (typeof window !== 'undefined') requestFirstData(hashPath(window.location.hash));
