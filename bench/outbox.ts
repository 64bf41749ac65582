/**
 * The gateway outbox's write cost (issue 24): what storing 1,000 values a second costs, as batches of
 * 1,000 values once a second and of 100 values ten times a second, with SQLite synchronous=FULL (what
 * the gateway runs) and NORMAL, against the JSON.stringify of the same batches alone (the baseline of
 * the same run). CPU is this process's user + system time; wall time includes waiting for the disk.
 * Then a replay: reading, and confirming, every stored batch in seq order as the forwarder does.
 *
 *   npm run outbox -w bench [-- --seconds 60]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Outbox } from '@hmi/agent/outbox';
import { textTable } from './text-table';

const seconds = Number(process.argv[process.argv.indexOf('--seconds') + 1] || 60);
const dir = mkdtempSync(join(tmpdir(), 'bench-outbox-'));

function batch(seq: number, values: number, ts: number): string {
  const list = Array.from({ length: values }, (_, i) => ({ tag: `t${i}`, value: (seq * 7 + i) % 1000, ts }));
  return JSON.stringify({ v: 1, seq, ts, values: list, confirm: true });
}

interface Cost {
  cpuMs: number;
  wallMs: number;
}

/** Stores `seconds` worth of 1,000 values/s as batches of `perBatch`; null mode: stringify only. */
function run(mode: 'FULL' | 'NORMAL' | null, perBatch: number): Cost {
  const box = mode
    ? Outbox.open({
        path: join(dir, `${mode}-${perBatch}.sqlite`),
        maxBytes: 1 << 30,
        maxAgeMs: 86_400_000,
        synchronous: mode,
      })
    : null;
  const batches = seconds * (1000 / perBatch);
  const t0 = Date.now();
  const cpu0 = process.cpuUsage();
  const wall0 = process.hrtime.bigint();
  for (let seq = 0; seq < batches; seq += 1) {
    const ts = t0 + seq;
    const body = batch(seq, perBatch, ts);
    box?.add({ seq, ts, body, sent: false }, ts);
  }
  const cpu = process.cpuUsage(cpu0);
  const wallMs = Number(process.hrtime.bigint() - wall0) / 1e6;
  box?.close();
  return { cpuMs: (cpu.user + cpu.system) / 1000, wallMs };
}

/** Reads every batch in seq order, 32 at a time, and confirms them: the replay's own cost. */
function replay(perBatch: number): { batches: number; ms: number } {
  const box = Outbox.open({
    path: join(dir, `FULL-${perBatch}.sqlite`),
    maxBytes: 1 << 30,
    maxAgeMs: 86_400_000,
  });
  const start = process.hrtime.bigint();
  let cursor = -1;
  let n = 0;
  for (;;) {
    const rows = box.batchesAfter(cursor, 32);
    const last = rows[rows.length - 1];
    if (!last) break;
    cursor = last.seq;
    for (const r of rows) JSON.parse(r.body);
    box.confirm(rows.map((r) => r.seq));
    n += rows.length;
  }
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  box.close();
  return { batches: n, ms };
}

const pct = (ms: number) => `${((ms / (seconds * 1000)) * 100).toFixed(2)} %`;
const rows: string[][] = [];
for (const perBatch of [1000, 100]) {
  const base = run(null, perBatch);
  for (const mode of ['FULL', 'NORMAL'] as const) {
    const c = run(mode, perBatch);
    rows.push([
      `${perBatch} values × ${1000 / perBatch}/s`,
      mode,
      pct(c.cpuMs),
      pct(c.wallMs),
      pct(c.cpuMs - base.cpuMs),
      `${((c.wallMs - base.wallMs) / (seconds * (1000 / perBatch))).toFixed(3)} ms`,
    ]);
  }
}
console.log(
  `Outbox writes: ${seconds} s of 1,000 values/s (figures as a share of one core over those ${seconds} s)`,
);
console.log(
  textTable(['batches', 'synchronous', 'CPU', 'wall', 'CPU beyond JSON', 'wall per batch beyond JSON'], rows),
);
for (const perBatch of [1000, 100]) {
  const r = replay(perBatch);
  console.log(
    `Replay of ${r.batches} batches of ${perBatch} values (read, confirm): ${r.ms.toFixed(0)} ms, ${Math.round(
      (r.batches * perBatch) / (r.ms / 1000),
    ).toLocaleString('en-US')} values/s`,
  );
}
rmSync(dir, { recursive: true, force: true });
