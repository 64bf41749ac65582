/**
 * The web app's query cache (TanStack Query): every loaded answer of a contract call, keyed by the
 * call (see callQuery.ts). Errors are not handled here: the API client has already shown the
 * translated toast (or the caller asked to handle it), so the cache only keeps the last good data.
 */
import { QueryClient } from '@tanstack/react-query';
import { session as browserSession, type Session } from './tokens';

/** How long an answer no screen shows any more stays cached (bounded memory on long sessions). */
const UNUSED_ANSWER_MS = 5 * 60_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // No retries: the client toasts every failed attempt, so a retry would toast twice, and a
        // business error answers the same the second time. A failure keeps the last data.
        retry: false,
        gcTime: UNUSED_ANSWER_MS,
        // Screens load on mount (and after the changes that invalidate them), as they always did;
        // a focus or reconnect does not reload every table behind the user's back.
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * Empties `client` when `session` ends (logout, lost or removed account): the next user of this tab
 * must not see the previous one's answers. Returns the unsubscribe.
 */
export function clearOnSessionEnd(client: QueryClient, session: Session): () => void {
  let signedIn = session.getToken() !== null;
  return session.subscribe(() => {
    const now = session.getToken() !== null;
    if (signedIn && !now) client.clear();
    signedIn = now;
  });
}

/** The app's cache. */
export const queryClient: QueryClient = createQueryClient();
clearOnSessionEnd(queryClient, browserSession);
