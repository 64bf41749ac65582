/**
 * Compression of API answers: a JSON body of at least `MIN_BYTES` goes out as brotli or gzip when
 * the client accepts it (lists and charts shrink to a fraction). Streams (files, exports) and the
 * web app's files (precompressed at build time) pass through untouched.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

export const MIN_BYTES = 1024;

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

function compress(data: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? // Quality 4: most of brotli's gain at a small share of its best quality's CPU time.
      brotli(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 4,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      })
    : gzipAsync(data, { level: 6 });
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
    return compress(data, encoding);
  });
}
