/**
 * The live-data websocket (`/v1/ws`) of one signed-in session, framework-free: authenticates with
 * the current access token as its first message, re-authenticates when the token is refreshed,
 * refreshes through the HTTP client's one refresh path when the server says 1008/1009, reconnects
 * with backoff when the connection drops, and ends with the session (logout, 1055). Device
 * subscriptions are reference-counted across the screens that watch them; the latest state of each
 * watched device is cached so a screen mounted later sees it at once.
 */
import {
  ErrorCode,
  WS_CLOSE_ORIGIN,
  WS_SUBSCRIPTIONS_MAX,
  wsServerMessage,
  type WsClientMessage,
  type WsServerMessage,
} from '@hmi/contract';
import type { Session } from '../tokens';

/** The part of a browser WebSocket the connection uses (the `ws` package's client fits too). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface LiveDeps {
  url(): string;
  session: Pick<Session, 'getToken' | 'subscribe'>;
  /** The HTTP client's refresh; rejects when the session cannot be refreshed (it then ends it). */
  refresh(staleToken: string | null): Promise<void>;
  /** Ends the session of a removed account (1055), as the HTTP client does. */
  accountGone(): void;
  createSocket(url: string): SocketLike;
  /** Reconnect delays: doubling from `minMs` up to `maxMs`, with up to 50% jitter. */
  backoff?: { minMs: number; maxMs: number };
  /** A ping goes out this often while connected; no pong within `pongTimeoutMs` drops the socket. */
  pingMs?: number;
  pongTimeoutMs?: number;
  random?: () => number;
}

export type LiveStatus = 'idle' | 'connecting' | 'live' | 'reconnecting';

export interface TagSample {
  value: string;
  /** Sample time, epoch ms. */
  ts: number;
}

/** What the socket told about one watched device since it was first watched. */
export interface LiveDevice {
  online?: { online: number; at: number };
  sync?: { sync_status: number; hmi_version: number | null; cloud_version: number | null };
  values: ReadonlyMap<string, TagSample>;
}

export type CommandEvent = Extract<WsServerMessage, { type: 'command' }>;

export interface LiveConnection {
  /** Connects while the session has a token (again after each new login), until `stop`. */
  start(): void;
  stop(): void;
  readonly status: LiveStatus;
  /** Watches devices until the returned function is called (reference-counted per id). */
  watch(ids: readonly number[]): () => void;
  device(id: number): LiveDevice | undefined;
  /** Online or sync state of any watched device changed; `version` changes with it. */
  onDevices(listener: () => void): () => void;
  readonly version: number;
  onValues(deviceId: number, listener: () => void): () => void;
  onCommand(listener: (event: CommandEvent) => void): () => void;
  onMessages(listener: () => void): () => void;
  /** Authenticated; `again` is true after a reconnect (events may have been missed meanwhile). */
  onReady(listener: (again: boolean) => void): () => void;
  onStatus(listener: () => void): () => void;
}

const OPEN = 1;
const NORMAL_CLOSE = 1000;
const EMPTY_VALUES: ReadonlyMap<string, TagSample> = new Map();

/** The catalogue code of a close code 4000 + (code - 1000), or null for other close codes. */
function closeCatalogueCode(code: number): number | null {
  return code >= 4000 && code < 4400 ? code - 3000 : null;
}

function listeners<A extends unknown[]>() {
  const set = new Set<(...args: A) => void>();
  return {
    add(fn: (...args: A) => void) {
      set.add(fn);
      return () => void set.delete(fn);
    },
    emit: (...args: A) => [...set].forEach((fn) => fn(...args)),
  };
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

  const refs = new Map<number, number>();
  const devices = new Map<number, LiveDevice>();
  let version = 0;

  const deviceListeners = listeners<[]>();
  const valueListeners = new Map<number, Set<() => void>>();
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

  function updateDevice(id: number, patch: (d: LiveDevice) => LiveDevice): LiveDevice | null {
    const current = devices.get(id);
    if (!current) return null;
    const next = patch(current);
    devices.set(id, next);
    return next;
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
        sendDevices('subscribe', [...refs.keys()]);
        startPing();
        readyListeners.emit(again);
        return;
      }
      case 'pong':
        if (pongTimer) clearTimeout(pongTimer);
        pongTimer = null;
        return;
      case 'values':
        if (
          updateDevice(msg.device_id, (d) => {
            const values = new Map(d.values);
            for (const v of msg.values) {
              const prev = values.get(v.tag);
              if (!prev || v.ts >= prev.ts) values.set(v.tag, { value: v.value, ts: v.ts });
            }
            return { ...d, values };
          })
        )
          valueListeners.get(msg.device_id)?.forEach((fn) => fn());
        return;
      case 'online':
        if (updateDevice(msg.device_id, (d) => ({ ...d, online: { online: msg.online, at: msg.at } })))
          changed();
        return;
      case 'sync': {
        const { sync_status, hmi_version, cloud_version } = msg;
        if (updateDevice(msg.device_id, (d) => ({ ...d, sync: { sync_status, hmi_version, cloud_version } })))
          changed();
        return;
      }
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

  function changed() {
    version += 1;
    deviceListeners.emit();
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
      devices.forEach((_, id) => devices.set(id, { values: EMPTY_VALUES }));
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

  function watch(ids: readonly number[]): () => void {
    const added: number[] = [];
    for (const id of new Set(ids)) {
      const n = refs.get(id) ?? 0;
      refs.set(id, n + 1);
      if (n === 0) {
        added.push(id);
        devices.set(id, { values: EMPTY_VALUES });
      }
    }
    if (added.length && status === 'live') sendDevices('subscribe', added);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const removed: number[] = [];
      for (const id of new Set(ids)) {
        const n = (refs.get(id) ?? 1) - 1;
        if (n > 0) refs.set(id, n);
        else {
          refs.delete(id);
          devices.delete(id);
          removed.push(id);
        }
      }
      if (removed.length && status === 'live') sendDevices('unsubscribe', removed);
    };
  }

  return {
    start,
    stop,
    get status() {
      return status;
    },
    get version() {
      return version;
    },
    watch,
    device: (id) => devices.get(id),
    onDevices: deviceListeners.add,
    onValues(deviceId, listener) {
      let set = valueListeners.get(deviceId);
      if (!set) valueListeners.set(deviceId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (!set.size) valueListeners.delete(deviceId);
      };
    },
    onCommand: commandListeners.add,
    onMessages: messageListeners.add,
    onReady: readyListeners.add,
    onStatus: statusListeners.add,
  };
}
