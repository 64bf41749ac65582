import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../index';

/**
 * Running sums of alarm_records for the alarm performance page (issue 26), so that a year of
 * 1,000,000 records answers from a few tens of thousands of rows instead of two passes over every
 * record (3.5 s on SQLite, 2.3 s on PostgreSQL before this):
 *
 * - `alarm_kpi_pairs`: per team, 30-day bucket of the alarm time, device, rule (0: a deleted rule's
 *   records), the record's template and level: the count, the sums behind the average times to
 *   acknowledge and to recover, the records recovered more than a day after the alarm (stale) and
 *   the ones the engine marked chattering. The level is part of the key so that the page can take
 *   records off a bucket at a range's edge and still know the highest level left.
 * - `alarm_kpi_windows`: per team, ten-minute window of the alarm time and the record's template: the
 *   count (the flood share and the series).
 *
 * Kept by triggers in the statement that writes the records (raise, acknowledge, recover, shelve,
 * mark chattering, a rule deleted under its records, a device or team deleted with them), as
 * alarm_record_counts is (migration 0017): cascades reach the records without any code seeing them.
 * The page reads whole buckets and windows from here and only its range's partial edges from the
 * records (modules/alarm-kpi). Rows whose sums fall back to zero stay; the page skips them.
 *
 * The numbers here are frozen with the migration: the page's bucket length (ALARM_KPI_BUCKET_S in
 * modules/alarm-kpi/plan.ts) and the contract's stale limit (a day) must agree with them.
 */
const BUCKET_S = 2_592_000;
const STALE_S = 86_400;
const WINDOW_S = 600;

const PAIR_KEY = ['team_id', 'bucket', 'device_id', 'rule_key', 'template_id', 'level'] as const;
const PAIR_SUMS = ['n', 'ack_sum', 'ack_n', 'rec_sum', 'rec_n', 'stale', 'chatter'] as const;
const WINDOW_KEY = ['team_id', 'w', 'template_id'] as const;

/** The key and one record's contribution to each sum, for a record named `r` (`new`, `old`, an alias). */
function pairTerms(r: string): Record<(typeof PAIR_KEY)[number] | (typeof PAIR_SUMS)[number], string> {
  return {
    team_id: `${r}.team_id`,
    bucket: `${r}.alarm_at / ${BUCKET_S}`,
    device_id: `${r}.device_id`,
    rule_key: `coalesce(${r}.rule_id, 0)`,
    template_id: `${r}.template_id`,
    level: `${r}.level`,
    n: '1',
    ack_sum: `coalesce(${r}.response_at - ${r}.raised_at, 0)`,
    ack_n: `case when ${r}.response_at is null then 0 else 1 end`,
    rec_sum: `coalesce(${r}.recovery_at - ${r}.alarm_at, 0)`,
    rec_n: `case when ${r}.recovery_at is null then 0 else 1 end`,
    stale: `case when ${r}.recovery_at - ${r}.alarm_at > ${STALE_S} then 1 else 0 end`,
    chatter: `${r}.chattering`,
  };
}

function windowTerms(r: string): Record<(typeof WINDOW_KEY)[number] | 'n', string> {
  return {
    team_id: `${r}.team_id`,
    w: `${r}.alarm_at / ${WINDOW_S}`,
    template_id: `${r}.template_id`,
    n: '1',
  };
}

/** Adds the records of relation `from` (alias r) to `table`, grouped by its key (both dialects). */
function addGrouped(
  table: string,
  key: readonly string[],
  sums: readonly string[],
  terms: Record<string, string>,
  from: string,
) {
  const keyExprs = key.map((k) => `${terms[k]} as ${k}`);
  const sumExprs = sums.map((s) => `sum(${terms[s]}) as ${s}`);
  return `insert into ${table} (${[...key, ...sums].join(', ')})
    select ${[...keyExprs, ...sumExprs].join(', ')} from ${from}
    group by ${key.map((k) => terms[k]).join(', ')} order by ${key.map((k) => terms[k]).join(', ')}
    on conflict (${key.join(', ')}) do update set ${sums.map((s) => `${s} = ${table}.${s} + excluded.${s}`).join(', ')}`;
}

/** Takes the records of relation `from` (alias r) off `table` (PostgreSQL: an update from their sums). */
function removeGrouped(
  table: string,
  key: readonly string[],
  sums: readonly string[],
  terms: Record<string, string>,
  from: string,
) {
  const keyExprs = key.map((k) => `${terms[k]} as ${k}`);
  const sumExprs = sums.map((s) => `sum(${terms[s]}) as ${s}`);
  return `update ${table} t set ${sums.map((s) => `${s} = t.${s} - g.${s}`).join(', ')}
    from (select ${[...keyExprs, ...sumExprs].join(', ')} from ${from}
      group by ${key.map((k) => terms[k]).join(', ')} order by ${key.map((k) => terms[k]).join(', ')}) g
    where ${key.map((k) => `t.${k} = g.${k}`).join(' and ')}`;
}

const pairs = { table: 'alarm_kpi_pairs', key: PAIR_KEY, sums: PAIR_SUMS, terms: pairTerms };
const windows = { table: 'alarm_kpi_windows', key: WINDOW_KEY, sums: ['n'], terms: windowTerms };
const rollups = [pairs, windows];

/** One record `r` (SQLite's `new`) added: an upsert per table. */
function sqliteAdd(r: string) {
  return rollups
    .map(({ table, key, sums, terms }) => {
      const t = terms(r) as Record<string, string>;
      return `insert into ${table} (${[...key, ...sums].join(', ')})
        values (${[...key, ...sums].map((c) => t[c]).join(', ')})
        on conflict (${key.join(', ')}) do update set ${sums.map((s) => `${s} = ${s} + excluded.${s}`).join(', ')};`;
    })
    .join('\n');
}

/** One record `r` (SQLite's `old`) taken off: an update per table (no row: its device or team went). */
function sqliteRemove(r: string) {
  return rollups
    .map(({ table, key, sums, terms }) => {
      const t = terms(r) as Record<string, string>;
      return `update ${table} set ${sums.map((s) => `${s} = ${s} - ${t[s]}`).join(', ')}
        where ${key.map((k) => `${k} = ${t[k]}`).join(' and ')};`;
    })
    .join('\n');
}

/** The columns a rollup reads: an update of any other (a note, a shelve time) leaves the sums alone. */
const READ_COLUMNS = [
  'team_id',
  'device_id',
  'rule_id',
  'template_id',
  'level',
  'alarm_at',
  'raised_at',
  'response_at',
  'recovery_at',
  'chattering',
];

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`create trigger alarm_kpi_insert after insert on alarm_records begin ${sqliteAdd('new')} end`)
    .execute(db);
  await sql
    .raw(`create trigger alarm_kpi_delete after delete on alarm_records begin ${sqliteRemove('old')} end`)
    .execute(db);
  await sql
    .raw(
      `create trigger alarm_kpi_update after update of ${READ_COLUMNS.join(', ')} on alarm_records
      begin ${sqliteRemove('old')} ${sqliteAdd('new')} end`,
    )
    .execute(db);
}

/**
 * PostgreSQL: statement triggers with transition tables, so a multi-row insert, a cascade or a bulk
 * acknowledge adds each key once, taking the rollup rows in key order (no deadlock between two
 * writers). An update trigger cannot name columns with transition tables; it takes off and adds
 * back only the rows whose read columns changed.
 */
async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  const add = (from: string) =>
    rollups.map((t) => addGrouped(t.table, t.key, t.sums, t.terms('r'), `${from} r`) + ';').join('\n');
  const remove = (from: string) =>
    rollups.map((t) => removeGrouped(t.table, t.key, t.sums, t.terms('r'), `${from} r`) + ';').join('\n');
  const changed = (side: 'o' | 'n') =>
    `(select ${side}.* from alarm_kpi_old o join alarm_kpi_new n on n.id = o.id
      where (${READ_COLUMNS.map((c) => `o.${c}`).join(', ')}) is distinct from (${READ_COLUMNS.map((c) => `n.${c}`).join(', ')}))`;
  const fn = (name: string, body: string) =>
    sql
      .raw(
        `create function ${name}() returns trigger language plpgsql as $$
        begin ${body} return null; end $$`,
      )
      .execute(db);
  await fn('alarm_kpi_added', add('alarm_kpi_new'));
  await fn('alarm_kpi_removed', remove('alarm_kpi_old'));
  await fn('alarm_kpi_changed', `${remove(changed('o'))} ${add(changed('n'))}`);
  await sql`create trigger alarm_kpi_insert after insert on alarm_records
    referencing new table as alarm_kpi_new for each statement execute function alarm_kpi_added()`.execute(db);
  await sql`create trigger alarm_kpi_delete after delete on alarm_records
    referencing old table as alarm_kpi_old for each statement execute function alarm_kpi_removed()`.execute(
    db,
  );
  await sql`create trigger alarm_kpi_update after update on alarm_records
    referencing old table as alarm_kpi_old new table as alarm_kpi_new
    for each statement execute function alarm_kpi_changed()`.execute(db);
}

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  let pairTable = db.schema
    .createTable('alarm_kpi_pairs')
    // The team's or device's rows go with it; the cascade into the records then finds none to update.
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('bucket', 'integer', (c) => c.notNull())
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('rule_key', 'integer', (c) => c.notNull())
    .addColumn('template_id', 'integer', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull());
  // Counts as integers: PostgreSQL sums those as bigint, and bigints as numeric (slower to add up).
  for (const s of PAIR_SUMS)
    pairTable = pairTable.addColumn(s, s.endsWith('_sum') ? 'bigint' : 'integer', (c) => c.notNull());
  // Bucket before device: a short range reads its few buckets, not every bucket of every device.
  pairTable = pairTable.addPrimaryKeyConstraint('alarm_kpi_pairs_pk', [...PAIR_KEY]);
  if (dialect === 'sqlite') pairTable = pairTable.modifyEnd(sql`without rowid`);
  await pairTable.execute();
  await db.schema.createIndex('alarm_kpi_pairs_device').on('alarm_kpi_pairs').column('device_id').execute();

  let windowTable = db.schema
    .createTable('alarm_kpi_windows')
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('w', 'integer', (c) => c.notNull())
    .addColumn('template_id', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('alarm_kpi_windows_pk', [...WINDOW_KEY]);
  if (dialect === 'sqlite') windowTable = windowTable.modifyEnd(sql`without rowid`);
  await windowTable.execute();

  if (dialect === 'sqlite') await sqliteTriggers(db);
  else await postgresTriggers(db);

  // The records already there.
  for (const t of rollups)
    await sql.raw(addGrouped(t.table, t.key, t.sums, t.terms('r'), 'alarm_records r')).execute(db);
}

export async function down(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  for (const t of ['insert', 'delete', 'update'])
    await sql
      .raw(`drop trigger if exists alarm_kpi_${t}${dialect === 'postgres' ? ' on alarm_records' : ''}`)
      .execute(db);
  if (dialect === 'postgres')
    for (const f of ['added', 'removed', 'changed'])
      await sql.raw(`drop function if exists alarm_kpi_${f}()`).execute(db);
  await db.schema.dropTable('alarm_kpi_windows').ifExists().execute();
  await db.schema.dropTable('alarm_kpi_pairs').ifExists().execute();
}
