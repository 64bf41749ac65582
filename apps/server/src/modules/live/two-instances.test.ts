import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  logout,
  createGroup,
  updateDevice,
  updateRole,
  wsCloseCode,
  type WsServerMessage,
} from '@hmi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../app';
import { ManualClock } from '../../platform/clock';
import { loadConfig } from '../../platform/config';
import { createMainAccount, createSubAccount, grant } from '../../test/accounts';
import { databases } from '../../test/databases';
import { api, type Harness } from '../../test/harness';
import { boundDevice } from '../../test/mqtt';
import { ok } from '../../test/registry';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

// Two instances share one database, as in production (two processes on one SQLite file is not a
// supported mode): this suite needs PostgreSQL and must fail, not vanish, without it.
const postgres = databases.find((d) => d.name === 'postgres');
if (!postgres)
  throw new Error('The two-instance suite needs PostgreSQL (TEST_DATABASE_URL): both share one database.');

/** A browser socket on `/v1/ws`, signed in. */
class Browser {
  private readonly messages: WsServerMessage[] = [];
  private waiters: { pred: (m: WsServerMessage) => boolean; resolve(m: WsServerMessage): void }[] = [];
  readonly closed: Promise<number>;
  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      const m = JSON.parse(data.toString('utf8')) as WsServerMessage;
      this.messages.push(m);
      this.waiters = this.waiters.filter((w) => (w.pred(m) ? (w.resolve(m), false) : true));
    });
    this.closed = new Promise((resolve) => ws.on('close', (code) => resolve(code)));
  }
  static async open(h: Harness, token: string): Promise<Browser> {
    const addr = h.app.server.address();
    const port = typeof addr === 'object' && addr ? addr.port : 0;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/v1/ws`, { origin: 'http://console.test' });
    const b = new Browser(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const ready = b.next((m) => m.type === 'ready');
    b.send({ type: 'auth', token });
    await ready;
    return b;
  }
  send(m: unknown): void {
    this.ws.send(JSON.stringify(m));
  }
  /** Resolves with the next message matching `pred` (from now on). */
  next(pred: (m: WsServerMessage) => boolean): Promise<WsServerMessage> {
    return new Promise((resolve) => this.waiters.push({ pred, resolve }));
  }
  close(): void {
    this.ws.close();
  }
}

describe('live sockets of two instances on one PostgreSQL and one Redis', () => {
  let a: Harness;
  let b: Harness;
  let drop: () => Promise<void>;
  const clock = new ManualClock(Date.UTC(2026, 2, 1, 8, 0, 0));

  async function instance(env: Record<string, string>): Promise<Harness> {
    const dataDir = mkdtempSync(join(tmpdir(), 'hmi-live-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://console.test',
      WEB_DIST: join(dataDir, 'no-web'),
      MQTT_PORT: '0',
      ...env,
    });
    const app = await buildApp(config, { clock });
    return {
      app,
      clock,
      config,
      dataDir,
      async close() {
        await app.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }

  beforeAll(async () => {
    const db = await postgres.create();
    drop = db.drop;
    const env = {
      ...db.env,
      REDIS_URL,
      REDIS_PREFIX: `test-${randomBytes(6).toString('hex')}`,
      // Every instance must accept the tokens the others issued.
      TOKEN_SECRET: randomBytes(32).toString('hex'),
    };
    a = await instance(env);
    b = await instance(env);
    await b.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await drop?.();
  });

  it("a logout on A closes that user's socket held by B within a second", async () => {
    const main = await createMainAccount(a);
    const browser = await Browser.open(b, main.token);
    const started = performance.now();
    await api(a.app, logout, { token: main.token });
    const code = await browser.closed;
    const elapsed = performance.now() - started;
    expect(code).toBe(wsCloseCode(1009));
    expect(elapsed).toBeLessThan(1000);
  });

  it("a role losing device view on A drops its members' subscriptions on B at once", async () => {
    const owner = await createMainAccount(a, 5);
    const device = await boundDevice(a, owner, 'live2');
    const group = await ok(a, owner, createGroup, { body: { name: 'LiveG' } });
    await ok(a, owner, updateDevice, { params: { id: device.deviceId }, body: { group_id: group.id } });
    const member = await createSubAccount(a, owner.teamId, [2]);
    await grant(a, member.userId, 'group', [group.id]);
    const browser = await Browser.open(b, member.token);
    const subscribed = browser.next((m) => m.type === 'subscribed');
    browser.send({ type: 'subscribe', devices: [device.deviceId] });
    expect(await subscribed).toEqual({ type: 'subscribed', devices: [device.deviceId], refused: [] });

    const { role_id: roleId } = await a.app.database.db
      .selectFrom('users')
      .select('role_id')
      .where('id', '=', member.userId)
      .executeTakeFirstOrThrow();
    const dropped = browser.next((m) => m.type === 'subscribed');
    const started = performance.now();
    await ok(a, owner, updateRole, { params: { id: roleId as number }, body: { permissions: [24] } });
    expect(await dropped).toEqual({ type: 'subscribed', devices: [], refused: [device.deviceId] });
    expect(performance.now() - started).toBeLessThan(1000);

    const refused = browser.next((m) => m.type === 'subscribed');
    browser.send({ type: 'subscribe', devices: [device.deviceId] });
    expect(await refused).toEqual({ type: 'subscribed', devices: [], refused: [device.deviceId] });
    browser.close();
  });
});
