import { randomBytes } from 'node:crypto';
import type { WsServerMessage } from '@hmi/contract';
import WebSocket from 'ws';
import { databases } from './databases';
import type { Harness } from './harness';

type Of<T extends WsServerMessage['type']> = Extract<WsServerMessage, { type: T }>;

/** A websocket client that keeps every message it receives and resolves waits on them. */
export class WsClient {
  readonly messages: WsServerMessage[] = [];
  readonly closed: Promise<number>;
  private waiters: { pred: (m: WsServerMessage) => boolean; resolve: (m: WsServerMessage) => void }[] = [];
  constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      const m = JSON.parse(data.toString('utf8')) as WsServerMessage;
      this.messages.push(m);
      this.waiters = this.waiters.filter((w) => (w.pred(m) ? (w.resolve(m), false) : true));
    });
    this.closed = new Promise((resolve) => ws.on('close', (code) => resolve(code)));
  }

  /** Opens `url` (sending `origin` when given); resolves once the socket is open. */
  static open(url: string, origin?: string): Promise<WsClient> {
    const ws = new WebSocket(url, origin ? { origin } : {});
    const c = new WsClient(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(c));
      ws.once('error', reject);
    });
  }

  /** Opens `/v1/ws` of a listening harness app as the console does and signs in with `token`. */
  static async signedIn(h: Harness, token: string): Promise<WsClient> {
    const addr = h.app.server.address();
    const port = typeof addr === 'object' && addr ? addr.port : 0;
    const c = await WsClient.open(`ws://127.0.0.1:${port}/v1/ws`, 'http://console.test');
    const ready = c.upcoming((m) => m.type === 'ready');
    c.send({ type: 'auth', token });
    await ready;
    return c;
  }

  send(m: unknown): void {
    this.ws.send(JSON.stringify(m));
  }

  /** The next message matching `pred` from now on (what arrived before is not looked at). */
  upcoming(pred: (m: WsServerMessage) => boolean): Promise<WsServerMessage> {
    return new Promise((resolve) => this.waiters.push({ pred, resolve }));
  }

  /** The first message of `type` matching `pred`: one already received, else the next to come. */
  next<T extends WsServerMessage['type']>(type: T, pred: (m: Of<T>) => boolean = () => true): Promise<Of<T>> {
    const matches = (m: WsServerMessage): m is Of<T> => m.type === type && pred(m as Of<T>);
    const hit = this.messages.find(matches);
    if (hit) return Promise.resolve(hit);
    return this.upcoming(matches) as Promise<Of<T>>;
  }

  close(): void {
    this.ws.close();
  }
}

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * The environment of instances sharing one fresh PostgreSQL database and one Redis bus, accepting
 * each other's tokens, with its cleanup. Two processes on one SQLite file is not a supported mode,
 * so such a suite needs PostgreSQL and must fail, not vanish, without it.
 */
export async function sharedEnv(): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const postgres = databases.find((d) => d.name === 'postgres');
  if (!postgres)
    throw new Error('Instances share one database: this suite needs PostgreSQL (TEST_DATABASE_URL).');
  const db = await postgres.create();
  const env = {
    ...db.env,
    REDIS_URL,
    REDIS_PREFIX: `test-${randomBytes(6).toString('hex')}`,
    // Every instance must accept the tokens the others issued.
    TOKEN_SECRET: randomBytes(32).toString('hex'),
  };
  return { env, drop: db.drop };
}
