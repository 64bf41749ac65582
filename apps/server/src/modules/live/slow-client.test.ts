import { WS_CLOSE_FLOOD, WS_CLOSE_SLOW, WS_PATH } from '@hmi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AppDeps } from '../../app';
import { createMainAccount } from '../../test/accounts';
import { sqliteDatabase } from '../../test/databases';
import { startHarness, type Harness } from '../../test/harness';
import { flood, frame, nonReadingClient, text } from '../../test/raw-ws';
import { HubConnection } from './connection';

const MB = 1024 * 1024;

interface Listening {
  h: Harness;
  port: number;
  token: string;
}

async function listening(hub: AppDeps['hub']): Promise<Listening> {
  const h = await startHarness(sqliteDatabase, {}, { hub });
  const token = (await createMainAccount(h)).token;
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = h.app.server.address();
  return { h, token, port: typeof addr === 'object' && addr ? addr.port : 0 };
}

/**
 * A client that sends and never reads is closed once its send buffer passes the limit, instead of
 * the server queueing answers for it without end; one sending far faster than a browser is closed
 * at once.
 */
describe('websocket clients that flood or do not read', () => {
  /** No message rate limit: only the send limit stands between a non-reading client and memory. */
  let unlimited: Listening;
  let normal: Listening;
  beforeAll(async () => {
    unlimited = await listening({ messagesPerSecond: 1e9 });
    normal = await listening(undefined);
  });
  afterAll(async () => {
    await unlimited?.h.close();
    await normal?.h.close();
  });

  const pings = () => Buffer.concat(Array.from({ length: 4096 }, () => text({ type: 'ping' })));

  it('a logged-in client sending pings and never reading is closed at the send limit, memory bounded', async () => {
    const socket = await nonReadingClient(unlimited.port, unlimited.token);
    const r = await flood(socket, pings(), 160 * MB);
    expect(r.closed).toBe(true);
    expect(r.written).toBeLessThan(64 * MB);
    expect(r.peakHeap).toBeLessThan(96 * MB);
  }, 60_000);

  it('a client sending messages far faster than a browser is closed with WS_CLOSE_FLOOD', async () => {
    const raw = await nonReadingClient(normal.port, normal.token);
    const r = await flood(raw, pings(), 160 * MB);
    expect(r.closed).toBe(true);
    expect(r.written).toBeLessThan(8 * MB);

    const ws = new WebSocket(`ws://127.0.0.1:${normal.port}${WS_PATH}`);
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    const ready = new Promise((resolve) =>
      ws.on('message', (m: Buffer) => m.includes('ready') && resolve(m)),
    );
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(JSON.stringify({ type: 'auth', token: normal.token }));
    await ready;
    for (let i = 0; i < 300; i += 1) ws.send(JSON.stringify({ type: 'ping' }));
    expect(await closed).toBe(WS_CLOSE_FLOOD);
  }, 60_000);

  it('protocol pings from a client that does not read do not pile up pongs', async () => {
    const socket = await nonReadingClient(normal.port);
    const pingFrames = Buffer.concat(Array.from({ length: 4096 }, () => frame(0x9, Buffer.alloc(0))));
    const r = await flood(socket, pingFrames, 160 * MB);
    expect(r.closed).toBe(true);
    expect(r.peakHeap).toBeLessThan(96 * MB);
  }, 60_000);
});

describe('send limit of a connection', () => {
  it('closes with WS_CLOSE_SLOW instead of queueing past the limit', () => {
    const socket = {
      bufferedAmount: 0,
      readyState: 1,
      sent: 0,
      closedWith: 0,
      send() {
        this.sent += 1;
      },
      close(code?: number) {
        this.closedWith = code ?? 0;
        this.readyState = 3;
      },
    };
    const c = new HubConnection(socket, 1000, 4096);
    c.send({ type: 'pong' });
    socket.bufferedAmount = 4097;
    c.send({ type: 'pong' });
    c.send({ type: 'pong' });
    expect(socket.sent).toBe(1);
    expect(socket.closedWith).toBe(WS_CLOSE_SLOW);
    expect(c.closed).toBe(true);
  });
});
