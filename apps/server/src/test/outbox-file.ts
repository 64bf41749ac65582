import { existsSync } from 'node:fs';
import SQLite from 'better-sqlite3';

/** What the outbox file holds now (read beside the running gateway: WAL lets a reader in). */
export function outboxContent(path: string): { seq: number; ts: number }[] {
  if (!existsSync(path)) return [];
  const db = new SQLite(path, { readonly: true });
  try {
    return db.prepare('select seq, ts from batch order by seq').all() as { seq: number; ts: number }[];
  } finally {
    db.close();
  }
}

/** The outbox's count of batches dropped to its bounds. */
export function outboxDropped(path: string): number {
  const db = new SQLite(path, { readonly: true });
  try {
    const r = db.prepare("select n from counter where name = 'dropped'").get() as { n: number } | undefined;
    return r?.n ?? 0;
  } finally {
    db.close();
  }
}
