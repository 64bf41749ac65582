import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, Migrator, sql, PostgresDialect, type Migration, type MigrationProvider } from 'kysely';
import pg from 'pg';
import * as m0001 from './migrations/0001_accounts';
import * as m0002 from './migrations/0002_registry';
import * as m0003 from './migrations/0003_team';
import * as m0004 from './migrations/0004_connectivity';
import * as m0005 from './migrations/0005_message_params';
import * as m0006 from './migrations/0006_alarm_rules';
import * as m0007 from './migrations/0007_alarm_records';
import * as m0008 from './migrations/0008_attempts';
import * as m0009 from './migrations/0009_history_layout';
import * as m0010 from './migrations/0010_history_chunks';
import * as m0011 from './migrations/0011_billing';
import * as m0012 from './migrations/0012_remote_sessions';
import * as m0013 from './migrations/0013_screens';
import * as m0014 from './migrations/0014_device_list_order';
import * as m0015 from './migrations/0015_audit_log';
import * as m0016 from './migrations/0016_region_notices';
import * as m0017 from './migrations/0017_alarm_record_counts';
import * as m0018 from './migrations/0018_centre_identity';
import * as m0019 from './migrations/0019_member_joined_at';
import * as m0020 from './migrations/0020_allocations_by_hardware';
import * as m0021 from './migrations/0021_alarm_recovery_reason';
import * as m0022 from './migrations/0022_card_allocation_by_hardware';
import * as m0023 from './migrations/0023_tag_quality';
import * as m0024 from './migrations/0024_store_and_forward';
import * as m0025 from './migrations/0025_alarm_operations';
import * as m0026 from './migrations/0026_notify_channels';
import * as m0027 from './migrations/0027_alarm_kpi';
import * as m0028 from './migrations/0028_remote_idle';
import * as m0029 from './migrations/0029_passthrough_sessions';
import * as m0031 from './migrations/0031_screen_versions';
import * as m0032 from './migrations/0032_history_hours';
import * as m0033 from './migrations/0033_subscription_time_zone';
import * as m0035 from './migrations/0035_chatter_marks';
import * as m0036 from './migrations/0036_alarm_kpi_rollup';
import * as m0037 from './migrations/0037_seen_ranges';
import * as m0038 from './migrations/0038_alarm_kpi_group_windows';
import type { Database } from './schema';
import { RoutedSqliteDialect } from './sqlite-dialect';
import { openReader, openWriter } from './sqlite-open';
import { WriterThread } from './sqlite-writer';
import { WriteWatch } from './write-watch';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Where the data lives, for logs (never includes a password). */
  description: string;
  /** Which tables statements are about to write (caches of rarely written rows listen). */
  writes: WriteWatch;
  close(): Promise<void>;
}

interface MigrationModule {
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
  down?(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

/** Every migration, in order. Add new files here. */
const migrationModules: Record<string, MigrationModule> = {
  '0001_accounts': m0001,
  '0002_registry': m0002,
  '0003_team': m0003,
  '0004_connectivity': m0004,
  '0005_message_params': m0005,
  '0006_alarm_rules': m0006,
  '0007_alarm_records': m0007,
  '0008_attempts': m0008,
  '0009_history_layout': m0009,
  '0010_history_chunks': m0010,
  '0011_billing': m0011,
  '0012_remote_sessions': m0012,
  '0013_screens': m0013,
  '0014_device_list_order': m0014,
  '0015_audit_log': m0015,
  '0016_region_notices': m0016,
  '0017_alarm_record_counts': m0017,
  '0018_centre_identity': m0018,
  '0019_member_joined_at': m0019,
  '0020_allocations_by_hardware': m0020,
  '0021_alarm_recovery_reason': m0021,
  '0022_card_allocation_by_hardware': m0022,
  '0023_tag_quality': m0023,
  '0024_store_and_forward': m0024,
  '0025_alarm_operations': m0025,
  '0026_notify_channels': m0026,
  '0027_alarm_kpi': m0027,
  '0028_remote_idle': m0028,
  '0029_passthrough_sessions': m0029,
  '0031_screen_versions': m0031,
  '0032_history_hours': m0032,
  '0033_subscription_time_zone': m0033,
  '0035_chatter_marks': m0035,
  '0036_alarm_kpi_rollup': m0036,
  '0037_seen_ranges': m0037,
  '0038_alarm_kpi_group_windows': m0038,
};

class StaticProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const out: Record<string, Migration> = {};
    for (const [name, mod] of Object.entries(migrationModules)) {
      const down = mod.down;
      out[name] = {
        up: (db) => mod.up(db, this.dialect),
        ...(down ? { down: (db: Kysely<unknown>) => down(db, this.dialect) } : {}),
      };
    }
    return out;
  }
}

const INT8_OID = 20;

/**
 * PostgreSQL connections of one instance. Ingest holds at most two at a time (its one transaction
 * and a history filing, connectivity/pipeline.ts); the other eight serve requests, so a read never
 * waits for a connection behind ingest while fewer than eight requests run queries at once.
 */
const PG_POOL_MAX = 10;

/** Opens PostgreSQL when `databaseUrl` is set, otherwise the SQLite file `DATA_DIR/hmi.sqlite`. */
export function openDatabase(opts: { databaseUrl: string | null; dataDir: string }): Db {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: PG_POOL_MAX,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID
            ? (v: string) => Number(v)
            : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    const u = new URL(opts.databaseUrl);
    const writes = new WriteWatch();
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [writes] });
    return {
      db,
      dialect: 'postgres',
      description: `postgres ${u.host}${u.pathname}`,
      writes,
      close: () => db.destroy(),
    };
  }
  mkdirSync(opts.dataDir, { recursive: true });
  const file = join(opts.dataDir, 'hmi.sqlite');
  // Created (and put in WAL mode) here, synchronously, so that an unusable file fails the open.
  openWriter(file).close();
  const reader = openReader(file);
  const writes = new WriteWatch();
  const db = new Kysely<Database>({
    dialect: new RoutedSqliteDialect({
      writer: new WriterThread(file),
      reader,
    }),
    plugins: [writes],
  });
  return { db, dialect: 'sqlite', description: `sqlite ${file}`, writes, close: () => db.destroy() };
}

/**
 * Applies every pending migration, or migrates up or down to `target` (tests of a migration); throws
 * with the failing migration's error.
 */
export async function migrate(d: Db, target?: string): Promise<string[]> {
  // Pin Kysely's bookkeeping tables to the connection's schema (search_path may name another one).
  let migrationTableSchema: string | undefined;
  if (d.dialect === 'postgres') {
    const r = await sql<{ schema: string }>`select current_schema() as schema`.execute(d.db);
    migrationTableSchema = r.rows[0]?.schema;
  }
  const migrator = new Migrator({
    db: d.db,
    provider: new StaticProvider(d.dialect),
    // Migrations of parallel work may land out of order (0004 before 0003); each is independent.
    allowUnorderedMigrations: true,
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  for (let attempt = 1; ; attempt += 1) {
    const { error, results } = await (target ? migrator.migrateTo(target) : migrator.migrateToLatest());
    if (!error) return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    // `results` is undefined when the run failed before any migration (in Kysely's own look-up).
    const beforeMigrating = results === undefined;
    if (
      d.dialect === 'postgres' &&
      beforeMigrating &&
      attempt < CATALOG_RACE_ATTEMPTS &&
      isCatalogRace(error)
    ) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(10 * attempt, 200)));
      continue;
    }
    throw error instanceof Error ? error : new Error(String(error));
  }
}

/**
 * Before taking its lock, Kysely's migrator looks for its tables by listing the tables of every
 * schema, resolving each by name; a schema, table or column that another migration (of another
 * schema, or another instance starting at the same time) drops or renames meanwhile fails that read
 * with "does not exist".
 * Nothing was migrated then (the migrations run after it, in one transaction), so the run is retried;
 * a migration's own error is not.
 */
// On a loaded machine with many schemas (test suites side by side) the catalog read is slow and
// meets another schema's change more often: 20 attempts (2 s) ran out once in a full run.
const CATALOG_RACE_ATTEMPTS = 60;
/** Undefined table, undefined column, invalid schema name. */
const CATALOG_RACE_CODES = new Set(['42P01', '42703', '3F000']);

function isCatalogRace(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    CATALOG_RACE_CODES.has(String(error.code))
  );
}

/** True for a unique-constraint violation on either engine (a concurrent insert won a race). */
export function isUniqueViolation(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const code = (err as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** A SQL `false`-equivalent id list guard: Kysely cannot render `in ()`. */
export const NO_IDS: readonly number[] = [-1];

/** `ids` for an `in` list, NO_IDS when there are none (so that it matches no row). */
export function idsOrNone(ids: readonly number[]): readonly number[] {
  return ids.length ? ids : NO_IDS;
}
