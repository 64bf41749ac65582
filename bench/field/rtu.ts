/**
 * One RTU line polled back to back by the gateway (scan 1 ms) and by mbpoll (the independent master: a
 * C poller on the same peer, line and baud), in alternating slices so that both see the same load on
 * the machine. Both are measured at the line's relay (serial-line.ts), with the same ruler: requests
 * per second, and where each poll's time went besides the line's own: the master's turnaround (the
 * answer's last chunk to its next request) and the PLC's (the request to its answer).
 */
import { setTimeout as delay } from 'node:timers/promises';
import { fmt, percentile } from './changes';
import { runMbpoll } from './mbpoll-rate';
import { BITS_PER_BYTE, type LineTimes, type SerialLine } from './serial-line';

export interface RtuGateway {
  /** Makes the gateway poll the registers of `connection` every 1 ms; null stops it. */
  poll(connection: string | null): Promise<void>;
}

export const RTU_HEAD = [
  'baud',
  'line limit/s',
  'gateway polls/s',
  'mbpoll polls/s',
  'gateway/limit',
  'mbpoll/limit',
  'gateway/mbpoll',
  'turnaround ms gateway/mbpoll/PLC',
];
/** What the rows say, printed under the table. */
export const RTU_NOTE =
  'polls/s: from the median interval between requests (in brackets: from the mean, stalls of the machine\n' +
  'included); the ratios are of the median figures. Turnarounds: medians.';

const SLICES = 3;
/** Left out at the start of a gateway slice: the sync and the port's opening. */
const SETTLE_MS = 300;

const median = (xs: readonly number[]) => percentile(xs, 50);
const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
/** The intervals between consecutive requests of each slice, ms. */
const intervals = (slices: readonly LineTimes[]) =>
  slices.flatMap((t) => t.requests.slice(1).map((at, i) => at - (t.requests[i] ?? at)));
/** Requests per second: from the median interval, and from the mean. */
const rates = (slices: readonly LineTimes[]) => {
  const gaps = intervals(slices);
  return { median: 1000 / median(gaps), mean: 1000 / mean(gaps) };
};

export async function measureRtu(
  gateway: RtuGateway,
  o: { line: SerialLine; connection: string; baud: number; registers: number; seconds: number },
): Promise<string[]> {
  // request: unit, function, address, count, CRC = 8 bytes; answer: unit, function, byte count, data, CRC
  const bits = (8 + 5 + 2 * o.registers) * BITS_PER_BYTE;
  const limit = o.baud / bits;
  const sliceMs = (o.seconds * 1000) / SLICES;
  const seen = { gateway: [] as LineTimes[], mbpoll: [] as LineTimes[] };
  for (let i = 0; i < SLICES; i++) {
    await gateway.poll(o.connection);
    await delay(SETTLE_MS);
    o.line.times();
    await delay(sliceMs);
    seen.gateway.push(o.line.times());
    await gateway.poll(null);
    await delay(SETTLE_MS);
    o.line.times();
    await runMbpoll(
      o.line.gatewayPath,
      o.baud,
      o.registers,
      Math.max(10, Math.round((limit * sliceMs) / 1000)),
    );
    seen.mbpoll.push(o.line.times());
  }
  const gatewayRate = rates(seen.gateway);
  const mbpollRate = rates(seen.mbpoll);
  const all = (k: 'gateway' | 'mbpoll', f: 'master' | 'plc') => seen[k].flatMap((t) => t[f]);
  const plc = median([...all('gateway', 'plc'), ...all('mbpoll', 'plc')]);
  return [
    String(o.baud),
    fmt(limit),
    `${fmt(gatewayRate.median)} (${fmt(gatewayRate.mean)})`,
    `${fmt(mbpollRate.median)} (${fmt(mbpollRate.mean)})`,
    fmt(gatewayRate.median / limit, 2),
    fmt(mbpollRate.median / limit, 2),
    fmt(gatewayRate.median / mbpollRate.median, 2),
    `${fmt(median(all('gateway', 'master')), 2)} / ${fmt(median(all('mbpoll', 'master')), 2)} / ${fmt(plc, 2)}`,
  ];
}
