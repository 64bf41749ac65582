import type { Database, Statement } from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Builds a row object from the values of one raw row, in the statement's column order. */
type RowBuilder = (values: readonly unknown[]) => Record<string, unknown>;

/**
 * A function building `{ [names[i]]: values[i] }` as one object literal. better-sqlite3 makes each
 * row object key by key through V8's API, which cost twice reading the row as an array: a device
 * list page (20 rows of 21 columns) took ~270 µs as objects, ~130 µs as arrays with this literal.
 * A literal with a repeated name keeps the first position and the last value, as a key set twice
 * does. The names are SQL column names of our own statements, quoted by JSON.stringify.
 */
function rowBuilder(names: readonly string[]): RowBuilder {
  const fields = names.map((name, i) => `${JSON.stringify(name)}: v[${i}]`).join(', ');
  return new Function('v', `return { ${fields} };`) as RowBuilder;
}

type Cached = SqliteStatement & { readonly busy: boolean };

/** Statements that change the schema: the column names of cached statements may change with them. */
const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;

/**
 * A reader statement run in raw mode (arrays), each row made into the object better-sqlite3 would
 * have answered. Null where that is not possible: a column named `__proto__` would set the
 * prototype in a literal.
 */
function rawReader(stmt: Statement): Cached | null {
  const columns = () => stmt.columns().map((c) => c.name);
  let names = columns();
  if (names.includes('__proto__')) return null;
  let build = rowBuilder(names);
  const raw = stmt.raw(true);
  // SQLite prepares a statement again by itself when another connection (the operator CLI's
  // migrations) changed the schema; a `select *` then has other columns.
  const builder = (first: readonly unknown[] | undefined): RowBuilder => {
    if (first !== undefined && first.length !== names.length) {
      names = columns();
      build = rowBuilder(names);
    }
    return build;
  };
  return {
    reader: true,
    get busy() {
      return raw.busy;
    },
    all(parameters) {
      const rows = raw.all(parameters) as unknown[][];
      return rows.map(builder(rows[0]));
    },
    run: (parameters) => raw.run(parameters),
    *iterate(parameters) {
      for (const values of raw.iterate(parameters) as IterableIterator<unknown[]>)
        yield builder(values)(values);
    },
  };
}

function wrap(stmt: Statement): Cached {
  return (stmt.reader ? rawReader(stmt) : null) ?? (stmt as unknown as Cached);
}

/**
 * The better-sqlite3 connection as Kysely's SQLite dialect sees it, with prepared statements kept by
 * SQL text (least recently used beyond `size`). Kysely prepares every query anew, which parsing and
 * planning made a visible share of an ingest transaction; the same texts come again and again.
 * Readers answer their rows through raw mode (see rowBuilder).
 */
export function cachingStatements(db: Database, size = 256): SqliteDatabase {
  const cache = new Map<string, Cached>();
  return {
    close: () => db.close(),
    prepare(text: string) {
      const hit = cache.get(text);
      // A statement still iterating (a streamed query) cannot run again until it is done.
      if (hit && !hit.busy) {
        cache.delete(text);
        cache.set(text, hit);
        return hit;
      }
      const stmt = wrap(db.prepare(text));
      // A migration's `select *` prepared again after it altered the table has other columns.
      if (!stmt.reader && SCHEMA_CHANGE.test(text)) cache.clear();
      if (!hit) {
        cache.set(text, stmt);
        if (cache.size > size) {
          const oldest = cache.keys().next().value;
          if (oldest !== undefined) cache.delete(oldest);
        }
      }
      return stmt;
    },
  };
}
