/** The app's one live connection, wired to the browser session and the HTTP client's refresh. */
import { WS_PATH } from '@hmi/contract';
import { apiClient } from '../api/client';
import { session } from '../api/tokens';
import { userStore } from '../session/userStore';
import { createLiveConnection } from './connection';
import type { SocketLike } from './types';

/** `ws(s)://` URL of the live websocket on the data-centre host (or this page's origin). */
export function liveUrl(host: string | null, pageOrigin: string): string {
  const url = new URL(WS_PATH, host || pageOrigin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

export const live = createLiveConnection({
  url: () => liveUrl(session.getHost(), window.location.origin),
  session,
  refresh: (stale) => apiClient.refresh(stale),
  accountGone: () => apiClient.accountGone(),
  createSocket: (url) => new WebSocket(url) as SocketLike,
});

// Closed before a logout: the server ends the socket of the logged-out session, which must not refresh.
userStore.onBeforeLogout(() => live.stop());
