/** The live connection's public shape, shared by the connection, its device store, hooks and screens. */
import type { WsServerMessage } from '@hmi/contract';
import type { Session } from '../api/tokens';

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
  /** While bad: the last good value known ('' when none). */
  value: string;
  /** Sample time, epoch ms. */
  ts: number;
  /** Set while the TAG is bad: why (DESIGN.md "Field side", quality). */
  q?: string;
  /** While bad: the time of `value`, when this connection received it. */
  goodTs?: number;
}

/** What the socket told about one watched device since it was first watched. */
export interface LiveDevice {
  online?: { online: number; at: number };
  sync?: { sync_status: number; hmi_version: number | null; cloud_version: number | null };
  values: ReadonlyMap<string, TagSample>;
}

export type CommandEvent = Extract<WsServerMessage, { type: 'command' }>;

/** The server messages about one watched device's state. */
export type DeviceEvent = Extract<WsServerMessage, { type: 'values' | 'online' | 'sync' }>;

/** The device side of the connection: watches and the cached state of watched devices. */
export interface LiveDevices {
  /** Watches devices until the returned function is called (reference-counted per id). */
  watch(ids: readonly number[]): () => void;
  device(id: number): LiveDevice | undefined;
  /** Online or sync state of any watched device changed; `version` changes with it. */
  onDevices(listener: () => void): () => void;
  readonly version: number;
  onValues(deviceId: number, listener: () => void): () => void;
}

export interface LiveConnection extends LiveDevices {
  /** Connects while the session has a token (again after each new login), until `stop`. */
  start(): void;
  stop(): void;
  readonly status: LiveStatus;
  onCommand(listener: (event: CommandEvent) => void): () => void;
  onMessages(listener: () => void): () => void;
  /** Authenticated; `again` is true after a reconnect (events may have been missed meanwhile). */
  onReady(listener: (again: boolean) => void): () => void;
  onStatus(listener: () => void): () => void;
  /**
   * Asks for the values of `deviceId` for these TAGs only (a configuration screen's bound TAGs),
   * kept across reconnects; `null` asks for every TAG again. More than WS_TAGS_MAX names: all.
   */
  narrow(deviceId: number, tags: readonly string[] | null): void;
}
