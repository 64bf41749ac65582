/**
 * A call's route (method, path, central host) standing in for its contract definition. The client
 * reads nothing else of a definition, and the definitions' zod schemas cost the first screens most of
 * their weight: the account and message calls, which the login page and a session's first load
 * make, use routes so that the entry chunk holds neither zod nor the contract's call modules.
 * `route.test.ts` checks every route against its definition.
 */
import type { CallDef } from '@hmi/contract';

export type Route = Readonly<Pick<CallDef, 'id' | 'method' | 'path' | 'central'>>;

/** Every route made, by call id (for the test). */
export const routes = new Map<string, Route>();

/** The route of call `C`, typed as `C` for `call()`. */
export function route<C extends CallDef>(r: Route): C {
  routes.set(r.id, r);
  // The one place a route passes for a definition: `call()` reads method, path and central only.
  return r as unknown as C;
}
