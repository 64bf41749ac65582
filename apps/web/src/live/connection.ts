/**
 * The live-data websocket (`/v1/ws`) of one signed-in session, framework-free: authenticates with
 * the current access token as its first message, re-authenticates when the token is refreshed,
 * refreshes through the HTTP client's one refresh path when the server says 1008/1009, reconnects
 * with backoff when the connection drops, and ends with the session (logout, 1055). The watched
 * devices and their cached state live in `deviceStore.ts`.
 */
import {
  ErrorCode,
  WS_CLOSE_ORIGIN,
  WS_SUBSCRIPTIONS_MAX,
  WS_TAGS_MAX,
  wsServerMessage,
  type WsClientMessage,
} from '@hmi/contract';
import { createDeviceStore } from './deviceStore';
import { listeners } from './listeners';
import type { CommandEvent, LiveConnection, LiveDeps, LiveStatus, SocketLike } from './types';

const OPEN = 1;
const NORMAL_CLOSE = 1000;

/** The catalogue code of a close code 4000 + (code - 1000), or null for other close codes. */
function closeCatalogueCode(code: number): number | null {
  return code >= 4000 && code < 4400 ? code - 3000 : null;
}

export function createLiveConnection(deps: LiveDeps): LiveConnection {
  const backoff = deps.backoff ?? { minMs: 1000, maxMs: 30_000 };
  const pingMs = deps.pingMs ?? 25_000;
  const pongTimeoutMs = deps.pongTimeoutMs ?? 10_000;
  const random = deps.random ?? Math.random;

  let started = false;
  let status: LiveStatus = 'idle';
  let socket: SocketLike | null = null;
  /** The token the server last accepted or is checking. */
  let sentToken: string | null = null;
  /** Reconnect attempts since the last `ready`. */
  let attempts = 0;
  let everReady = false;
  /** A token the server refused for good (1001, 1002): wait until the session holds another. */
  let refusedToken: string | null = null;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  let pingTimer: ReturnType<typeof setInterval> | null = null;
  let pongTimer: ReturnType<typeof setTimeout> | null = null;
  let stopSession: (() => void) | null = null;

  const store = createDeviceStore((type, ids) => {
    if (status === 'live') sendDevices(type, ids);
  });
  const commandListeners = listeners<[CommandEvent]>();
  const messageListeners = listeners<[]>();
  const readyListeners = listeners<[boolean]>();
  const statusListeners = listeners<[]>();

  function setStatus(next: LiveStatus) {
    if (status === next) return;
    status = next;
    statusListeners.emit();
  }

  function send(msg: WsClientMessage) {
    if (socket?.readyState === OPEN) socket.send(JSON.stringify(msg));
  }

  /** Devices whose values are narrowed to some TAGs, sent again after each `ready`. */
  const narrowed = new Map<number, string[]>();

  function narrow(deviceId: number, tags: readonly string[] | null) {
    if (tags && tags.length <= WS_TAGS_MAX) narrowed.set(deviceId, [...tags]);
    else if (!narrowed.delete(deviceId)) return;
    if (status === 'live') send({ type: 'tags', device_id: deviceId, tags: narrowed.get(deviceId) ?? null });
  }

  function sendDevices(type: 'subscribe' | 'unsubscribe', ids: number[]) {
    for (let i = 0; i < ids.length; i += WS_SUBSCRIPTIONS_MAX)
      send({ type, devices: ids.slice(i, i + WS_SUBSCRIPTIONS_MAX) });
  }

  function clearTimers() {
    if (reconnectTimer) clearTimeout(reconnectTimer);
    if (pingTimer) clearInterval(pingTimer);
    if (pongTimer) clearTimeout(pongTimer);
    reconnectTimer = pingTimer = pongTimer = null;
  }

  /** Forgets the socket without waiting for its close event (a dead link may take long to say so). */
  function drop(code = NORMAL_CLOSE) {
    const s = socket;
    socket = null;
    clearTimers();
    if (!s) return;
    s.onopen = s.onmessage = s.onclose = s.onerror = null;
    try {
      s.close(code);
    } catch {
      // already closed
    }
  }

  function open() {
    const token = deps.session.getToken();
    if (!started || socket || !token || token === refusedToken) {
      if (!socket && !reconnectTimer) setStatus('idle');
      return;
    }
    setStatus(everReady ? 'reconnecting' : 'connecting');
    const s = deps.createSocket(deps.url());
    socket = s;
    s.onopen = () => {
      sentToken = deps.session.getToken();
      if (sentToken) send({ type: 'auth', token: sentToken });
      else drop();
    };
    s.onmessage = (event) => receive(event.data);
    s.onclose = (event) => closed(event.code);
    s.onerror = () => undefined; // the close event follows with its code
  }

  function reconnectLater() {
    if (!started || reconnectTimer) return;
    const base = Math.min(backoff.maxMs, backoff.minMs * 2 ** Math.min(attempts, 16));
    attempts += 1;
    setStatus(everReady ? 'reconnecting' : 'connecting');
    reconnectTimer = setTimeout(
      () => {
        reconnectTimer = null;
        open();
      },
      base * (1 - random() * 0.5),
    );
  }

  function closed(code: number) {
    const stale = sentToken;
    drop();
    if (!started) return;
    const catalogue = closeCatalogueCode(code);
    if (catalogue === ErrorCode.ACCOUNT_DELETED) {
      stop();
      deps.accountGone();
      return;
    }
    if (catalogue === ErrorCode.AUTH_HEADER_LOST || catalogue === ErrorCode.AUTH_EXPIRED) {
      // A second refusal in a row waits like any failure, so a server that refuses every token is
      // not asked again and again.
      const first = attempts === 0;
      if (!first) reconnectLater();
      deps.refresh(stale).then(
        () => {
          if (first) {
            attempts += 1;
            open();
          }
        },
        () => undefined, // the session is over: the client cleared it, which stops this connection
      );
      return;
    }
    if (catalogue !== null || code === WS_CLOSE_ORIGIN) {
      // A bad token or a user without the right to connect: nothing to retry until another login.
      refusedToken = stale;
      setStatus('idle');
      return;
    }
    reconnectLater();
  }

  function receive(data: unknown) {
    let json: unknown;
    try {
      json = JSON.parse(typeof data === 'string' ? data : String(data));
    } catch {
      return;
    }
    const parsed = wsServerMessage.safeParse(json);
    if (!parsed.success) return;
    const msg = parsed.data;
    switch (msg.type) {
      case 'ready': {
        const again = everReady;
        everReady = true;
        attempts = 0;
        setStatus('live');
        // The token was refreshed while the server was checking the previous one.
        const token = deps.session.getToken();
        if (token && token !== sentToken) {
          sentToken = token;
          send({ type: 'auth', token });
        }
        // Before the subscriptions, so that their snapshots are narrowed too.
        for (const [device_id, tags] of narrowed) send({ type: 'tags', device_id, tags });
        sendDevices('subscribe', store.watched());
        startPing();
        readyListeners.emit(again);
        return;
      }
      case 'pong':
        if (pongTimer) clearTimeout(pongTimer);
        pongTimer = null;
        return;
      case 'values':
      case 'online':
      case 'sync':
        store.apply(msg);
        return;
      case 'command':
        commandListeners.emit(msg);
        return;
      case 'messages':
        messageListeners.emit();
        return;
      case 'error':
      case 'subscribed':
        // Errors come with the close code handled in `closed`; refused ids simply get no events.
        return;
    }
  }

  function startPing() {
    if (pingTimer) clearInterval(pingTimer);
    pingTimer = setInterval(() => {
      send({ type: 'ping' });
      pongTimer ??= setTimeout(() => {
        pongTimer = null;
        drop();
        reconnectLater();
      }, pongTimeoutMs);
    }, pingMs);
  }

  function onSession() {
    const token = deps.session.getToken();
    if (!token) {
      // Logout, a removed account or a failed refresh: the session's data goes with it.
      drop();
      everReady = false;
      attempts = 0;
      refusedToken = null;
      store.forget();
      setStatus('idle');
      return;
    }
    if (socket && status === 'live' && token !== sentToken) {
      sentToken = token;
      send({ type: 'auth', token });
    } else if (!socket && !reconnectTimer) open();
  }

  function start() {
    if (started) return;
    started = true;
    stopSession = deps.session.subscribe(onSession);
    open();
  }

  function stop() {
    started = false;
    stopSession?.();
    stopSession = null;
    drop();
    everReady = false;
    attempts = 0;
    setStatus('idle');
  }

  return {
    start,
    stop,
    get status() {
      return status;
    },
    get version() {
      return store.version;
    },
    watch: store.watch,
    device: store.device,
    onDevices: store.onDevices,
    onValues: store.onValues,
    onCommand: commandListeners.add,
    onMessages: messageListeners.add,
    onReady: readyListeners.add,
    onStatus: statusListeners.add,
    narrow,
  };
}
