import { existsSync, renameSync } from 'node:fs';
import SQLite from 'better-sqlite3';

/** The gateway config's `outbox` section, resolved (README "Store and forward"). */
export interface OutboxConfig {
  /** SQLite file; `:memory:` keeps the outbox in memory (lost on exit). */
  path: string;
  maxBytes: number;
  maxAgeMs: number;
  /** SQLite's synchronous mode: FULL (the default, see Outbox); NORMAL only to measure against (bench/outbox.ts). */
  synchronous?: 'FULL' | 'NORMAL';
  /** better-sqlite3's native addon file (the bundled gateway ships it beside itself); absent: resolved from node_modules. */
  nativeBinding?: string;
}

export const OUTBOX_DEFAULTS = { path: 'outbox.sqlite', max_mb: 256, max_age_days: 30 } as const;

/**
 * One stored batch: its seq, sample time, JSON body, and whether it was sent live (after a reconnect
 * those go again first; replayed ones are replayed in seq order again).
 */
export interface OutboxBatch {
  seq: number;
  ts: number;
  body: string;
  sent: boolean;
}

export interface OutboxStats {
  depth: number;
  bytes: number;
  oldest_ts?: number;
  dropped: number;
}

/** Rows read per query while replaying (the replay window is smaller). */
const READ_ROWS = 64;

/**
 * The gateway's store and forward: every tags batch is written here before it is published and
 * deleted only when the server confirms it stored it (`cmd stored`). Bounded by bytes and age: the
 * oldest batches go first and are counted (`dropped`, kept in the file). WAL with synchronous=FULL:
 * a commit is on disk before the batch is published, so neither a `kill -9` nor a power cut loses a
 * sampled batch (one fsync per batch, about a second apart; cost in bench/README.md).
 */
export class Outbox {
  private readonly db: SQLite.Database;
  private bytes = 0;
  private depth = 0;
  private dropped = 0;
  private readonly insert: SQLite.Statement<[number, number, string, number, number]>;
  private readonly remove: SQLite.Statement<[number]>;
  private readonly bytesOf: SQLite.Statement<[number], { bytes: number }>;
  private readonly oldest: SQLite.Statement<[], { seq: number; ts: number; bytes: number }>;
  private readonly after: SQLite.Statement<[number, number], OutboxRow>;
  private readonly sentRows: SQLite.Statement<[], OutboxRow>;
  private readonly keepHighSeq: SQLite.Statement<[number]>;

  /** Opens (or creates) the outbox; a file SQLite cannot read is moved aside (`onMovedAside`). */
  static open(c: OutboxConfig, onMovedAside?: (movedTo: string, why: string) => void): Outbox {
    try {
      return new Outbox(c);
    } catch (err) {
      if (c.path === ':memory:' || !existsSync(c.path)) throw err;
      const movedTo = `${c.path}.corrupt-${Date.now()}`;
      renameSync(c.path, movedTo);
      for (const side of ['-wal', '-shm'])
        if (existsSync(c.path + side)) renameSync(c.path + side, movedTo + side);
      onMovedAside?.(movedTo, err instanceof Error ? err.message : String(err));
      return new Outbox(c);
    }
  }

  private constructor(private readonly c: OutboxConfig) {
    this.db = new SQLite(c.path, c.nativeBinding ? { nativeBinding: c.nativeBinding } : {});
    try {
      this.db.pragma('journal_mode = WAL');
      this.db.pragma(`synchronous = ${c.synchronous ?? 'FULL'}`);
      // A damaged page shows here, not at open: SQLite reads lazily.
      const check = this.db.pragma('quick_check', { simple: true });
      if (check !== 'ok') throw new Error(`outbox check failed: ${String(check)}`);
      this.db.exec(`create table if not exists batch (
          seq integer primary key, ts integer not null, body text not null, bytes integer not null,
          sent integer not null);
        create table if not exists counter (name text primary key, n integer not null);`);
    } catch (err) {
      this.db.close();
      throw err;
    }
    this.insert = this.db.prepare(
      'insert or ignore into batch (seq, ts, body, bytes, sent) values (?, ?, ?, ?, ?)',
    );
    this.remove = this.db.prepare('delete from batch where seq = ?');
    this.bytesOf = this.db.prepare('select bytes from batch where seq = ?');
    this.oldest = this.db.prepare('select seq, ts, bytes from batch order by seq limit 1');
    this.after = this.db.prepare('select seq, ts, body, sent from batch where seq > ? order by seq limit ?');
    this.sentRows = this.db.prepare('select seq, ts, body, sent from batch where sent = 1 order by seq');
    this.keepHighSeq = this.db.prepare(
      `insert into counter (name, n) values ('high_seq', ?)
         on conflict (name) do update set n = max(n, excluded.n)`,
    );
    const sums = this.db.prepare('select count(*) as n, coalesce(sum(bytes), 0) as b from batch').get() as {
      n: number;
      b: number;
    };
    this.depth = sums.n;
    this.bytes = sums.b;
    const d = this.db.prepare("select n from counter where name = 'dropped'").get() as
      { n: number } | undefined;
    this.dropped = d?.n ?? 0;
  }

  /**
   * Highest seq ever stored (-1 before the first), confirmed or not, so a restarted gateway continues
   * above it: the server takes a number it has seen as a redelivery, and the clock a gateway starts
   * from may be behind (a box without a real-time clock, a corrected one).
   */
  maxSeq(): number {
    const r = this.db
      .prepare(
        "select max(m) as m from (select max(seq) as m from batch union all select n from counter where name = 'high_seq')",
      )
      .get() as { m: number | null };
    return r.m ?? -1;
  }

  /** Stores a batch (durably), then drops the oldest ones beyond the bounds. */
  add(b: OutboxBatch, now = Date.now()): void {
    const size = Buffer.byteLength(b.body);
    this.db.transaction(() => {
      if (this.insert.run(b.seq, b.ts, b.body, size, b.sent ? 1 : 0).changes) {
        this.depth += 1;
        this.bytes += size;
      }
      this.keepHighSeq.run(b.seq);
      this.enforceBounds(now);
    })();
  }

  /**
   * Deletes the batches the server confirmed, without waiting for the disk (this commit alone at
   * synchronous=NORMAL): a deletion a power cut loses only sends those batches again, which the server
   * drops. The fsync held the gateway's one thread for each confirmation and paced the replay.
   */
  confirm(seqs: readonly number[]): void {
    this.db.pragma('synchronous = NORMAL');
    try {
      this.db.transaction(() => {
        for (const seq of seqs) {
          const row = this.bytesOf.get(seq);
          if (!row) continue;
          this.remove.run(seq);
          this.depth -= 1;
          this.bytes -= row.bytes;
        }
      })();
    } finally {
      this.db.pragma(`synchronous = ${this.c.synchronous ?? 'FULL'}`);
    }
  }

  /** Batches sent live and not confirmed (sent again first after a reconnect). */
  unconfirmedSent(): OutboxBatch[] {
    return this.sentRows.all().map(toBatch);
  }

  /** The next stored batches in seq order after `seq`. */
  batchesAfter(seq: number, limit = READ_ROWS): OutboxBatch[] {
    return this.after.all(seq, limit).map(toBatch);
  }

  stats(): OutboxStats {
    const first = this.depth ? this.oldest.get() : undefined;
    return {
      depth: this.depth,
      bytes: this.bytes,
      ...(first ? { oldest_ts: first.ts } : {}),
      dropped: this.dropped,
    };
  }

  close(): void {
    this.db.close();
  }

  private enforceBounds(now: number): void {
    let gone = 0;
    for (;;) {
      const first = this.oldest.get();
      if (!first || (this.bytes <= this.c.maxBytes && first.ts >= now - this.c.maxAgeMs)) break;
      this.remove.run(first.seq);
      this.depth -= 1;
      this.bytes -= first.bytes;
      gone += 1;
    }
    if (!gone) return;
    this.dropped += gone;
    this.db
      .prepare(
        "insert into counter (name, n) values ('dropped', ?) on conflict (name) do update set n = excluded.n",
      )
      .run(this.dropped);
  }
}

interface OutboxRow {
  seq: number;
  ts: number;
  body: string;
  sent: number;
}

const toBatch = (r: OutboxRow): OutboxBatch => ({ seq: r.seq, ts: r.ts, body: r.body, sent: r.sent === 1 });
