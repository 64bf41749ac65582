/**
 * Remote view relay (issue 13): in one run, the same RFB stream (full 800×480 Raw updates, 1.5 MB
 * each, and 4-byte empty updates for round trips) from a minimal VNC server to a viewer, first over
 * a direct TCP connection (the baseline), then through the product: the device agent's gateway
 * (in this process) bridging that VNC server through its tunnel to the real server process (SQLite,
 * billing on, the bytes metered into the device's traffic) and out of the relay's browser socket.
 * Prints throughput as a ratio of the direct pipe's, the added round-trip latency (p50/p99), and the
 * server's resident memory while a viewer stops reading. Targets: ≥ 0.8 of the direct throughput,
 * added p99 under 2 ms, RSS growth under 50 MB with a paused viewer.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { VNC_WS_PATH } from '@hmi/contract';
import { startGateway } from '../apps/agent/src/gateway';
import { registerIdentities } from '../apps/agent/src/register';
import { freePorts, rssMb, spawnServer, type ServerProcess } from '@hmi/server/src/test/server-process';
import { FULL_UPDATE_BYTES, relayPipe, request, startRfbSource, tcpPipe, type Pipe } from './vnc/stream';

const TARGET_RATIO = 0.8;
const TARGET_ADDED_P99_MS = 2;
const TARGET_RSS_MB = 50;
const DEMO = { user: 'demo@hmi.local', passwd: 'Demo@2026' };

const { values } = parseArgs({
  options: {
    updates: { type: 'string', default: '60' },
    pings: { type: 'string', default: '2000' },
    billing: { type: 'string', default: 'on' },
  },
});
const UPDATES = Number(values.updates);
const PINGS = Number(values.pings);
const BILLING = values.billing === 'off' ? 'off' : 'on';

/** MB/s moving `UPDATES` full updates, all requested at once (as a viewer catching up). */
async function throughput(pipe: Pipe): Promise<number> {
  const start = performance.now();
  const all = pipe.receive(UPDATES * FULL_UPDATE_BYTES);
  pipe.send(Buffer.concat(Array.from({ length: UPDATES }, () => request(false))));
  await all;
  return (UPDATES * FULL_UPDATE_BYTES) / 1024 / 1024 / ((performance.now() - start) / 1000);
}

/** Round trips of an incremental request and its empty update, ms, sorted. */
async function roundTrips(pipe: Pipe): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < PINGS; i += 1) {
    const start = performance.now();
    const got = pipe.receive(4);
    pipe.send(request(true));
    await got;
    out.push(performance.now() - start);
  }
  return out.sort((a, b) => a - b);
}

const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

async function call<T>(
  base: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${base}/v1${path}`, {
    method,
    headers: { authorization: token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const envelope = (await res.json()) as { code: number; data: T };
  if (envelope.code !== 0) throw new Error(`${method} ${path}: ${envelope.code}`);
  return envelope.data;
}

async function main(): Promise<void> {
  const source = await startRfbSource();
  const dataDir = mkdtempSync(join(tmpdir(), 'hmi-bench-vnc-'));
  const [port = 0, mqttPort = 0] = await freePorts(2);
  const base = `http://127.0.0.1:${port}`;
  const env = {
    PORT: String(port),
    MQTT_PORT: String(mqttPort),
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    DEMO: '1',
    LOG_LEVEL: 'info',
    // --billing off: the relay without metering, to see what charging the ledger costs.
    BILLING,
    NODE_ENV: 'production',
  };
  let server: ServerProcess | null = null;
  let gateway: ReturnType<typeof startGateway> | null = null;
  try {
    // Direct first, while nothing else runs.
    const direct = await tcpPipe(source.port);
    const directRate = await throughput(direct);
    const directTrips = await roundTrips(direct);
    await direct.close();

    server = await spawnServer(env);
    const login = await fetch(`${base}/v1/global/login?type=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const sn = 'BENCH-VNC-1';
    const [identity] = (
      await registerIdentities([{ sn, pin: '135790', model: 'GW-X1', seq: 0 }], { ...process.env, ...env })
    ).identities;
    if (!identity) throw new Error('no identity');
    const device = await call<{ id: number }>(base, token, 'POST', '/devices', {
      sn,
      pin: identity.pin,
      name: 'BenchGateway',
    });
    await call(base, token, 'PUT', `/devices/${device.id}/traffic-switch`, { on: true });
    gateway = startGateway({
      url: `mqtt://127.0.0.1:${mqttPort}`,
      sn,
      secret: identity.secret,
      sink: join(dataDir, 'writes.json'),
      rateMs: 3_600_000,
      tags: [{ name: 'k', source: { value: 1 } }],
      vnc: { host: '127.0.0.1', port: source.port },
    });
    await gateway.ready();
    const relay = async () => {
      const opened = await call<{ session: string }>(base, token, 'POST', `/devices/${device.id}/vnc`, {
        mode: 'control',
        max_minutes: 30,
      });
      return relayPipe(`${base.replace(/^http/, 'ws')}${VNC_WS_PATH}`, token, opened.session);
    };

    const viaRelay = await relay();
    const relayRate = await throughput(viaRelay);
    const relayTrips = await roundTrips(viaRelay);
    await viaRelay.close();

    // A viewer that stops reading while the VNC server has 150 MB to send it.
    const paused = await relay();
    const rssBefore = rssMb(server.pid);
    paused.pause();
    const flood = 100;
    paused.send(Buffer.concat(Array.from({ length: flood }, () => request(false))));
    let rssPeak = rssBefore;
    // Measured over a fixed window: memory that grows with a stalled viewer would show within it.
    for (let i = 0; i < 30; i += 1) {
      await delay(100);
      rssPeak = Math.max(rssPeak, rssMb(server.pid));
    }
    paused.resume();
    await paused.receive(flood * FULL_UPDATE_BYTES);
    await paused.close();

    const added = (q: number) => quantile(relayTrips, q) - quantile(directTrips, q);
    const ratio = relayRate / directRate;
    const growth = rssPeak - rssBefore;
    const rows = [
      ['path', 'MB/s', 'ratio', 'rtt p50 ms', 'rtt p99 ms', 'target'],
      [
        'direct TCP',
        directRate.toFixed(0),
        '1.00',
        quantile(directTrips, 0.5).toFixed(3),
        quantile(directTrips, 0.99).toFixed(3),
        '-',
      ],
      [
        'agent tunnel + relay',
        relayRate.toFixed(0),
        ratio.toFixed(2),
        quantile(relayTrips, 0.5).toFixed(3),
        quantile(relayTrips, 0.99).toFixed(3),
        `ratio ≥${TARGET_RATIO} ${ratio >= TARGET_RATIO ? 'yes' : 'no'}, added p99 <${TARGET_ADDED_P99_MS} ms ${added(0.99) < TARGET_ADDED_P99_MS ? 'yes' : 'no'}`,
      ],
    ];
    const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
    const line = (r: readonly string[]) =>
      r
        .map((c, i) => c.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd();
    console.log(
      `\nbilling ${BILLING}, ${UPDATES} full updates (${((UPDATES * FULL_UPDATE_BYTES) / 1024 / 1024).toFixed(0)} MB), ${PINGS} round trips`,
    );
    console.log(
      [line(rows[0] ?? []), line(widths.map((w) => '-'.repeat(w))), ...rows.slice(1).map(line)].join('\n'),
    );
    console.log(`added latency: p50 ${added(0.5).toFixed(3)} ms, p99 ${added(0.99).toFixed(3)} ms`);
    console.log(
      `server RSS with a paused viewer: ${rssBefore.toFixed(0)} MB before, ${rssPeak.toFixed(0)} MB peak (+${growth.toFixed(1)} MB; <${TARGET_RSS_MB} MB ${growth < TARGET_RSS_MB ? 'yes' : 'no'})`,
    );
  } finally {
    await gateway?.stop();
    await server?.kill('SIGTERM');
    source.server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
