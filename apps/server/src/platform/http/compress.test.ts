import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { sqliteDatabase } from '../../test/databases';
import { useHarness } from '../../test/suite';
import { compressBody, MIN_BYTES, negotiateEncoding, SYNC_MAX_BYTES } from './compress';

describe('negotiateEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['*', 'br'],
    ['gzip;q=1, *;q=0', 'gzip'],
  ] as const)('%s → %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe('compressBody', () => {
  it.each([8 * 1024, SYNC_MAX_BYTES, SYNC_MAX_BYTES + 1, 200 * 1024])(
    'compresses %i bytes of JSON so that they decode back, in brotli and gzip',
    async (size) => {
      const row = JSON.stringify({ id: 1, name: 'device', sn: 'SN-000001', online: 0 });
      const data = Buffer.from(
        `[${Array(Math.ceil(size / row.length))
          .fill(row)
          .join(',')}]`.slice(0, size),
      );
      const br = await compressBody(data, 'br');
      const gz = await compressBody(data, 'gzip');
      expect(br.length).toBeLessThan(data.length / 4);
      expect(brotliDecompressSync(br).equals(data)).toBe(true);
      expect(gunzipSync(gz).equals(data)).toBe(true);
    },
  );
});

describe('API answers compressed', () => {
  const h = useHarness(sqliteDatabase);

  it('compresses a large JSON answer in the encoding the client prefers', async () => {
    const plain = await h.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    expect(plain.rawPayload.length).toBeGreaterThan(MIN_BYTES);

    const br = await h.app.inject({
      method: 'GET',
      url: '/v1/openapi.json',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gz = await h.app.inject({
      method: 'GET',
      url: '/v1/openapi.json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('sends a small answer as it is', async () => {
    const r = await h.app.inject({
      method: 'GET',
      url: '/v1/global/login',
      headers: { 'accept-encoding': 'br' },
    });
    expect(r.rawPayload.length).toBeLessThan(MIN_BYTES);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.json()).toMatchObject({ code: 0 });
  });
});
