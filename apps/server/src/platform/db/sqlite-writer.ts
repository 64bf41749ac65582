import { once } from 'node:events';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { CompiledQuery, QueryResult } from 'kysely';
import {
  asBuffer,
  convertRow,
  detached,
  type WriterReply,
  type WriterRequest,
  type WriterSetup,
} from './sqlite-writer-protocol';

interface Waiting {
  resolve(result: QueryResult<unknown>): void;
  reject(err: Error): void;
}

/**
 * How the thread starts: from the bundle's own entry beside `dist/main.js`, or, running the
 * TypeScript sources (tests, `npm run dev`), from this module's neighbour through tsx's require hook
 * (on Node 20 a worker does not get the ESM hooks `--import tsx` registers).
 */
function threadStart(): { entry: string | URL; eval: boolean } {
  if (!import.meta.url.endsWith('.ts'))
    return { entry: new URL('./sqlite-writer-thread.js', import.meta.url), eval: false };
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api');
  const thread = fileURLToPath(new URL('./sqlite-writer-thread.ts', import.meta.url));
  return {
    entry: `require(${JSON.stringify(tsx)}).require(${JSON.stringify(thread)}, ${JSON.stringify(thread)});`,
    eval: true,
  };
}

/**
 * The write connection of a SQLite file on a thread of its own. better-sqlite3 runs a statement
 * synchronously on the thread that calls it: ingest's transactions and the history filing held the
 * event loop for up to a second at a time under load, and every request arriving meanwhile waited
 * (soak: API p99 195 ms). Here they run on the writer thread while the event loop serves requests;
 * reads outside a transaction stay on the event loop's own read connection (sqlite-dialect.ts).
 */
export class WriterThread {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;
  private failure: Error | null = null;
  private closing = false;

  constructor(file: string) {
    const start = threadStart();
    const setup: WriterSetup = { file };
    this.worker = new Worker(start.entry, { workerData: setup, eval: start.eval });
    // Only a statement under way keeps the process alive (a CLI exits when its work is done).
    this.worker.unref();
    this.worker.on('message', (reply: WriterReply) => this.settle(reply));
    this.worker.on('error', (err) => this.fail(err));
    this.worker.on('exit', (code) => this.fail(new Error(`SQLite writer thread exited (${code})`)));
  }

  /** Runs one statement on the write connection; statements run in the order they were sent. */
  run<R>({ sql, parameters }: CompiledQuery): Promise<QueryResult<R>> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    const request: WriterRequest = { id, sql, parameters: parameters.map(detached) };
    return new Promise<QueryResult<R>>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as Waiting['resolve'], reject });
      if (this.waiting.size === 1) this.worker.ref();
      this.worker.postMessage(request);
    });
  }

  /** Closes the connection once the statements sent before have run, and ends the thread. */
  async close(): Promise<void> {
    if (this.failure) return;
    this.closing = true;
    const exited = once(this.worker, 'exit');
    this.worker.ref();
    this.worker.postMessage('close');
    await exited;
  }

  private settle(reply: WriterReply): void {
    const w = this.waiting.get(reply.id);
    if (!w) return;
    this.waiting.delete(reply.id);
    if (!this.waiting.size) this.worker.unref();
    if ('error' in reply) {
      const { name, message, code } = reply.error;
      w.reject(Object.assign(new Error(message), { name, code }));
    } else if ('rows' in reply) {
      w.resolve({ rows: reply.rows.map((row) => convertRow(row, asBuffer)) });
    } else {
      w.resolve({ numAffectedRows: BigInt(reply.changes), insertId: reply.insertId, rows: [] });
    }
  }

  /**
   * The thread ended: the statements under way fail. Unless it was closed, the process ends too, as it
   * would had the connection failed on its own thread: a server that cannot write must not go on
   * answering as if it could (its supervisor starts it again; WAL keeps every commit).
   */
  private fail(err: Error): void {
    if (this.failure) return;
    this.failure = err;
    for (const w of this.waiting.values()) w.reject(err);
    this.waiting.clear();
    if (!this.closing)
      setImmediate(() => {
        throw err;
      });
  }
}
