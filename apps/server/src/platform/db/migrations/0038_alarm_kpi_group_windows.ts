import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../index';

/**
 * Alarm records per team, device group, ten-minute window of the alarm time and template: the flood
 * share and the series of the alarm performance page for a chosen group or a member who sees some
 * groups only (issue 26). Without it such a page counted its windows from the records, one pass over
 * every record of its devices (1.2 s on SQLite for half a year's million records).
 *
 * The group is the device's current one, as the page's scope is: a record counts under the group its
 * device is in now. Triggers keep that true:
 * - on alarm_records (insert, delete, an update of a column of the key), the device's group looked up
 *   in the same statement; a record whose device is already gone (the cascade of a device's deletion)
 *   finds no group and changes nothing here, because
 * - a device about to be deleted takes its records off its group first (before delete on devices), and
 * - a device that changes group moves its records' counts from the old group to the new one.
 * Ungrouped devices have no rows (no scope names them). Rows whose count falls back to zero stay.
 */
const WINDOW_S = 600;
const TABLE = 'alarm_kpi_group_windows';
const KEY = 'team_id, group_id, w, template_id';

/** Counts of the records of relation `from` (alias r) joined to their device (alias d), per key. */
const grouped = (from: string, groupOf: string, join = '') =>
  `select r.team_id, ${groupOf} as group_id, r.alarm_at / ${WINDOW_S} as w, r.template_id, count(*) as n
     from ${from} r ${join}
     where ${groupOf} is not null
     group by r.team_id, ${groupOf}, r.alarm_at / ${WINDOW_S}, r.template_id
     order by r.team_id, ${groupOf}, r.alarm_at / ${WINDOW_S}, r.template_id`;

const add = (select: string) =>
  `insert into ${TABLE} (${KEY}, n) ${select}
     on conflict (${KEY}) do update set n = ${TABLE}.n + excluded.n;`;

const remove = (select: string) =>
  `update ${TABLE} set n = ${TABLE}.n - g.n from (${select}) g
     where ${TABLE}.team_id = g.team_id and ${TABLE}.group_id = g.group_id
       and ${TABLE}.w = g.w and ${TABLE}.template_id = g.template_id;`;

/** The records of `from` (alias r) through their devices' groups. */
const viaDevices = (from: string) => grouped(from, 'd.group_id', 'join devices d on d.id = r.device_id');
/** One device's records (`dev`: SQLite's `old`/`new`, PostgreSQL's `OLD`/`NEW`) under its group. */
const ofDevice = (dev: string) =>
  grouped(`(select * from alarm_records where device_id = ${dev}.id)`, `${dev}.group_id`);

/** The columns of the key: an update of any other (an acknowledgement, a note) leaves the counts alone. */
const KEY_COLUMNS = ['team_id', 'device_id', 'template_id', 'alarm_at'];

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  // SQLite: one record a trigger; `(select new.*)` is not valid, so the row is spelled out.
  const row = (r: string) =>
    `(select ${r}.team_id as team_id, ${r}.device_id as device_id, ${r}.alarm_at as alarm_at, ${r}.template_id as template_id)`;
  const triggers = [
    `create trigger alarm_kpi_group_insert after insert on alarm_records begin ${add(viaDevices(row('new')))} end`,
    `create trigger alarm_kpi_group_delete after delete on alarm_records begin ${remove(viaDevices(row('old')))} end`,
    `create trigger alarm_kpi_group_update after update of ${KEY_COLUMNS.join(', ')} on alarm_records
       begin ${remove(viaDevices(row('old')))} ${add(viaDevices(row('new')))} end`,
    `create trigger alarm_kpi_group_move after update of group_id on devices
       when old.group_id is not new.group_id
       begin ${remove(ofDevice('old'))} ${add(ofDevice('new'))} end`,
    `create trigger alarm_kpi_group_unbind before delete on devices when old.group_id is not null
       begin ${remove(ofDevice('old'))} end`,
  ];
  for (const t of triggers) await sql.raw(t).execute(db);
}

/**
 * PostgreSQL: statement triggers with transition tables on the records (a bulk write adds each key
 * once, in key order), row triggers on devices.
 */
async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  const changed = (side: 'o' | 'n') =>
    `(select ${side}.* from kpi_group_old o join kpi_group_new n on n.id = o.id
      where (${KEY_COLUMNS.map((c) => `o.${c}`).join(', ')}) is distinct from (${KEY_COLUMNS.map((c) => `n.${c}`).join(', ')}))`;
  const fn = (name: string, body: string, result: string) =>
    sql
      .raw(
        `create function ${name}() returns trigger language plpgsql as $$
        begin ${body} return ${result}; end $$`,
      )
      .execute(db);
  await fn('alarm_kpi_group_added', add(viaDevices('kpi_group_new')), 'null');
  await fn('alarm_kpi_group_removed', remove(viaDevices('kpi_group_old')), 'null');
  await fn(
    'alarm_kpi_group_changed',
    `${remove(viaDevices(changed('o')))} ${add(viaDevices(changed('n')))}`,
    'null',
  );
  await fn(
    'alarm_kpi_group_moved',
    `if old.group_id is distinct from new.group_id then ${remove(ofDevice('old'))} ${add(ofDevice('new'))} end if;`,
    'null',
  );
  await fn('alarm_kpi_group_unbound', remove(ofDevice('old')), 'old');
  const triggers = [
    `create trigger alarm_kpi_group_insert after insert on alarm_records
       referencing new table as kpi_group_new for each statement execute function alarm_kpi_group_added()`,
    `create trigger alarm_kpi_group_delete after delete on alarm_records
       referencing old table as kpi_group_old for each statement execute function alarm_kpi_group_removed()`,
    `create trigger alarm_kpi_group_update after update on alarm_records
       referencing old table as kpi_group_old new table as kpi_group_new
       for each statement execute function alarm_kpi_group_changed()`,
    `create trigger alarm_kpi_group_move after update of group_id on devices
       for each row execute function alarm_kpi_group_moved()`,
    `create trigger alarm_kpi_group_unbind before delete on devices
       for each row when (old.group_id is not null) execute function alarm_kpi_group_unbound()`,
  ];
  for (const t of triggers) await sql.raw(t).execute(db);
}

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  let table = db.schema
    .createTable(TABLE)
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('device_groups.id').onDelete('cascade'))
    .addColumn('w', 'integer', (c) => c.notNull())
    .addColumn('template_id', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    // Group before window: a scope reads a range of windows of each of its groups.
    .addPrimaryKeyConstraint(`${TABLE}_pk`, ['team_id', 'group_id', 'w', 'template_id']);
  if (dialect === 'sqlite') table = table.modifyEnd(sql`without rowid`);
  await table.execute();
  if (dialect === 'sqlite') await sqliteTriggers(db);
  else await postgresTriggers(db);
  // The records already there.
  await sql.raw(add(viaDevices('alarm_records'))).execute(db);
}

export async function down(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const on = (t: string) => (dialect === 'postgres' ? ` on ${t}` : '');
  for (const t of ['insert', 'delete', 'update'])
    await sql.raw(`drop trigger if exists alarm_kpi_group_${t}${on('alarm_records')}`).execute(db);
  for (const t of ['move', 'unbind'])
    await sql.raw(`drop trigger if exists alarm_kpi_group_${t}${on('devices')}`).execute(db);
  if (dialect === 'postgres')
    for (const f of ['added', 'removed', 'changed', 'moved', 'unbound'])
      await sql.raw(`drop function if exists alarm_kpi_group_${f}()`).execute(db);
  await db.schema.dropTable(TABLE).ifExists().execute();
}
