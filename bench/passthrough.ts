/**
 * Engineering pass-through (issue 28): the engineer's client (in this process) → the server's relay
 * (in this process, SQLite, BILLING=off) → the real `agent gateway` CLI in its own process → a target,
 * against a direct TCP connection to the same target in the same run (the baseline). Prints:
 * - throughput: 64 MB written to a sink that answers one byte once it has them all;
 * - round-trip time: one byte to an echo peer and back, 2,000 times (p50/p99), and the time added;
 * - Modbus: sequential reads of 10 holding registers from Debian's pymodbus peer for a few seconds,
 *   one connection and four at once, requests per second.
 * Each line gives the ratio tunnel ÷ direct (throughput, requests/s) or the time added (RTT).
 *
 *   npm run passthrough -w bench [-- --mb 64 --pings 2000 --seconds 5]
 */
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { bindDevice } from '@hmi/contract';
import ModbusRTU from 'modbus-serial';
import { startModbusPeer } from '../apps/agent/src/test/peers/modbus-peer';
import { startConnect } from '../apps/agent/src/passthrough/connect';
import { createMainAccount, TEST_PASSWORD } from '@hmi/server/src/test/accounts';
import { api, startApp } from '@hmi/server/src/test/harness';
import { freePort, spawnProcess } from '@hmi/server/src/test/server-process';
import { registerHardware } from '@hmi/server/src/modules/devices/hardware';
import { ManualClock } from '@hmi/server/src/platform/clock';
import { textTable } from './text-table';

const { values: args } = parseArgs({
  options: {
    mb: { type: 'string', default: '64' },
    pings: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '5' },
  },
});
const MB = Number(args.mb);
const PINGS = Number(args.pings);
const SECONDS = Number(args.seconds);

async function listen(server: Server): Promise<number> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}
const dial = async (port: number): Promise<Socket> => {
  const s = createConnection({ port, host: '127.0.0.1' });
  await once(s, 'connect');
  s.setNoDelay(true);
  return s;
};

// The targets: a sink answering one byte per `MB` megabytes received, an echo, the Modbus peer.
const total = MB * 1024 * 1024;
const sink = createServer((s) => {
  let got = 0;
  s.on('data', (d: Buffer) => {
    got += d.length;
    if (got >= total) {
      got -= total;
      s.write(Buffer.from([1]));
    }
  });
  s.on('error', () => undefined);
});
const echo = createServer((s) => {
  s.setNoDelay(true);
  s.on('data', (d: Buffer) => s.write(d));
  s.on('error', () => undefined);
});
const [sinkPort, echoPort, peer] = await Promise.all([
  listen(sink),
  listen(echo),
  startModbusPeer({ tcp: true }),
]);

// The console, a team, a device and its gateway (own process) listing the three targets.
const port = await freePort();
const server = `http://127.0.0.1:${port}`;
const h = await startApp({ RELAY_URL: server, BILLING: 'off' }, new ManualClock(Date.now()));
await h.app.listen({ port, host: '127.0.0.1' });
const main = await createMainAccount(h, 5);
const hw = { sn: 'PT-BENCH', pin: '1234', model: 'GW-100' };
const { secret } = await registerHardware(h.app.database.db, hw, Math.floor(Date.now() / 1000));
const bound = await api(h.app, bindDevice, {
  token: main.token,
  body: { sn: hw.sn, pin: hw.pin, name: 'Bench' },
});
const deviceId = bound.body.data.id;
const dir = mkdtempSync(join(tmpdir(), 'bench-passthrough-'));
const config = join(dir, 'gateway.json');
const target = (p: number) => ({ host: '127.0.0.1', port: p });
writeFileSync(
  config,
  JSON.stringify({
    url: `mqtt://127.0.0.1:${h.app.connectivity.broker.port}`,
    sn: hw.sn,
    secret,
    sink: 'writes.json',
    passthrough: { sink: target(sinkPort), echo: target(echoPort), plc: target(peer.port) },
  }),
);
const gateway = await spawnProcess(['apps/agent/src/cli.ts', 'gateway', '--config', config], {}, 'connected');
const session = (name: string) =>
  startConnect({
    server,
    account: main.username,
    password: TEST_PASSWORD,
    device: deviceId,
    target: name,
    port: 0,
  });

async function throughput(p: number): Promise<number> {
  const s = await dial(p);
  const chunk = Buffer.alloc(64 * 1024, 7);
  const start = performance.now();
  const done = once(s, 'data');
  for (let sent = 0; sent < total; sent += chunk.length) if (!s.write(chunk)) await once(s, 'drain');
  await done;
  const seconds = (performance.now() - start) / 1000;
  s.destroy();
  return MB / seconds;
}

async function rtt(p: number): Promise<number[]> {
  const s = await dial(p);
  const times: number[] = [];
  for (let i = 0; i < PINGS; i++) {
    const t = performance.now();
    s.write(Buffer.from([i & 0xff]));
    await once(s, 'data');
    times.push(performance.now() - t);
  }
  s.destroy();
  return times.sort((a, b) => a - b);
}

async function modbus(p: number, connections: number): Promise<number> {
  const clients = await Promise.all(
    Array.from({ length: connections }, async () => {
      const c = new ModbusRTU();
      await c.connectTCP('127.0.0.1', { port: p });
      c.setID(1);
      c.setTimeout(2000);
      return c;
    }),
  );
  let requests = 0;
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(
    clients.map(async (c) => {
      while (performance.now() < end) {
        await c.readHoldingRegisters(0, 10);
        requests++;
      }
    }),
  );
  await Promise.all(clients.map((c) => new Promise<void>((r) => c.close(() => r()))));
  return requests / SECONDS;
}

const pct = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const f = (n: number, d = 2) => n.toFixed(d);
const rows: string[][] = [];

const sinkSession = await session('sink');
const [directMbs, tunnelMbs] = [await throughput(sinkPort), await throughput(sinkSession.port)];
rows.push(['throughput MB/s', f(directMbs, 1), f(tunnelMbs, 1), `${f(tunnelMbs / directMbs)}×`]);
await sinkSession.close();

const echoSession = await session('echo');
const [direct, tunnel] = [await rtt(echoPort), await rtt(echoSession.port)];
for (const q of [0.5, 0.99])
  rows.push([
    `RTT p${q * 100} ms`,
    f(pct(direct, q), 3),
    f(pct(tunnel, q), 3),
    `+${f(pct(tunnel, q) - pct(direct, q), 3)} ms`,
  ]);
await echoSession.close();

const plcSession = await session('plc');
for (const n of [1, 4]) {
  const [d, t] = [await modbus(peer.port, n), await modbus(plcSession.port, n)];
  rows.push([`Modbus req/s, ${n} conn.`, f(d, 0), f(t, 0), `${f(t / d)}×`]);
}
await plcSession.close();

console.log(textTable(['measure', 'direct', 'pass-through', 'ratio / added'], rows));
await gateway.kill('SIGTERM');
await peer.stop();
sink.close();
echo.close();
await h.close();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
