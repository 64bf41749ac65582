import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type SqliteDatabase,
} from 'kysely';
import type { WriterThread } from './sqlite-writer';

/** The two connections of the file: the event loop's reader and the writer thread. */
interface Connections {
  writer: WriterThread;
  reader: SqliteDatabase;
}

/** A statement that only reads: a SELECT node, or raw SQL starting with `select` that writes nothing. */
function isRead({ query, sql }: CompiledQuery): boolean {
  if (query.kind === 'SelectQueryNode') return true;
  return query.kind === 'RawNode' && /^\s*select\b/i.test(sql) && !/\b(insert|update|delete)\b/i.test(sql);
}

function run<R>(db: SqliteDatabase, { sql, parameters }: CompiledQuery): QueryResult<R> {
  const stmt = db.prepare(sql);
  if (stmt.reader) return { rows: stmt.all(parameters) as R[] };
  const { changes, lastInsertRowid } = stmt.run(parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

/** One writer at a time: the holder of the write connection (a transaction, or one statement). */
class Mutex {
  private tail: Promise<void> = Promise.resolve();

  /** Resolves with the release function once every earlier holder released. */
  lock(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const ready = this.tail.then(() => release);
    this.tail = this.tail.then(() => held);
    return ready;
  }
}

/**
 * What Kysely holds as "a connection": statements outside a transaction that only read go to the
 * read connection at once; a transaction, and any statement that writes, goes to the write
 * connection, one holder at a time.
 */
class RoutedConnection implements DatabaseConnection {
  /** Set while this connection holds the writer (between BEGIN and COMMIT or ROLLBACK). */
  release: (() => void) | null = null;

  constructor(private readonly d: Connections & { lock: Mutex }) {}

  async executeQuery<R>(q: CompiledQuery): Promise<QueryResult<R>> {
    if (this.release) return this.d.writer.run<R>(q);
    if (isRead(q)) return run<R>(this.d.reader, q);
    const release = await this.d.lock.lock();
    try {
      return await this.d.writer.run<R>(q);
    } finally {
      release();
    }
  }

  async *streamQuery<R>(q: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!isRead(q)) throw new Error('SQLite streams SELECT statements only');
    if (this.release) {
      // Inside a transaction the rows come from the writer thread, all at once.
      for (const row of (await this.d.writer.run<R>(q)).rows) yield { rows: [row] };
      return;
    }
    const stmt = this.d.reader.prepare(q.sql);
    for (const row of stmt.iterate(q.parameters)) yield { rows: [row as R] };
  }

  /** Takes the writer and opens a transaction that holds the write lock (`BEGIN IMMEDIATE`). */
  async begin(): Promise<void> {
    const release = await this.d.lock.lock();
    try {
      await this.d.writer.run(CompiledQuery.raw('begin immediate'));
    } catch (err) {
      release();
      throw err;
    }
    this.release = release;
  }

  /** Ends the transaction; the writer is let go once it ended (a failed COMMIT is rolled back first). */
  async end(statement: 'commit' | 'rollback'): Promise<void> {
    await this.d.writer.run(CompiledQuery.raw(statement));
    this.letGo();
  }

  letGo(): void {
    const release = this.release;
    this.release = null;
    release?.();
  }
}

/**
 * SQLite with a write connection (on its own thread, sqlite-writer.ts) and a read connection on the
 * event loop, to the same file in WAL mode. Kysely's own
 * driver has one connection behind a mutex: every read waited for the transaction that held it (the
 * ingest's, the history filing's) to commit, even though WAL lets a reader see the last committed
 * state while a writer works. Here a read outside a transaction runs on the read connection without
 * waiting; a read inside a transaction runs on the writer (it sees the transaction's own writes).
 *
 * Transactions take the write lock when they begin (`BEGIN IMMEDIATE`). A deferred transaction
 * (Kysely's `BEGIN`) reads first and asks for the write lock at its first write; if another
 * connection to the file (the operator CLI beside the server, or the server beside the CLI) committed
 * meanwhile, its snapshot is stale and SQLite answers "database is locked" at once, without waiting
 * out the busy timeout. Asking at BEGIN makes it wait like any other write.
 */
class RoutedSqliteDriver implements Driver {
  private readonly lock = new Mutex();

  constructor(private readonly c: Connections) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection({ ...this.c, lock: this.lock });
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as RoutedConnection).begin();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as RoutedConnection).end('commit');
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as RoutedConnection).end('rollback');
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint "${name}"`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to "${name}"`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release "${name}"`));
  }

  /** A connection released while it still holds the writer (its ROLLBACK failed) lets it go. */
  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as RoutedConnection).letGo();
  }

  async destroy(): Promise<void> {
    this.c.reader.close();
    await this.c.writer.close();
  }
}

export class RoutedSqliteDialect implements Dialect {
  constructor(private readonly c: Connections) {}

  createDriver(): Driver {
    return new RoutedSqliteDriver(this.c);
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
