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
 * Brotli at quality BROTLI_QUALITY for dynamic answers: an 8 KiB list page comes to 458 B at quality 2
 * and 396 B at 4 (11 of 12 parts of the saving either way) for half the CPU time; the top qualities
 * are for files compressed once at build time.
 */
export const BROTLI_QUALITY = 2;
const GZIP_LEVEL = 6;

function brotliOptions(size: number): BrotliOptions {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  };
}

/** `data` in `encoding`: on the event loop up to SYNC_MAX_BYTES, in the thread pool above. */
export async function compressBody(data: Buffer, encoding: Encoding): Promise<Buffer> {
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
  app.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding')) return payload;
    if (!/^application\/json\b/.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    const data = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (data.length < MIN_BYTES) return payload;
    // Whether compressed or not, the answer depends on Accept-Encoding from this size on.
    reply.header('vary', appendVary(reply.getHeader('vary')));
    const encoding = negotiateEncoding(req.headers['accept-encoding']);
    if (!encoding) return payload;
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compressBody(data, encoding);
  });
}
