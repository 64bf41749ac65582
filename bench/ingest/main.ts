import { cpus, loadavg } from 'node:os';
import { alarmRuleSeeder } from './alarm-rules';
import { measureBarePostgres } from './bare-postgres';
import { fairnessTable, measureFairness, type FairnessResult } from './fairness';
import { parseOptions, usage, UsageError, type BenchOptions } from './options';
import { table, type Row } from './report';
import type { ServerSetup } from './server';
import { measureSteady } from './steady';
import { targetsFor } from './targets';
import { measureThroughput } from './throughput';

/** The targets on a 2-core machine. */
const TARGET_SQLITE_VALUES_PER_SECOND = 20_000;
const TARGET_RATIO = 0.5;
/** Issue 31: PostgreSQL ingest end to end ≥ 0.7 of a plain client writing the same rows. */
const TARGET_PG_RATIO = 0.7;
const TARGET_STEADY_CORES = 0.5;
/** Issue 5: 300 alarm rules per template keep at least this share of the throughput without rules. */
const TARGET_RULES_RATIO = 0.8;

const yes = (ok: boolean) => (ok ? 'yes' : 'no');

/** The server as configured, and the same with `--alarm-rules` rules seeded (null without them). */
function setupsOf(o: BenchOptions): { plain: ServerSetup; withRules: ServerSetup | null } {
  const plain = { seed: null, profileDir: o.profileDir };
  const withRules = o.alarmRules > 0 ? { ...plain, seed: alarmRuleSeeder(o.alarmRules) } : null;
  return { plain, withRules };
}

async function run(o: BenchOptions): Promise<{ rows: Row[]; fair: FairnessResult[] }> {
  const { plain, withRules } = setupsOf(o);
  const setup = withRules ?? plain;
  const rows: Row[] = [];
  const fair: FairnessResult[] = [];
  const rules = o.alarmRules ? `, ${o.alarmRules} rules` : '';
  for (const target of targetsFor(o.dbs)) {
    if (o.scenarios.includes('throughput'))
      for (const t of o.throughput) {
        console.log(`throughput on ${target.name}: ${t.devices} devices × ${t.tags} values/batch…`);
        const r = await measureThroughput(target, t, plain);
        const ratio = r.server.rate / r.broker.rate;
        const targets = [`≥0.5 ${yes(ratio >= TARGET_RATIO)}`];
        if (target.name === 'sqlite')
          targets.unshift(`≥20k ${yes(r.server.rate >= TARGET_SQLITE_VALUES_PER_SECOND)}`);
        const load = `${t.devices} dev × ${t.tags}/batch, ${t.inFlight} in flight`;
        // Issue 31: the line for PostgreSQL is what it takes of the same rows from a plain client.
        const bare = target.name === 'postgres' ? await measureBarePostgres(target, t) : null;
        if (bare) {
          const vsBare = r.server.rate / bare.rate;
          // The path's own ceiling is the slower of its bare parts: ingest cannot outrun the broker.
          const vsLine = r.server.rate / Math.min(bare.rate, r.broker.rate);
          targets.push(
            `${vsBare.toFixed(2)} of bare PG, ≥0.7 ${yes(vsBare >= TARGET_PG_RATIO)}`,
            `${vsLine.toFixed(2)} of min(broker, bare PG)`,
          );
        }
        rows.push(throughputRow(target.name, load, r, targets.join(', ')));
        if (bare)
          rows.push({
            scenario: 'pg ceiling',
            db: target.name,
            load: `${load}: pg client, 1 statement/transaction`,
            endToEnd: bare.rate,
            brokerOnly: null,
            stored: `${bare.values} written`,
            cpu: null,
            targets: '-',
          });
        if (withRules) {
          console.log(`  again with ${o.alarmRules} alarm rules per template…`);
          const rr = await measureThroughput(target, t, withRules);
          const vsPlain = rr.server.rate / r.server.rate;
          const verdict = `${vsPlain.toFixed(2)} of no rules, ≥0.8 ${yes(vsPlain >= TARGET_RULES_RATIO)}`;
          rows.push(throughputRow(target.name, `${load}${rules}`, rr, verdict));
        }
      }
    if (o.scenarios.includes('steady')) {
      const s = o.steady;
      console.log(`steady on ${target.name}: ${s.devices} devices × ${s.valuesPerSecond} values/s…`);
      const r = await measureSteady(target, s, setup);
      rows.push({
        scenario: 'steady',
        db: target.name,
        load: `${s.devices} dev × ${s.valuesPerSecond} values/s, ${s.seconds} s${rules}`,
        endToEnd: r.receivedRate,
        brokerOnly: null,
        stored: `${whole(r.sentRate)}/s sent`,
        cpu: { server: r.cores, broker: null },
        targets: `<50% ${yes(r.cores < TARGET_STEADY_CORES)}`,
      });
    }
    if (o.scenarios.includes('fairness')) {
      console.log(`fairness on ${target.name}: a device alone, then beside a flooding one…`);
      fair.push(await measureFairness(target, o.fairness, plain));
    }
  }
  return { rows, fair };
}

function throughputRow(
  db: string,
  load: string,
  r: Awaited<ReturnType<typeof measureThroughput>>,
  targets: string,
): Row {
  return {
    scenario: 'throughput',
    db,
    load,
    endToEnd: r.server.rate,
    brokerOnly: r.broker.rate,
    stored: `${r.server.stored}/${r.server.storedExpected}`,
    cpu: { server: r.server.cores, broker: r.broker.cores },
    targets,
  };
}

const whole = (n: number) => Math.round(n).toLocaleString('en-US');
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

async function main(): Promise<void> {
  let options: BenchOptions | 'help';
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    console.error(usage);
    process.exit(2);
  }
  if (options === 'help') {
    console.log(usage);
    return;
  }
  console.log(`ingest benchmark: ${cpus().length} CPUs, Node ${process.version}, load average ${load()}`);
  const { rows, fair } = await run(options);
  if (rows.length) console.log(`\n${table(rows)}`);
  if (fair.length) console.log(`\n${fairnessTable(fair)}`);
  // Other work on the machine takes CPU from both phases; the load average says how much there was.
  console.log(`\nCPU: share of one core over the measured time. Load average now ${load()}.`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err instanceof UsageError ? err.message : err);
    process.exit(1);
  },
);
