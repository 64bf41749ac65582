/**
 * The SQLite writer thread: the one write connection of the file, running the statements the event
 * loop sends (sqlite-writer.ts), one at a time in the order they came.
 */
import { parentPort, workerData } from 'node:worker_threads';
import {
  asBuffer,
  convertRow,
  detached,
  type WriterReply,
  type WriterRequest,
  type WriterSetup,
} from './sqlite-writer-protocol';
import { openWriter } from './sqlite-open';

const port = parentPort;
if (!port) throw new Error('sqlite-writer-thread runs as a worker thread');
const { file } = workerData as WriterSetup;
const db = openWriter(file);

function answer({ id, sql, parameters }: WriterRequest): WriterReply {
  try {
    const stmt = db.prepare(sql);
    const values = parameters.map(asBuffer);
    if (stmt.reader) return { id, rows: stmt.all(values).map((row) => convertRow(row, detached)) };
    const { changes, lastInsertRowid } = stmt.run(values);
    return { id, changes: Number(changes), insertId: BigInt(lastInsertRowid) };
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    return { id, error: { name: e.name, message: e.message, code: (e as { code?: unknown }).code } };
  }
}

port.on('message', (message: WriterRequest | 'close') => {
  if (message === 'close') {
    db.close();
    port.close();
    return;
  }
  port.postMessage(answer(message));
});
