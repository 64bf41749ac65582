import { textTable } from '../text-table';

export interface Row {
  scenario: string;
  db: string;
  load: string;
  /** End-to-end TAG values per second (validated, stored, pushed to the websocket subscriber). */
  endToEnd: number;
  /** Broker-only values per second (throughput); null for the steady scenario. */
  brokerOnly: number | null;
  /** Stored rows against values acknowledged, or the steady send rate. */
  stored: string;
  /** CPU of the processes, in cores (server; broker alone when measured); null: not measured. */
  cpu: { server: number; broker: number | null } | null;
  /** Each target with whether it was met, e.g. "≥20k yes, ≥0.5 no". */
  targets: string;
}

const whole = (n: number) => Math.round(n).toLocaleString('en-US');
const pct = (cores: number) => `${(cores * 100).toFixed(0)}%`;

/** A fixed-width table of the rows. */
export function table(rows: readonly Row[]): string {
  // CPU per value is what other work on the machine changes least: it compares runs taken under
  // different loads, where the rates do not.
  const head = [
    'scenario',
    'db',
    'load',
    'e2e values/s',
    'broker only',
    'ratio',
    'stored',
    'CPU srv/brk',
    'srv µs/value',
    'targets',
  ];
  const body = rows.map((r) => [
    r.scenario,
    r.db,
    r.load,
    whole(r.endToEnd),
    r.brokerOnly === null ? '-' : whole(r.brokerOnly),
    r.brokerOnly === null ? '-' : (r.endToEnd / r.brokerOnly).toFixed(2),
    r.stored,
    !r.cpu ? '-' : r.cpu.broker === null ? pct(r.cpu.server) : `${pct(r.cpu.server)}/${pct(r.cpu.broker)}`,
    !r.cpu ? '-' : ((r.cpu.server * 1e6) / r.endToEnd).toFixed(1),
    r.targets,
  ]);
  return textTable(head, body);
}
