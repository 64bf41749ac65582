import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/** One message kept by the dev outbox instead of being sent. */
export interface OutboxEntry {
  channel: 'mail' | 'sms';
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  created_at: string;
  file?: string;
}

let seq = 0;

export function outboxDir(dataDir: string): string {
  return join(dataDir, 'outbox');
}

/** Writes `DATA_DIR/outbox/<time>-<kind>.json`; names sort by time, then by write order. */
export function writeOutbox(dataDir: string, entry: Omit<OutboxEntry, 'created_at' | 'file'>): string {
  const dir = outboxDir(dataDir);
  mkdirSync(dir, { recursive: true });
  const now = new Date();
  seq = (seq + 1) % 1_000_000;
  const time = now.toISOString().replace(/[:.]/g, '-');
  const file = join(
    dir,
    `${time}-${String(seq).padStart(6, '0')}-${entry.kind.replace(/[^\w-]/g, '_')}.json`,
  );
  writeFileSync(file, JSON.stringify({ ...entry, created_at: now.toISOString() }, null, 2) + '\n', {
    mode: 0o600,
  });
  return file;
}

/** Development senders (mail, SMS): keep every message in DATA_DIR/outbox and log it. */
export abstract class OutboxSender {
  constructor(
    private readonly dataDir: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Writes the entry and logs `logged` (link and code included) with the file it went to. */
  protected keep(entry: Omit<OutboxEntry, 'created_at' | 'file'>, logged: object, msg: string): void {
    const file = writeOutbox(this.dataDir, entry);
    this.log.info({ outbox: file, ...logged }, msg);
  }
}

/** The outbox, newest first. */
export function readOutbox(dataDir: string): OutboxEntry[] {
  const dir = outboxDir(dataDir);
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.json'));
  } catch {
    return [];
  }
  return names
    .sort()
    .reverse()
    .map((n) => ({ ...(JSON.parse(readFileSync(join(dir, n), 'utf8')) as OutboxEntry), file: join(dir, n) }));
}
