/** Messages between the event loop and the SQLite writer thread (sqlite-writer.ts). */

/** One statement for the writer connection. */
export interface WriterRequest {
  id: number;
  sql: string;
  parameters: readonly unknown[];
}

/** A statement's outcome: rows of a reader, changes of a writer, or the error SQLite raised. */
export type WriterReply =
  | { id: number; rows: unknown[] }
  | { id: number; changes: number; insertId: bigint }
  | { id: number; error: { name: string; message: string; code: unknown } };

/** What the thread is started with. */
export interface WriterSetup {
  file: string;
}

/**
 * A blob as its own copy: structured cloning a view copies its whole ArrayBuffer, and a small Buffer
 * is a view into Node's shared 8 KiB pool.
 */
export function detached(value: unknown): unknown {
  if (!ArrayBuffer.isView(value)) return value;
  return value.byteLength === value.buffer.byteLength
    ? value
    : new Uint8Array(value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength));
}

/** A cloned blob (a Uint8Array) as the Buffer better-sqlite3 gives and takes. */
export function asBuffer(value: unknown): unknown {
  return value instanceof Uint8Array && !Buffer.isBuffer(value)
    ? Buffer.from(value.buffer, value.byteOffset, value.byteLength)
    : value;
}

/** A row with `convert` applied to each of its values, in place (the rows cross the thread once). */
export function convertRow(row: unknown, convert: (value: unknown) => unknown): unknown {
  const r = row as Record<string, unknown>;
  for (const key of Object.keys(r)) r[key] = convert(r[key]);
  return r;
}
