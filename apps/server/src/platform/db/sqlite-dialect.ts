import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';

/**
 * Transactions that take the write lock when they begin (`BEGIN IMMEDIATE`). A deferred transaction
 * (Kysely's `BEGIN`) reads first and asks for the write lock at its first write; if another
 * connection to the file (the operator CLI beside the server, or the server beside the CLI) committed
 * meanwhile, its snapshot is stale and SQLite answers "database is locked" at once, without waiting
 * out the busy timeout. Asking at BEGIN makes it wait like any other write.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

export class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.settings);
  }
}
