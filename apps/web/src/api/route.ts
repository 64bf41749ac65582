/**
 * Calls' routes (method, path, central host) standing in for their contract definitions. The client
 * reads nothing else of a definition, and the definitions' zod schemas cost the first screens most of
 * their weight: the account and message calls, which the login page and a session's first load
 * make, use routes so that the entry chunk holds neither zod nor the contract's call modules.
 * `route.test.ts` checks every route against its definition.
 */
import type { CallDef } from '@hmi/contract';

export type Route = Readonly<Pick<CallDef, 'id' | 'method' | 'path' | 'central'>>;

/** The names of the call definitions among a module's exports. */
type CallIds<Defs> = { [K in keyof Defs]: Defs[K] extends CallDef ? K : never }[keyof Defs] & string;

/** Every route made, by call id (for the test). */
export const routes = new Map<string, Route>();

/**
 * The routes of the calls a table names (by id), each typed as its definition among `Defs` (the
 * contract's exports, `typeof defs`) for `call()`. Curried so that the ids are read off the table.
 */
export function routeTable<Defs>() {
  return <K extends CallIds<Defs>>(table: Record<K, Omit<Route, 'id'>>): Pick<Defs, K> => {
    const made: Partial<Record<K, Route>> = {};
    for (const id of Object.keys(table) as K[]) {
      const r: Route = { id, ...table[id] };
      routes.set(id, r);
      made[id] = r;
    }
    // The one place routes pass for definitions: `call()` reads method, path and central only.
    return made as unknown as Pick<Defs, K>;
  };
}
