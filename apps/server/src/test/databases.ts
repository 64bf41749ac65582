import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A database engine the integration tests run against. */
export interface TestDatabase {
  name: 'sqlite' | 'postgres';
  /** A fresh, empty database: env additions for loadConfig and a cleanup that drops it. */
  create(): Promise<{ env: Record<string, string>; drop(): Promise<void> }>;
}

export const TEST_POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function reachable(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export const sqliteDatabase: TestDatabase = {
  name: 'sqlite',
  // The SQLite file lives in the test's temporary DATA_DIR, so nothing is needed here.
  create: async () => ({ env: {}, drop: async () => undefined }),
};

const postgres: TestDatabase = {
  name: 'postgres',
  async create() {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const url = new URL(TEST_POSTGRES_URL);
    url.searchParams.set('options', `-c search_path=${schema}`);
    return {
      env: { DATABASE_URL: url.toString() },
      async drop() {
        const c = new pg.Client({ connectionString: TEST_POSTGRES_URL });
        await c.connect();
        await c.query(`drop schema if exists ${schema} cascade`);
        await c.end();
      },
    };
  },
};

async function resolveDatabases(): Promise<TestDatabase[]> {
  const problem = await reachable(TEST_POSTGRES_URL);
  if (problem === null) return [sqliteDatabase, postgres];
  if (process.env.REQUIRE_POSTGRES === '1')
    throw new Error(`REQUIRE_POSTGRES=1 but PostgreSQL at ${TEST_POSTGRES_URL} is not reachable: ${problem}`);
  return [sqliteDatabase];
}

/** SQLite always; PostgreSQL when reachable (REQUIRE_POSTGRES=1 makes its absence an error). */
export const databases: TestDatabase[] = await resolveDatabases();
