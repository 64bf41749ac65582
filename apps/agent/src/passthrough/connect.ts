import { once } from 'node:events';
import { createServer, type AddressInfo, type Server } from 'node:net';
import {
  PASSTHROUGH_WS_PATH,
  passthroughEndReasonOf,
  passthroughServerMessage,
  type PassthroughServerMessage,
} from '@hmi/contract';

type Ready = Extract<PassthroughServerMessage, { type: 'ready' }>;
import WebSocket from 'ws';
import { Mux, MuxProtocolError } from './mux';

export interface ConnectOptions {
  /** The console's origin, e.g. https://console.example.com. */
  server: string;
  account: string;
  password: string;
  /** Open a new session on this device and target… */
  device?: number;
  target?: string;
  minutes?: number;
  /** …or join one opened in the console. */
  session?: string;
  /** Local port for the engineer's tool (0: any free one); bound to `host` (default 127.0.0.1). */
  port: number;
  host?: string;
  /** Status lines (usage, end). */
  log?: (line: string) => void;
}

export interface ConnectClient {
  session: string;
  /** The local port the tool connects to. */
  port: number;
  mux: Mux;
  /** Resolves with the reason the session ended (a PASSTHROUGH_CLOSE name, or the close code). */
  ended: Promise<string>;
  close(): Promise<void>;
}

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function callApi<T>(server: string, path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${server}/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const env = (await res.json()) as Envelope<T>;
  if (env.code !== 0) throw new Error(`${path}: ${env.code} ${env.msg}`);
  return env.data;
}

/**
 * The engineer's client: logs in (the token travels in headers and the socket's first message, never
 * in a URL), opens or joins a pass-through session, waits until the gateway holds the tunnel, then
 * listens on a local port; every connection of the engineer's tool there is one channel of the
 * session (mux.ts), with its own window.
 */
export async function startConnect(o: ConnectOptions): Promise<ConnectClient> {
  const server = o.server.replace(/\/+$/, '');
  const log = o.log ?? (() => undefined);
  const { token } = await callApi<{ token: string }>(server, '/global/login?type=1', {
    user: o.account,
    passwd: o.password,
  });
  let session = o.session;
  if (!session) {
    if (o.device === undefined || !o.target)
      throw new Error('--device and --target (or --session) are needed');
    const opened = await callApi<{ session: string }>(
      server,
      `/devices/${o.device}/passthrough`,
      { target: o.target, ...(o.minutes ? { max_minutes: o.minutes } : {}) },
      token,
    );
    session = opened.session;
  }
  const ws = new WebSocket(`${server.replace(/^http/, 'ws')}${PASSTHROUGH_WS_PATH}`, {
    perMessageDeflate: false,
    // As the gateway's tunnel does (vnc/tunnel.ts): no browser here, and masking every byte in
    // JavaScript (no native bufferutil) was the tunnel's largest cost.
    generateMask: (mask: Buffer) => void mask.fill(0),
  });
  const mux = new Mux({ send: (f) => ws.send(f, { binary: true }) });
  const ended = new Promise<string>((resolve) =>
    ws.once('close', (code, why) => {
      mux.closeAll();
      resolve(passthroughEndReasonOf(code) ?? `${code} ${why.toString()}`);
    }),
  );
  ws.on('error', () => undefined);
  await once(ws, 'open');
  ws.send(JSON.stringify({ type: 'auth', token, session }));
  const ready = new Promise<Ready>((resolve, reject) => {
    ws.on('message', (data: Buffer, isBinary) => {
      if (isBinary) {
        try {
          mux.feed(data);
        } catch (err) {
          ws.close(1002, err instanceof MuxProtocolError ? err.message : 'protocol');
        }
        return;
      }
      const m = passthroughServerMessage.safeParse(parseJson(data.toString()));
      if (!m.success) return;
      if (m.data.type === 'ready') resolve(m.data);
      else if (m.data.type === 'usage') log(`bytes ${m.data.bytes}`);
      else log(`ended: ${m.data.reason} after ${m.data.duration_s} s, ${m.data.bytes} bytes`);
    });
    void ended.then((reason) => reject(new Error(`session ended: ${reason}`)));
  });
  const hello = await ready;
  const listener: Server = createServer((socket) => {
    if (!mux.attach(socket)) log('too many connections at once: refused one');
  });
  listener.listen(o.port, o.host ?? '127.0.0.1');
  await once(listener, 'listening');
  void ended.then(() => listener.close());
  const port = (listener.address() as AddressInfo).port;
  log(
    `${hello.target}: listening on ${o.host ?? '127.0.0.1'}:${port} until ${new Date(hello.ends_at * 1000).toISOString()}`,
  );
  return {
    session,
    port,
    mux,
    ended,
    async close() {
      listener.close();
      if (ws.readyState === WebSocket.OPEN) ws.close(1000);
      await ended;
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
