import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpRequest, queryString } from './http';

describe('queryString (as axios wrote it)', () => {
  it('leaves out null and undefined and writes arrays as key[]', () => {
    expect(queryString({ a: 1, b: null, c: undefined, ids: [3, null, 4], on: false })).toBe(
      'a=1&ids[]=3&ids[]=4&on=false',
    );
  });

  it('keeps : $ , [ ] readable, spaces as + and encodes the rest', () => {
    expect(queryString({ q: 'a b:c,$[x]&y=z/é' })).toBe('q=a+b:c,$[x]%26y%3Dz%2F%C3%A9');
  });

  it('writes dates as ISO text and objects as JSON', () => {
    expect(queryString({ at: new Date(Date.UTC(2026, 0, 2)), f: { k: 1 } })).toBe(
      `at=2026-01-02T00:00:00.000Z&f=${encodeURIComponent('{"k":1}').replace(/%3A/g, ':').replace(/%2C/g, ',')}`,
    );
  });

  it('is empty without params', () => {
    expect(queryString(undefined)).toBe('');
  });
});

describe('httpRequest', () => {
  let server: Server;
  let base: string;
  const seen: { method: string; url: string; headers: IncomingHttpHeaders; body: string }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        if (req.url?.startsWith('/text')) res.writeHead(502).end('Bad gateway');
        else res.writeHead(400, { 'content-type': 'application/json' }).end('{"code":1006,"data":null}');
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(
    () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  );

  it('sends JSON bodies with their type and hands back any status with its parsed body', async () => {
    const response = await httpRequest({
      baseURL: `${base}/v1`,
      url: '/things',
      method: 'post',
      params: { page: 1 },
      data: { name: 'A' },
      headers: { authorization: 'tok' },
      timeout: 2000,
    });
    expect(response).toEqual({ status: 400, data: { code: 1006, data: null } });
    const last = seen.at(-1);
    expect(last).toMatchObject({ method: 'POST', url: '/v1/things?page=1', body: '{"name":"A"}' });
    expect(last?.headers).toMatchObject({ authorization: 'tok', 'content-type': 'application/json' });
  });

  it('sends no body and no content type without data; a body that is not JSON comes back as text', async () => {
    const response = await httpRequest({ baseURL: base, url: '/text', method: 'GET', timeout: 2000 });
    expect(response).toEqual({ status: 502, data: 'Bad gateway' });
    expect(seen.at(-1)?.headers['content-type']).toBeUndefined();
    expect(seen.at(-1)?.body).toBe('');
  });

  it('rejects an address that is not one with ERR_INVALID_URL', async () => {
    await expect(
      httpRequest({ baseURL: 'http://[bad', url: '/x', method: 'GET', timeout: 2000 }),
    ).rejects.toMatchObject({ code: 'ERR_INVALID_URL' });
  });

  it('rejects a request aborted by its signal with ERR_CANCELED', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      httpRequest({ baseURL: base, url: '/x', method: 'GET', timeout: 2000, signal: controller.signal }),
    ).rejects.toMatchObject({ code: 'ERR_CANCELED' });
  });
});
