/** The data dashboard: device counters and the caller's favourite devices. */
import type * as defs from '@hmi/contract';
import { call, type CallOptions } from './client';
import { routeTable } from './route';

// A route, not the contract's definition: a signed-in visit to the dashboard requests it at boot,
// from the entry chunk (`preloadFirstScreen` in app/router.tsx), which holds no zod.
const def = routeTable<typeof defs>()({
  getDashboard: { method: 'GET', path: '/dashboard' },
});

/** The call, for its cache key (`callKey(dashboardCall, {})`). */
export const dashboardCall = def.getDashboard;

const request = (options?: CallOptions) => call(def.getDashboard, {}, options);

/** How long an answer requested at boot may stand for the page's first load. */
export const EARLY_FRESH_MS = 10_000;

let early: { answer: ReturnType<typeof request>; at: number } | null = null;

/**
 * Requests the dashboard at boot, with the chunks and the texts: the page's own request would start
 * only once they are in and the shell has rendered, one more round before its largest paint. The
 * page's first load takes this answer (`getDashboard`). Silent: a failure is left to the page's own
 * request, which shows it as before.
 */
export function preloadDashboard(): void {
  const answer = request({ handleError: true });
  // Taken or not, a failure here is never the caller's to see.
  answer.catch(() => undefined);
  early = { answer, at: Date.now() };
}

/**
 * The dashboard: the answer requested at boot when one is waiting and fresh (each is taken once),
 * else a request of its own; a failed early answer is asked again.
 */
export function getDashboard(options?: CallOptions) {
  const taken = early;
  early = null;
  if (taken && Date.now() - taken.at < EARLY_FRESH_MS) return taken.answer.catch(() => request(options));
  return request(options);
}
