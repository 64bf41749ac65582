import { databases, type TestDatabase } from '@hmi/server/src/test/databases';
import { UsageError, type BenchOptions } from './options';

/**
 * The databases to run on: SQLite always and PostgreSQL when reachable (TEST_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test), or exactly the ones asked for. Each run gets a fresh
 * SQLite file or PostgreSQL schema.
 */
export function targetsFor(choice: BenchOptions['dbs']): TestDatabase[] {
  if (choice === 'auto') return databases;
  return choice.map((name) => {
    const found = databases.find((d) => d.name === name);
    if (!found) throw new UsageError(`${name} is not reachable (TEST_DATABASE_URL)`);
    return found;
  });
}
