/**
 * Field gateway (issue 23): the real `agent gateway` CLI in its own process polling real Modbus peers
 * (Debian's python3-pymodbus), driven by a template synced over MQTT (an embedded aedes broker plays the
 * cloud). Part 1: 10,000 TAGs over 10 Modbus TCP connections at a 1 s scan for `--seconds`; prints
 * requests per scan (from the gateway's own diagnostics) against the minimum the address map allows,
 * the gateway's CPU share while polling and idle, values/s, the register-change-to-MQTT-publish latency
 * p50/p99, and its RSS sampled every `--rss-every` seconds (first, last, highest, least-squares slope).
 * Part 2: the same TAGs through the real server to the live websocket the web app uses
 * (field/browser-path.ts): register change to browser p50/p99. Part 3: one RTU line (an emulated RS-485
 * line at the baud rate) at 115,200 and 9,600 baud, polled back to back by the gateway and by Debian's
 * mbpoll in alternating slices, both measured at the line (field/rtu.ts). Targets: requests = minimum;
 * CPU < 5 % of one core polling and ~0 idle; change-to-browser p99 < scan + 200 ms; RSS flat; RTU ≥ 0.8
 * of the line's limit (and, proposed, ≥ 0.9 of mbpoll's rate on the same line). `--rtu-only` runs part 3
 * alone, `--tcp-only` parts 1 and 2 (with `--browser-seconds 0`, part 1 alone: the long RSS runs); `--profile <dir>` writes a V8 CPU profile of the gateway there when it exits.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { TagDataType, topics, type Ack, type FieldReport, type SyncTag, type TagsBatch } from '@hmi/contract';
import { startModbusPeer, type ModbusPeer } from '../apps/agent/src/test/peers/modbus-peer';
import { cloudClient, nextPayload, startBroker } from '../apps/agent/src/test/vnc-support';
import { cpuSeconds, spawnProcess } from '@hmi/server/src/test/server-process';
import { startBrowserPath } from './field/browser-path';
import { changeRegisters, fmt, percentile, type RegisterChanges } from './field/changes';
import { sampleRss } from './field/rss-sampler';
import { measureRtu, RTU_HEAD, RTU_NOTE } from './field/rtu';
import { startSerialLine, type SerialLine } from './field/serial-line';
import { textTable } from './text-table';

const { values: args } = parseArgs({
  options: {
    connections: { type: 'string', default: '10' },
    tags: { type: 'string', default: '10000' },
    seconds: { type: 'string', default: '20' },
    'browser-seconds': { type: 'string', default: '20' },
    'rtu-seconds': { type: 'string', default: '10' },
    'rtu-registers': { type: 'string', default: '10' },
    'rss-every': { type: 'string', default: '10' },
    'rtu-only': { type: 'boolean', default: false },
    'tcp-only': { type: 'boolean', default: false },
    profile: { type: 'string' },
  },
});
const CONNECTIONS = Number(args.connections);
const TAGS = Number(args.tags);
const SECONDS = Number(args.seconds);
const BROWSER_SECONDS = Number(args['browser-seconds']);
const RTU_SECONDS = Number(args['rtu-seconds']);
const RTU_REGISTERS = Number(args['rtu-registers']);
const RSS_EVERY_MS = Number(args['rss-every']) * 1000;
const SCAN_MS = 1000;
const CHANGE_EVERY_MS = 100;
const BAUDS = [115_200, 9_600];
const TICKS = 100;
const SN = 'GW-BENCH';

const dir = mkdtempSync(join(tmpdir(), 'bench-field-'));
const broker = await startBroker();
const cloud = await cloudClient(broker.url);
await cloud.subscribeAsync([topics.tags(SN), topics.ack(SN), topics.field(SN)]);
const perConnection = Math.ceil(TAGS / CONNECTIONS);
const peers: ModbusPeer[] = await Promise.all(
  Array.from({ length: CONNECTIONS }, () =>
    startModbusPeer({ tcp: true }, { map: { hr: [[0, Math.max(perConnection, 1)]] } }),
  ),
);
const lines: SerialLine[] = await Promise.all(BAUDS.map((b) => startSerialLine(dir, b)));
const rtuPeers = await Promise.all(
  lines.map((l, i) => startModbusPeer({ rtu: l.plcPath, baud: BAUDS[i] ?? 9600 })),
);

const tcpConnections: Record<string, object> = {};
peers.forEach((p, i) => {
  tcpConnections[`plc${i}`] = { protocol: 'modbus-tcp', host: '127.0.0.1', port: p.port, timeout_ms: 1000 };
});
const connections: Record<string, object> = { ...tcpConnections };
lines.forEach((l, i) => {
  connections[`line${BAUDS[i]}`] = {
    protocol: 'modbus-rtu',
    path: l.gatewayPath,
    baud: BAUDS[i],
    timeout_ms: 1000,
  };
});
const config = join(dir, 'gateway.json');
writeFileSync(
  config,
  JSON.stringify({ url: broker.url, sn: SN, secret: 'x', sink: 'writes.json', connections }),
);
const online = nextPayload<{ online: boolean }>(cloud, topics.state(SN), (s) => s.online);
await cloud.subscribeAsync(topics.state(SN));
const gateway = await spawnProcess(
  ['apps/agent/src/cli.ts', 'gateway', '--config', config],
  {},
  SN,
  // a V8 CPU profile of the gateway, written when it exits (open it in Chrome DevTools)
  args.profile ? ['--cpu-prof', '--cpu-prof-dir', args.profile] : [],
);
await online;

function tag(name: string, addressType: string, address: string, scan = SCAN_MS): SyncTag {
  return {
    name,
    data_type: TagDataType.UINT16,
    access: 0,
    address_type: addressType,
    address,
    scan_time_ms: scan,
    save_history: false,
    default_value: '',
  };
}

let version = 0;
async function sync(tags: SyncTag[]): Promise<void> {
  const id = `sync-${++version}`;
  const ack = nextPayload<Ack>(cloud, topics.ack(SN), (a) => a.id === id);
  await cloud.publishAsync(
    topics.cmd(SN),
    JSON.stringify({ v: 1, id, type: 'sync', config_version: version, tags }),
    { qos: 1 },
  );
  // A gateway that never answers would hold the bench forever: say so, with what it printed last.
  const answer = await Promise.race([ack, delay(30_000).then(() => null)]);
  if (!answer) throw new Error(`no answer to ${id} in 30 s; the gateway's last lines:\n${gateway.tail()}`);
  if (!answer.ok) throw new Error('sync refused');
}

/** The next field report (the CLI reports every 5 s while polling). */
const nextReport = () => nextPayload<FieldReport>(cloud, topics.field(SN), () => true);
const requestsOf = (r: FieldReport, prefix: string) =>
  r.connections.filter((c) => c.name.startsWith(prefix)).reduce((n, c) => n + c.requests, 0);

/** Parts 1 and 2: the TCP TAGs to MQTT, idle, then through the server to the browser; prints their table. */
async function measureTcp(): Promise<void> {
  // Part 1: 10,000 TAGs over 10 Modbus TCP connections at 1 s, to MQTT.
  const tcpTags = Array.from({ length: TAGS }, (_, i) =>
    tag(`t${i}`, `plc${i % CONNECTIONS}:4x`, String(Math.floor(i / CONNECTIONS))),
  );
  const minimumPerScan = CONNECTIONS * Math.ceil(perConnection / 125);
  let received = 0;
  let changes: RegisterChanges | null = null;
  cloud.on('message', (topic, payload) => {
    if (topic !== topics.tags(SN)) return;
    const now = performance.now();
    const batch = JSON.parse(payload.toString()) as TagsBatch;
    // The cloud confirms each batch as the server does once stored (`cmd stored`): a gateway keeps
    // unconfirmed batches in its outbox and, past its window of them, sends those again instead.
    if (batch.confirm)
      void cloud.publishAsync(
        topics.cmd(SN),
        JSON.stringify({ v: 1, id: `stored-${batch.seq}`, type: 'stored', seqs: [batch.seq] }),
        { qos: 1 },
      );
    received += batch.values.length;
    for (const s of batch.values) if ('value' in s) changes?.seen(s.tag, String(s.value), now);
  });
  await sync(tcpTags);
  await delay(3 * SCAN_MS);
  changes = changeRegisters(peers, { tags: TAGS, everyMs: CHANGE_EVERY_MS });

  const first = await nextReport();
  const cpu0 = cpuSeconds(gateway.pid, TICKS);
  const rss = sampleRss(gateway.pid, RSS_EVERY_MS);
  const received0 = received;
  let last = first;
  while (last.ts - first.ts < SECONDS * 1000) last = await nextReport();
  const cpu1 = cpuSeconds(gateway.pid, TICKS);
  const memory = rss.stop();
  const window = (last.ts - first.ts) / 1000;
  const requests = requestsOf(last, 'plc') - requestsOf(first, 'plc');
  const scans = window / (SCAN_MS / 1000);
  const toMqtt = await changes.stop();
  const mqttLatencies = toMqtt.latencies;
  changes = null;

  // Idle: no template, nothing polled.
  await sync([]);
  await delay(1000);
  const idle0 = cpuSeconds(gateway.pid, TICKS);
  await delay(5000);
  const idleCpu = (cpuSeconds(gateway.pid, TICKS) - idle0) / 5;

  // Part 2: the same TAGs through the real server to the web app's live websocket.
  const toBrowser = BROWSER_SECONDS > 0 ? await measureBrowser() : { latencies: [], made: 0 };
  const browserLatencies = toBrowser.latencies;

  async function measureBrowser(): Promise<{ latencies: number[]; made: number }> {
    const browser = await startBrowserPath({ dir, tags: tcpTags, connections: tcpConnections });
    // the first scan's values (all of them: nothing was known before), or as many as came in a minute
    for (let waited = 0; browser.delivered() < TAGS && waited < 60_000; waited += 200) await delay(200);
    await delay(2 * SCAN_MS);
    const toBrowser = changeRegisters(peers, { tags: TAGS, everyMs: CHANGE_EVERY_MS });
    browser.onValue((t, value, at) => toBrowser.seen(t, String(value), at));
    await delay(BROWSER_SECONDS * 1000);
    const changed = await toBrowser.stop();
    await delay(2 * SCAN_MS);
    await browser.close();
    return changed;
  }

  console.log(
    `\nModbus TCP: ${TAGS} TAGs over ${CONNECTIONS} connections, scan ${SCAN_MS} ms, ${fmt(window)} s` +
      ` (to MQTT), ${BROWSER_SECONDS} s (to the browser)\n`,
  );
  console.log(
    textTable(
      ['measure', 'value', 'target'],
      [
        ['requests per scan', fmt(requests / scans), `= minimum ${minimumPerScan}`],
        ['gateway CPU polling, % of a core', fmt(((cpu1 - cpu0) / window) * 100), '< 5'],
        ['gateway CPU idle, % of a core', fmt(idleCpu * 100, 2), '~0'],
        ['values read/s', fmt((requests / minimumPerScan) * (TAGS / window), 0), `${TAGS}`],
        ['values published/s (by exception)', fmt((received - received0) / window, 1), ''],
        ['change to MQTT publish p50, ms', fmt(percentile(mqttLatencies, 50), 0), ''],
        ['change to MQTT publish p99, ms', fmt(percentile(mqttLatencies, 99), 0), ''],
        ['change to browser p50, ms', fmt(percentile(browserLatencies, 50), 0), ''],
        ['change to browser p99, ms', fmt(percentile(browserLatencies, 99), 0), `< ${SCAN_MS + 200}`],
        [
          'changes seen / made (MQTT, browser)',
          `${mqttLatencies.length} / ${toMqtt.made}, ${browserLatencies.length} / ${toBrowser.made}`,
          '',
        ],
        [
          'gateway RSS first/last/max, MB',
          `${fmt(memory.firstMb)} / ${fmt(memory.lastMb)} / ${fmt(memory.maxMb)}`,
          '',
        ],
        [
          `gateway RSS slope, kB/min (${memory.samples} samples, ${fmt(memory.minutes)} min)`,
          fmt(memory.slopeKbPerMin, 0),
          'flat: ~0',
        ],
        ['gateway RSS slope of the second half, kB/min', fmt(memory.lateSlopeKbPerMin, 0), 'flat: ~0'],
      ],
    ),
  );
  console.log(`gateway RSS samples, MB: ${memory.mb.map((mb) => mb.toFixed(1)).join(' ')}`);
}

if (!args['rtu-only']) await measureTcp();

// Part 3: one RTU line at each baud rate, polled as fast as the line allows (scan 1 ms).
const rtuGateway = {
  async poll(connection: string | null) {
    const tags = connection
      ? Array.from({ length: RTU_REGISTERS }, (_, i) => tag(`r${i}`, `${connection}:4x`, String(i), 1))
      : [];
    await sync(tags);
  },
};
const rows: string[][] = [];
for (const [index, baud] of args['tcp-only'] ? [] : BAUDS.entries()) {
  const line = lines[index];
  if (!line) continue;
  rows.push(
    await measureRtu(rtuGateway, {
      line,
      connection: `line${baud}`,
      baud,
      registers: RTU_REGISTERS,
      seconds: RTU_SECONDS,
    }),
  );
}
if (rows.length) {
  console.log(`\nModbus RTU: one request of ${RTU_REGISTERS} registers, back to back \n`);
  console.log(textTable(RTU_HEAD, rows));
  console.log(RTU_NOTE);
  console.log('targets: gateway/limit ≥ 0.80 (issue 23); gateway/mbpoll ≥ 0.90 (proposed, bench/README.md)');
}

await gateway.kill('SIGTERM');
await Promise.all([...peers, ...rtuPeers].map((p) => p.stop()));
await Promise.all(lines.map((l) => l.stop()));
await cloud.endAsync();
await broker.close();
rmSync(dir, { recursive: true, force: true });
