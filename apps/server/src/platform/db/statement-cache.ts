import type { Database, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/**
 * The better-sqlite3 connection as Kysely's SQLite dialect sees it, with prepared statements kept by
 * SQL text (least recently used beyond `size`). Kysely prepares every query anew, which parsing and
 * planning made a visible share of an ingest transaction; the same texts come again and again.
 */
export function cachingStatements(db: Database, size = 256): SqliteDatabase {
  const cache = new Map<string, Statement>();
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
      const stmt = db.prepare(text);
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
