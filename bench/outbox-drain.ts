/**
 * The gateway outbox's end-to-end drain (issue 24): an hour of 1,000 TAGs at 1 s (3,600 batches, 3.6 M
 * values) waiting in a gateway's outbox is replayed through the real server (its own process, embedded
 * broker, SQLite or PostgreSQL) while another device's live values keep flowing to a browser's
 * websocket. In the same run and on the same server, before and after the drain, the server's normal
 * ingest of that gateway: the same device's live batches of every TAG at full speed
 * (bench/outbox/normal-ingest.ts). Prints the rates and the drain's over the mean of the two normal
 * ones (target: ≥ 0.8), and the other device's sample-to-websocket latency p50/p99 without either,
 * during normal ingest and during the drain (target: p99 < 1 s during the drain). Nothing is asserted.
 *
 * The outbox is filled as the gateway leaves it after an hour offline (its own Outbox class; seqs as
 * the gateway numbers them: its clock in microseconds at start, then one up per batch); the normal
 * phase numbers its batches above those (live data moved on), so the drain replays numbers far below
 * the highest the server saw. Then the real `agent gateway` CLI starts on it in its own process and
 * replays it (at most 32 batches unconfirmed, at the pace of the server's `stored` confirmations).
 *
 * The server runs with its production per-device fair share (MQTT_DEVICE_RATE 10,000 values/s), which
 * bounds both phases alike; `--device-rate 0` lifts it to compare the pipeline's own paces.
 *
 *   npm run outbox-drain -w bench [-- --minutes 60 --tags 1000 --normal-seconds 60 --baseline-seconds 20
 *     --db sqlite|postgres --device-rate 10000]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { Outbox } from '@hmi/agent/outbox';
import { databases, sqliteDatabase } from '@hmi/server/src/test/databases';
import { outboxContent } from '@hmi/server/src/test/outbox-file';
import { spawnProcess } from '@hmi/server/src/test/server-process';
import { cpuOf, startBenchServer, storedRows } from './ingest/server';
import { openLatencyProbe, percentile } from './outbox/latency-probe';
import { measureNormalIngest, type IngestRate } from './outbox/normal-ingest';
import { textTable } from './text-table';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '60' },
    tags: { type: 'string', default: '1000' },
    'normal-seconds': { type: 'string', default: '60' },
    'baseline-seconds': { type: 'string', default: '20' },
    'live-ms': { type: 'string', default: '100' },
    db: { type: 'string', default: 'sqlite' },
    'device-rate': { type: 'string', default: '10000' },
  },
});
const MINUTES = Number(args.minutes);
const TAGS = Number(args.tags);
const target = args.db === 'postgres' ? databases.find((d) => d.name === 'postgres') : sqliteDatabase;
if (!target) throw new Error('PostgreSQL is not reachable');

const tagNames = Array.from({ length: TAGS }, (_, i) => `t${i + 1}`);
const server = await startBenchServer(target, {
  devices: 2,
  tags: tagNames,
  setup: { seed: null, profileDir: null },
  // default: the production default, the fair share a user's server gives a replaying gateway
  env: { MQTT_DEVICE_RATE: args['device-rate'] },
});
const [gatewayDevice, liveDevice] = server.fleet.devices;
if (!gatewayDevice || !liveDevice) throw new Error('fleet without devices');
const dir = mkdtempSync(join(tmpdir(), 'bench-drain-'));

// The outbox after MINUTES offline: one batch of TAGS values a second.
const outboxPath = join(dir, 'outbox.sqlite');
const batches = MINUTES * 60;
const start = Date.now() - batches * 1000;
const fill = Outbox.open({
  path: outboxPath,
  maxBytes: 2 ** 31,
  maxAgeMs: 86_400_000,
  synchronous: 'NORMAL',
});
for (let i = 0; i < batches; i++) {
  const ts = start + i * 1000;
  const values = tagNames.map((tag, k) => ({ tag, value: ((i * 7 + k) % 1000) / 10, ts }));
  // as the gateway numbers them: from its clock in microseconds at start, then one up per batch
  const seq = start * 1000 + i;
  fill.add({ seq, ts, body: JSON.stringify({ v: 1, seq, ts, values, confirm: true }), sent: false }, ts);
}
fill.close();

const probe = await openLatencyProbe(server, liveDevice, Number(args['live-ms']));
await delay(2000);
probe.take();
await delay(Number(args['baseline-seconds']) * 1000);
const baseline = probe.take();

const normalBefore = await measureNormalIngest(
  server,
  gatewayDevice,
  tagNames,
  Number(args['normal-seconds']),
);
const duringNormal = probe.take();

const config = join(dir, 'gateway.json');
writeFileSync(
  config,
  JSON.stringify({
    url: server.mqttUrl,
    sn: gatewayDevice.sn,
    secret: gatewayDevice.secret,
    sink: 'writes.json',
    outbox: { path: outboxPath, max_mb: 4096 },
  }),
);
// From the gateway's connection on: its process start (loading the sources) is not the drain's.
const gateway = await spawnProcess(['apps/agent/src/cli.ts', 'gateway', '--config', config], {}, 'connected');
const rows0 = await storedRows(server.store);
const cpu0 = cpuOf(server.process);
const t0 = performance.now();
// Another process's file has no event here: its depth is looked at twice a second.
while (outboxContent(outboxPath).length > 0) await delay(500);
const drainS = (performance.now() - t0) / 1000;
const drainCpu = (cpuOf(server.process) - cpu0) / drainS;
const duringDrain = probe.take();
const stored = (await storedRows(server.store)) - rows0;
// Normal ingest again after the drain: the machine's load drifts over minutes (other work shares its
// cores), so the drain is compared with the mean of the two measurements around it.
await gateway.kill('SIGTERM');
const normalAfter = await measureNormalIngest(
  server,
  gatewayDevice,
  tagNames,
  Number(args['normal-seconds']),
);

const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
const rateOf = (r: IngestRate) => r.values / r.seconds;
const normalRate = (rateOf(normalBefore) + rateOf(normalAfter)) / 2;
const drainRate = stored / drainS;
const phaseRow = (phase: string, values: number, seconds: number, cpu: number) => [
  phase,
  values.toLocaleString('en-US'),
  fmt(seconds, 1),
  fmt(values / seconds),
  fmt(cpu * 100, 1),
];
console.log(
  `\nOutbox drain: ${MINUTES} min of ${TAGS} TAGs at 1 s (${batches} batches, ${(batches * TAGS).toLocaleString('en-US')} values), ${target.name}, fair share ${args['device-rate']} values/s (0: none)\n`,
);
console.log(
  textTable(
    ['phase', 'values stored', 'seconds', 'values/s', 'server CPU, % of a core'],
    [
      phaseRow(
        'normal ingest before (live, full speed)',
        normalBefore.values,
        normalBefore.seconds,
        normalBefore.serverCpu,
      ),
      phaseRow('drain (gateway connected to outbox empty)', stored, drainS, drainCpu),
      phaseRow('normal ingest after', normalAfter.values, normalAfter.seconds, normalAfter.serverCpu),
    ],
  ),
);
console.log(
  `\ndrain / normal ingest (mean of before and after): ${fmt(drainRate / normalRate, 2)} (target ≥ 0.8); every replayed value stored: ${stored >= batches * TAGS ? 'yes' : 'NO'}`,
);
console.log(
  `\nThe other device's live values (one every ${args['live-ms']} ms), sample to browser websocket, ms\n`,
);
const row = (phase: string, xs: number[]) => [
  phase,
  String(xs.length),
  fmt(percentile(xs, 50)),
  fmt(percentile(xs, 99)),
  fmt(Math.max(...xs)),
  fmt(percentile(xs, 99) / percentile(baseline, 99), 2),
];
console.log(
  textTable(
    ['phase', 'values', 'p50', 'p99', 'max', 'p99 / without'],
    [
      row('without either', baseline),
      row('during normal ingest', duringNormal),
      row('during the drain', duringDrain),
    ],
  ),
);
console.log('target: live p99 during the drain < 1000 ms');

await probe.stop();
await server.close();
rmSync(dir, { recursive: true, force: true });
