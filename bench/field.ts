/**
 * Field gateway (issue 23): the real `agent gateway` CLI in its own process polling real Modbus peers
 * (Debian's python3-pymodbus), driven by a template synced over MQTT (an embedded aedes broker plays the
 * cloud). Part 1: 10,000 TAGs over 10 Modbus TCP connections at a 1 s scan; prints requests per scan
 * (measured from the gateway's own diagnostics) against the minimum the address map allows, the
 * gateway's CPU share while polling and idle, values/s, the register-change-to-MQTT-publish latency
 * p50/p99 (the server and browser hops are not in this run), and its RSS at the start and end. Part 2:
 * one RTU line (an emulated RS-485 line at the baud rate) at 115,200 and 9,600 baud; prints polls per
 * second against the line's limit (bits/s ÷ bits of one request and its answer) and against a bare
 * modbus-serial loop on the same line (the baseline: what the peer and the emulated line allow).
 * Targets: requests = minimum; CPU < 5 % of one core polling and ~0 idle; p99 < scan + 200 ms; RTU ≥ 0.8
 * of the line's limit.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { TagDataType, topics, type Ack, type FieldReport, type SyncTag, type TagsBatch } from '@hmi/contract';
import ModbusRTU from 'modbus-serial';
import { startModbusPeer, type ModbusPeer } from '../apps/agent/src/field/peers/modbus-peer';
import { cloudClient, nextPayload, startBroker } from '../apps/agent/src/test/vnc-support';
import { cpuSeconds, rssMb, spawnProcess } from '@hmi/server/src/test/server-process';
import { BITS_PER_BYTE, startSerialLine, type SerialLine } from './field/serial-line';
import { textTable } from './text-table';

const { values: args } = parseArgs({
  options: {
    connections: { type: 'string', default: '10' },
    tags: { type: 'string', default: '10000' },
    seconds: { type: 'string', default: '20' },
    'rtu-seconds': { type: 'string', default: '10' },
    'rtu-registers': { type: 'string', default: '10' },
  },
});
const CONNECTIONS = Number(args.connections);
const TAGS = Number(args.tags);
const SECONDS = Number(args.seconds);
const RTU_SECONDS = Number(args['rtu-seconds']);
const RTU_REGISTERS = Number(args['rtu-registers']);
const SCAN_MS = 1000;
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

const connections: Record<string, object> = {};
peers.forEach((p, i) => {
  connections[`plc${i}`] = { protocol: 'modbus-tcp', host: '127.0.0.1', port: p.port, timeout_ms: 1000 };
});
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
const gateway = await spawnProcess(['apps/agent/src/cli.ts', 'gateway', '--config', config], {}, SN);
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
  if (!(await ack).ok) throw new Error('sync refused');
}

/** The next field report (the CLI reports every 5 s while polling). */
const nextReport = () => nextPayload<FieldReport>(cloud, topics.field(SN), () => true);
const requestsOf = (r: FieldReport, prefix: string) =>
  r.connections.filter((c) => c.name.startsWith(prefix)).reduce((n, c) => n + c.requests, 0);
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
};
const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

// Part 1: 10,000 TAGs over 10 Modbus TCP connections at 1 s.
const tcpTags = Array.from({ length: TAGS }, (_, i) =>
  tag(`t${i}`, `plc${i % CONNECTIONS}:4x`, String(Math.floor(i / CONNECTIONS))),
);
const minimumPerScan = CONNECTIONS * Math.ceil(perConnection / 125);
let received = 0;
const pending = new Map<string, { value: number; at: number }>();
const latencies: number[] = [];
cloud.on('message', (topic, payload) => {
  if (topic !== topics.tags(SN)) return;
  const now = performance.now();
  const batch = JSON.parse(payload.toString()) as TagsBatch;
  received += batch.values.length;
  for (const s of batch.values) {
    const p = pending.get(s.tag);
    if (p && s.value === p.value) {
      latencies.push(now - p.at);
      pending.delete(s.tag);
    }
  }
});
await sync(tcpTags);
await delay(3 * SCAN_MS);

// Register changes at random moments against the scan: one every 100 ms on a random TAG.
let changing = true;
const changer = (async () => {
  for (let n = 1; changing; n++) {
    const i = Math.floor(Math.random() * TAGS);
    const value = 1000 + (n % 60000);
    const at = performance.now();
    pending.set(`t${i}`, { value, at });
    await peers[i % CONNECTIONS]?.set('hr', Math.floor(i / CONNECTIONS), [value]);
    await delay(100);
  }
})();

const first = await nextReport();
const cpu0 = cpuSeconds(gateway.pid, TICKS);
const rss0 = rssMb(gateway.pid);
const received0 = received;
let last = first;
while (last.ts - first.ts < SECONDS * 1000) last = await nextReport();
const cpu1 = cpuSeconds(gateway.pid, TICKS);
const rss1 = rssMb(gateway.pid);
const window = (last.ts - first.ts) / 1000;
const requests = requestsOf(last, 'plc') - requestsOf(first, 'plc');
const scans = window / (SCAN_MS / 1000);
changing = false;
await changer;

// Idle: no template, nothing polled.
await sync([]);
await delay(1000);
const idle0 = cpuSeconds(gateway.pid, TICKS);
await delay(5000);
const idleCpu = (cpuSeconds(gateway.pid, TICKS) - idle0) / 5;

console.log(
  `\nModbus TCP: ${TAGS} TAGs over ${CONNECTIONS} connections, scan ${SCAN_MS} ms, ${fmt(window)} s\n`,
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
      ['change to MQTT publish p50, ms', fmt(percentile(latencies, 50), 0), ''],
      ['change to MQTT publish p99, ms', fmt(percentile(latencies, 99), 0), `< ${SCAN_MS + 200}`],
      ['changes measured', String(latencies.length), ''],
      ['gateway RSS start/end, MB', `${fmt(rss0)} / ${fmt(rss1)}`, 'flat'],
    ],
  ),
);

/**
 * The baseline: a bare modbus-serial loop on the same line, one request after the other (what a plain
 * command-line poller does), while the gateway polls nothing.
 */
async function barePolls(path: string, baud: number): Promise<number> {
  const client = new ModbusRTU();
  client.setTimeout(1000);
  client.setID(1);
  await client.connectRTUBuffered(path, { baudRate: baud });
  const until = performance.now() + RTU_SECONDS * 1000;
  let polls = 0;
  for (; performance.now() < until; polls++) await client.readHoldingRegisters(0, RTU_REGISTERS);
  await new Promise<void>((resolve) => client.close(() => resolve()));
  return polls / RTU_SECONDS;
}

// Part 2: one RTU line at each baud rate, polled as fast as the line allows (scan 1 ms).
const rows: string[][] = [];
for (const [index, baud] of BAUDS.entries()) {
  const line = `line${baud}`;
  await sync(Array.from({ length: RTU_REGISTERS }, (_, i) => tag(`r${i}`, `${line}:4x`, String(i), 1)));
  const a = await nextReport();
  let b = a;
  while (b.ts - a.ts < RTU_SECONDS * 1000) b = await nextReport();
  const polls = (requestsOf(b, line) - requestsOf(a, line)) / ((b.ts - a.ts) / 1000);
  // request: unit, function, address, count, CRC = 8 bytes; answer: unit, function, byte count, data, CRC
  const bits = (8 + 5 + 2 * RTU_REGISTERS) * BITS_PER_BYTE;
  const limit = baud / bits;
  await sync([]);
  await delay(500);
  const bare = await barePolls(lines[index]?.gatewayPath ?? '', baud);
  rows.push([
    String(baud),
    fmt(polls),
    fmt(bare),
    fmt(limit),
    fmt(polls / bare, 2),
    fmt(polls / limit, 2),
    '≥ 0.80',
  ]);
}
console.log(`\nModbus RTU: one request of ${RTU_REGISTERS} registers, back to back\n`);
console.log(
  textTable(
    ['baud', 'gateway polls/s', 'bare loop polls/s', 'line limit/s', 'vs bare', 'vs limit', 'target'],
    rows,
  ),
);

await gateway.kill('SIGTERM');
await Promise.all([...peers, ...rtuPeers].map((p) => p.stop()));
await Promise.all(lines.map((l) => l.stop()));
await cloud.endAsync();
await broker.close();
rmSync(dir, { recursive: true, force: true });
