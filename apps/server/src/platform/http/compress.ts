/**
 * Compression of API answers: a JSON body of at least `MIN_BYTES` goes out as brotli or gzip when
 * the client accepts it (lists and charts shrink to a fraction). Streams (files, exports) and the
 * web app's files (precompressed at build time) pass through untouched.
 */
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type BrotliOptions } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

export const MIN_BYTES = 1024;

/**
 * Bodies up to this size are compressed on the event loop. A list page (8 KiB) takes ~40 µs of
 * brotli; the thread-pool round trip of the asynchronous API (a stream, a work item, its callback)
 * cost two to three times the compression itself. Larger bodies (charts, exports) go to the pool
 * so that one of them does not hold up every other request.
 */
export const SYNC_MAX_BYTES = 64 * 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

type Encoding = 'br' | 'gzip';

/** The encoding to answer in: the client's most preferred of br and gzip, br on a tie; null: none. */
export function negotiateEncoding(header: string | string[] | undefined): Encoding | null {
  if (header === undefined) return null;
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (name: Encoding) => weights.get(name) ?? weights.get('*') ?? 0;
  const best = (['br', 'gzip'] as const).reduce((a, b) => (weight(b) > weight(a) ? b : a));
  return weight(best) > 0 ? best : null;
}

/**
 * Brotli at quality BROTLI_QUALITY for the larger dynamic answers (charts, exports), compressed in the
 * thread pool: quality 2 keeps 11 of 12 parts of quality 4's saving (an 8 KiB list page: 458 B against
 * 396 B) for half the CPU time; the top qualities are for files compressed once at build time.
 */
export const BROTLI_QUALITY = 2;
/**
 * Bodies compressed on the event loop take quality 1 with a 64 KiB window (the whole of such a body):
 * its encoder sets up far smaller tables than quality 2's. In the server (alternating batches in one
 * process) a list request cost ~50 µs less CPU of 550-800 than at quality 2 with the same window, for
 * a device page of 505 B against 458 B and an alarm page of 1,101 B against 828 B (from 8.9 and 7.8 KB):
 * either fits one packet.
 */
const SYNC_BROTLI_QUALITY = 1;
const SYNC_BROTLI_WINDOW_BITS = Math.log2(SYNC_MAX_BYTES);
const GZIP_LEVEL = 6;

function brotliOptions(size: number): BrotliOptions {
  const sync = size <= SYNC_MAX_BYTES;
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: sync ? SYNC_BROTLI_QUALITY : BROTLI_QUALITY,
      ...(sync ? { [constants.BROTLI_PARAM_LGWIN]: SYNC_BROTLI_WINDOW_BITS } : {}),
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  };
}

/**
 * `data` in `encoding`: on the event loop up to SYNC_MAX_BYTES (the Buffer itself, no promise to wait
 * for), in the thread pool above.
 */
export function compressBody(data: Buffer, encoding: Encoding): Buffer | Promise<Buffer> {
  if (data.length <= SYNC_MAX_BYTES)
    return encoding === 'br'
      ? brotliCompressSync(data, brotliOptions(data.length))
      : gzipSync(data, { level: GZIP_LEVEL });
  return encoding === 'br'
    ? brotli(data, brotliOptions(data.length))
    : gzipAsync(data, { level: GZIP_LEVEL });
}

function appendVary(current: unknown): string {
  const list = typeof current === 'string' && current ? current.split(/\s*,\s*/) : [];
  return list.some((v) => v.toLowerCase() === 'accept-encoding')
    ? list.join(', ')
    : [...list, 'Accept-Encoding'].join(', ');
}

export function installCompression(app: FastifyInstance): void {
  // Callback style: an async hook costs promises on every answer, compressed or not.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    if (reply.hasHeader('content-encoding')) return done(null, payload);
    if (!/^application\/json\b/.test(String(reply.getHeader('content-type') ?? '')))
      return done(null, payload);
    const data = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (data.length < MIN_BYTES) return done(null, payload);
    // Whether compressed or not, the answer depends on Accept-Encoding from this size on.
    reply.header('vary', appendVary(reply.getHeader('vary')));
    const encoding = negotiateEncoding(req.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    const body = compressBody(data, encoding);
    if (Buffer.isBuffer(body)) return done(null, body);
    body.then(
      (compressed) => done(null, compressed),
      (err: unknown) => done(err instanceof Error ? err : new Error(String(err))),
    );
  });
}
