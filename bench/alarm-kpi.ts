/**
 * Alarm performance page (issue 26): a year of 1,000,000 alarm records of one team (200 devices, 20
 * rules; a tenth of the records from ten chattering rule-and-device pairs) in a migrated SQLite file
 * and PostgreSQL schema; the time of the page's figures (getAlarmKpi's service, every query and the
 * sums) over the whole year from the running sums (migration 0036), next to the same service reading
 * the records alone (the page before the sums) and a plain `select count(*)` of the team's records,
 * in the same run; and the same for one group of half the devices (a scope: window counts from those
 * devices' records). The answers from both paths must be equal. Target: under 1 s on both.
 *
 *   npm run alarm-kpi -w bench [-- --records 1000000 --runs 5 --db sqlite|postgres|both]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { isDeepStrictEqual } from 'node:util';
import { RawFigures, RollupFigures } from '@hmi/server/src/modules/alarm-kpi/figures';
import { AlarmKpiRepo } from '@hmi/server/src/modules/alarm-kpi/repo';
import { AlarmKpiRollupRepo } from '@hmi/server/src/modules/alarm-kpi/rollup-repo';
import { AlarmKpiService } from '@hmi/server/src/modules/alarm-kpi/service';
import { DataPermissionService } from '@hmi/server/src/modules/data-permissions';
import { ManualClock } from '@hmi/server/src/platform/clock';
import { migrate, openDatabase, type Db } from '@hmi/server/src/platform/db';
import type { SessionUser } from '@hmi/server/src/platform/http/session';
import { databases } from '@hmi/server/src/test/databases';
import { provisionFleet } from '@hmi/server/src/test/fleet';
import { sql } from 'kysely';
import { textTable } from './text-table';

const TARGET_MS = 1000;
const YEAR_S = 365 * 86_400;
const DEVICES = 200;
const RULES = 20;
/** 2026-01-01 00:00 UTC: the year's start. */
const START = Date.UTC(2026, 0, 1) / 1000;

const { values } = parseArgs({
  options: {
    records: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '5' },
    db: { type: 'string', default: 'both' },
  },
});
const RECORDS = Number(values.records);
const RUNS = Number(values.runs);

/**
 * Records i = 0…n-1, evenly over the year: i % 100 < 10 go to ten pairs (device (i / 100) % 10, rule 1),
 * ten raises within ~5 min in each hundred, the 5th to 10th marked chattering as the engine marks them
 * (5 raises within 10 min); the rest spread over every device and rule. Two in three acknowledged
 * after up to 10 min; all recovered after up to an hour, one in a thousand after 25 h (stale).
 * Written by one INSERT … SELECT so any triggers run as on ingest.
 */
function seedSql(
  d: Db,
  teamId: number,
  templateId: number,
  deviceIds: readonly number[],
  ruleIds: readonly number[],
) {
  const device = (expr: string) =>
    `case ${deviceIds.map((id, k) => `when ${expr} = ${k} then ${id}`).join(' ')} end`;
  const rule = (expr: string) =>
    `case ${ruleIds.map((id, k) => `when ${expr} = ${k} then ${id}`).join(' ')} end`;
  const at = `(${START} + (i * ${YEAR_S}) / ${RECORDS})`;
  const columns = `select ${teamId}, ${device(`(case when i % 100 < 10 then (i / 100) % 10 else i % ${DEVICES} end)`)},
      ${templateId}, ${rule(`(case when i % 100 < 10 then 0 else (i / ${DEVICES}) % ${RULES} end)`)},
      'rule', 1, 'limit', 2, 'temp', '81', 'too hot', 4, ${at}, ${at},
      case when i % 3 = 0 then null else ${at} + i % 600 end,
      ${at} + case when i % 1000 = 0 then 90000 else 1 + i % 3600 end,
      case when i % 100 between 4 and 9 then 1 else 0 end`;
  const insert = `insert into alarm_records (team_id, device_id, template_id, rule_id, rule_name, level, type,
      condition, tag_name, value, content, state, alarm_at, raised_at, response_at, recovery_at, chattering)`;
  return d.dialect === 'postgres'
    ? `${insert} ${columns} from generate_series(0::bigint, ${RECORDS - 1}) as s(i)`
    : `${insert} with recursive s(i) as (select 0 union all select i + 1 from s where i < ${RECORDS - 1}) ${columns} from s`;
}

async function seed(d: Db) {
  const fleet = await provisionFleet(d, {
    count: DEVICES,
    prefix: 'KPIB',
    tags: [{ name: 'temp', data_type: 8, save_history: false }],
  });
  const tag = await d.db
    .selectFrom('template_tags')
    .select('id')
    .where('template_id', '=', fleet.templateId)
    .executeTakeFirstOrThrow();
  const rules = await d.db
    .insertInto('alarm_rules')
    .values(
      Array.from({ length: RULES }, (_, k) => ({
        team_id: fleet.teamId,
        template_id: fleet.templateId,
        group_id: null,
        name: `rule ${k}`,
        level: 1,
        type: 'limit',
        condition: 2,
        tag_id: tag.id,
        condition_content: `{${tag.id}} > 80`,
        created_at: START,
        updated_at: START,
      })),
    )
    .returning('id')
    .execute();
  const t0 = performance.now();
  await sql
    .raw(
      seedSql(
        d,
        fleet.teamId,
        fleet.templateId,
        fleet.devices.map((x) => x.id),
        rules.map((r) => r.id),
      ),
    )
    .execute(d.db);
  const seedS = (performance.now() - t0) / 1000;
  await sql
    .raw(
      d.dialect === 'postgres'
        ? 'vacuum analyze alarm_records, alarm_kpi_pairs, alarm_kpi_windows'
        : 'analyze',
    )
    .execute(d.db);
  const main = await d.db
    .selectFrom('users')
    .selectAll()
    .where('team_id', '=', fleet.teamId)
    .executeTakeFirstOrThrow();
  // Half the devices in one group: choosing it (or a member who sees only it) takes the path of a
  // scope, where the window counts come from those devices' records.
  const group = await d.db
    .insertInto('device_groups')
    .values({ team_id: fleet.teamId, parent_id: null, name: 'half', created_at: START })
    .returning('id')
    .executeTakeFirstOrThrow();
  await d.db
    .updateTable('devices')
    .set({ group_id: group.id })
    .where(
      'id',
      'in',
      fleet.devices.filter((_, k) => k % 2 === 0).map((x) => x.id),
    )
    .execute();
  return { teamId: fleet.teamId, main, seedS, groupId: group.id };
}

/** The median of `runs` timings of `fn` in ms (one warm-up first). */
async function median(fn: () => Promise<unknown>): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let k = 0; k < RUNS; k++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? 0;
}

async function measure(name: string, env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'kpi-bench-'));
  const d = openDatabase({ databaseUrl: env.DATABASE_URL ?? null, dataDir });
  try {
    await migrate(d);
    const { teamId, main, seedS, groupId } = await seed(d);
    const user: SessionUser = {
      id: main.id,
      teamId,
      isMain: true,
      roleId: null,
      permissions: [],
      familyId: 'bench',
      row: main,
    };
    const clock = new ManualClock((START + YEAR_S) * 1000);
    const repo = new AlarmKpiRepo(d.db);
    const perms = DataPermissionService.over(d.db);
    const svc = new AlarmKpiService(
      repo,
      new RollupFigures(repo, new AlarmKpiRollupRepo(d.db)),
      perms,
      clock,
    );
    const raw = new AlarmKpiService(repo, new RawFigures(repo), perms, clock);
    // The page's year in UTC+8: from local midnight, so both edges are partial buckets and windows.
    const query = { start: START - 8 * 3600, end: START + YEAR_S - 8 * 3600, timezone: 8 };
    const half = { ...query, group_id: groupId };
    const k = await svc.get(user, query);
    for (const q of [query, half])
      if (!isDeepStrictEqual(await svc.get(user, q), await raw.get(user, q)))
        throw new Error(`${name}: the running sums and the records disagree`);
    const baseline = await median(() =>
      d.db
        .selectFrom('alarm_records')
        .select(sql`count(*)`.as('n'))
        .where('team_id', '=', teamId)
        .execute(),
    );
    const page = await median(() => svc.get(user, query));
    const before = await median(() => raw.get(user, query));
    const halfPage = await median(() => svc.get(user, half));
    const halfBefore = await median(() => raw.get(user, half));
    return {
      row: [
        name,
        String(k.total),
        seedS.toFixed(1),
        baseline.toFixed(1),
        before.toFixed(1),
        page.toFixed(1),
        (page / before).toFixed(3),
        (page / baseline).toFixed(2),
        page < TARGET_MS ? 'yes' : 'no',
        halfBefore.toFixed(1),
        halfPage.toFixed(1),
        halfPage < TARGET_MS ? 'yes' : 'no',
      ],
      check: `${name}: chattering ${k.chattering.records} records in ${k.chattering.pairs} pairs, flood ${(k.flood.share * 100).toFixed(2)} %, stale ${k.stale.records}, ack avg ${k.acknowledge.avg_s?.toFixed(0)} s`,
    };
  } finally {
    await d.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const rows: string[][] = [];
const checks: string[] = [];
for (const database of databases) {
  if (values.db !== 'both' && values.db !== database.name) continue;
  const created = await database.create();
  try {
    const r = await measure(database.name, created.env);
    rows.push(r.row);
    checks.push(r.check);
  } finally {
    await created.drop();
  }
}
console.log(
  textTable(
    [
      'db',
      'records',
      'seed s',
      'count(*) ms',
      'records-only ms',
      'page ms',
      'page / records-only',
      'page / count(*)',
      `page < ${TARGET_MS} ms`,
      'half: records-only ms',
      'half: page ms',
      `half < ${TARGET_MS} ms`,
    ],
    rows,
  ),
);
for (const c of checks) console.log(c);
