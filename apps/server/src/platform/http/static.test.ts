import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteDatabase } from '../../test/databases';
import { useHarness } from '../../test/suite';
import { IMMUTABLE, REVALIDATE } from './static';

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const PAGE = `<!doctype html><title>console</title>${'<p>hmi</p>'.repeat(200)}`;

describe('web app', () => {
  let dist = '';
  beforeAll(async () => {
    dist = join(process.env.TMPDIR ?? '/tmp', `hmi-web-${process.pid}-${Date.now()}`);
    mkdirSync(join(dist, 'assets'), { recursive: true });
    // As the build writes them: each file with its brotli and gzip copies beside it.
    const files = { 'index.html': PAGE, 'assets/app-Dx3f9Kq1.js': SCRIPT };
    for (const [name, text] of Object.entries(files)) {
      writeFileSync(join(dist, name), text);
      writeFileSync(join(dist, `${name}.br`), brotliCompressSync(text));
      writeFileSync(join(dist, `${name}.gz`), gzipSync(text));
    }
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  });
  afterAll(async () => {
    rmSync(dist, { recursive: true, force: true });
  });
  const h = useHarness(sqliteDatabase, { env: () => ({ WEB_DIST: dist }) });

  const get = (url: string, headers: Record<string, string> = {}) =>
    h.app.inject({ method: 'GET', url, headers });

  it('serves WEB_DIST at / while /v1 stays the API', async () => {
    const root = await get('/');
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<title>console</title>');
    expect((await get('/assets/app-Dx3f9Kq1.js')).statusCode).toBe(200);
    const api = await get('/v1/unknown');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 1003 });
    expect((await get('/v1/global/login')).json()).toMatchObject({ code: 0 });
  });

  it('sends the brotli copy, else the gzip one, else the file, varying on Accept-Encoding', async () => {
    const br = await get('/assets/app-Dx3f9Kq1.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^application\/javascript/);
    expect(br.rawPayload).toEqual(brotliCompressSync(SCRIPT));
    const gz = await get('/assets/app-Dx3f9Kq1.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload).toEqual(gzipSync(SCRIPT));
    const plain = await get('/assets/app-Dx3f9Kq1.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    for (const r of [br, gz, plain]) expect(r.headers.vary).toBe('Accept-Encoding');
  });

  it('caches hashed assets for a year and has index.html and other files revalidated', async () => {
    const asset = await get('/assets/app-Dx3f9Kq1.js', { 'accept-encoding': 'br' });
    expect(asset.headers['cache-control']).toBe(IMMUTABLE);
    for (const url of ['/', '/index.html', '/favicon.svg']) {
      const r = await get(url, { 'accept-encoding': 'br' });
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['cache-control'], url).toBe(REVALIDATE);
    }
    expect((await get('/', { 'accept-encoding': 'br' })).headers['content-encoding']).toBe('br');
  });

  it('answers a revalidation of an unchanged file with 304', async () => {
    const first = await get('/', { 'accept-encoding': 'br' });
    const etag = first.headers.etag;
    expect(typeof etag).toBe('string');
    const again = await get('/', { 'accept-encoding': 'br', 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});
