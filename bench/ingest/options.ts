import { parseArgs } from 'node:util';
import { BATCH_VALUES_MAX } from '@hmi/contract';

export type DbChoice = 'sqlite' | 'postgres';
export type ScenarioName = 'throughput' | 'steady' | 'fairness';

export interface ThroughputOptions {
  /** Publishing window of each phase, seconds. */
  seconds: number;
  devices: number;
  /** TAGs per template = values per batch. */
  tags: number;
  /** Unacknowledged batches each device allows. */
  inFlight: number;
}

export interface SteadyOptions {
  seconds: number;
  devices: number;
  /** Values each device sends per second (one batch a second). */
  valuesPerSecond: number;
}

export interface FairnessOptions {
  /** Each phase's window (alone, then beside the flood), seconds. */
  seconds: number;
  /** MQTT_DEVICE_RATE of the server: values a second each device may send. */
  deviceRate: number;
}

export interface BenchOptions {
  dbs: DbChoice[] | 'auto';
  scenarios: ScenarioName[];
  /** One throughput measurement per batch size. */
  throughput: ThroughputOptions[];
  steady: SteadyOptions;
  fairness: FairnessOptions;
  /** Alarm rules per template (0: none); see alarm-rules.ts. */
  alarmRules: number;
  /** Directory for a V8 CPU profile of each server process (null: none). */
  profileDir: string | null;
}

export const usage = `usage: npm run bench -- [options]
  --db sqlite|postgres|both   databases (default: SQLite, and PostgreSQL when reachable)
  --scenario throughput|steady|fairness|all                       (default: all)
  --seconds N                 throughput: publishing window of each phase (default 8)
  --devices N                 throughput: publishing devices (default 20)
  --tags N[,N…]               throughput: values per batch, one run each (default 5,20)
  --in-flight N               throughput: unacknowledged batches per device (default 8)
  --steady-seconds N          steady: measured window (default 30)
  --steady-devices N          steady: devices (default 1000)
  --steady-values N           steady: values per device per second (default 3)
  --fair-seconds N            fairness: each phase's window (default 5)
  --device-rate N             fairness: the server's MQTT_DEVICE_RATE (default 5000)
  --alarm-rules N             alarm rules per template (default 0; see ingest/alarm-rules.ts)
  --profile DIR               write a V8 CPU profile of each server process into DIR
  --help`;

export class UsageError extends Error {}

function integer(name: string, raw: string | undefined, fallback: number, min = 1, max = 1_000_000): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new UsageError(`--${name} must be an integer from ${min} to ${max}`);
  return n;
}

/** Parses the command line; throws UsageError for a bad option. */
export function parseOptions(argv: string[]): BenchOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      db: { type: 'string' },
      scenario: { type: 'string' },
      seconds: { type: 'string' },
      devices: { type: 'string' },
      tags: { type: 'string' },
      'in-flight': { type: 'string' },
      'steady-seconds': { type: 'string' },
      'steady-devices': { type: 'string' },
      'steady-values': { type: 'string' },
      'fair-seconds': { type: 'string' },
      'device-rate': { type: 'string' },
      'alarm-rules': { type: 'string' },
      profile: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) return 'help';
  const db = values.db ?? 'auto';
  if (!['sqlite', 'postgres', 'both', 'auto'].includes(db))
    throw new UsageError('--db must be sqlite, postgres or both');
  const scenario = values.scenario ?? 'all';
  if (!['throughput', 'steady', 'fairness', 'all'].includes(scenario))
    throw new UsageError('--scenario must be throughput, steady, fairness or all');
  const seconds = integer('seconds', values.seconds, 8);
  const devices = integer('devices', values.devices, 20);
  const inFlight = integer('in-flight', values['in-flight'], 8, 1, 1000);
  const batchSizes = (values.tags ?? '5,20')
    .split(',')
    .map((t) => integer('tags', t.trim(), 0, 1, BATCH_VALUES_MAX));
  return {
    dbs: db === 'auto' ? 'auto' : db === 'both' ? ['sqlite', 'postgres'] : [db as DbChoice],
    scenarios: scenario === 'all' ? ['throughput', 'steady', 'fairness'] : [scenario as ScenarioName],
    throughput: batchSizes.map((tags) => ({ seconds, devices, tags, inFlight })),
    steady: {
      seconds: integer('steady-seconds', values['steady-seconds'], 30),
      devices: integer('steady-devices', values['steady-devices'], 1000),
      valuesPerSecond: integer('steady-values', values['steady-values'], 3, 1, BATCH_VALUES_MAX),
    },
    fairness: {
      seconds: integer('fair-seconds', values['fair-seconds'], 5),
      deviceRate: integer('device-rate', values['device-rate'], 5000),
    },
    alarmRules: integer('alarm-rules', values['alarm-rules'], 0, 0),
    profileDir: values.profile ?? null,
  };
}
