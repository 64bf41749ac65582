import SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';
import { cachingStatements } from './statement-cache';

/** The write connection: WAL, foreign keys, and what ingest's transactions need. */
export function openWriter(file: string): SqliteDatabase {
  const writer = new SQLite(file);
  writer.pragma('journal_mode = WAL');
  writer.pragma('foreign_keys = ON');
  writer.pragma('busy_timeout = 5000');
  writer.pragma('synchronous = NORMAL');
  // A multi-row insert inside a transaction keeps a statement journal (the pages it changed, to undo
  // the statement alone); past 64 KiB SQLite spills it to a temporary file, created and deleted per
  // statement, which cost ingest more than storing the rows. Keep it in memory.
  writer.pragma('temp_store = MEMORY');
  return cachingStatements(writer);
}

/**
 * Reads outside a transaction: in WAL mode they see the last commit and never wait for the writer
 * (sqlite-dialect.ts). Read-only, so that a statement routed here by mistake fails instead of taking
 * the write lock from a second connection. The file must exist (openWriter creates it).
 */
export function openReader(file: string): SqliteDatabase {
  const reader = new SQLite(file, { readonly: true });
  reader.pragma('busy_timeout = 5000');
  reader.pragma('temp_store = MEMORY');
  return cachingStatements(reader);
}
