import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteDatabase } from '../../test/databases';
import type { Harness } from '../../test/harness';
import { useHarness } from '../../test/suite';

/** Records what the app logs at warn and error level (request loggers inherit from the root one). */
function captureLogs(h: Harness) {
  const seen: { level: string; args: unknown[] }[] = [];
  h.app.log.error = (...args: unknown[]) => void seen.push({ level: 'error', args });
  h.app.log.fatal = (...args: unknown[]) => void seen.push({ level: 'fatal', args });
  return seen;
}

/** GET of a path exactly as written (fetch and inject would resolve `%2e%2e` first). */
function rawGet(port: number, path: string) {
  return new Promise<{ status: number; body: string; headers: Record<string, unknown> }>(
    (resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('security headers and unknown paths', () => {
  let dist = '';
  beforeAll(async () => {
    dist = join(process.env.TMPDIR ?? '/tmp', `hmi-headers-${process.pid}-${Date.now()}`);
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>console</title>');
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
  });
  afterAll(() => {
    rmSync(dist, { recursive: true, force: true });
  });
  const h = useHarness(sqliteDatabase, { env: () => ({ WEB_DIST: dist }) });
  const proxied = useHarness(sqliteDatabase, { env: () => ({ WEB_DIST: dist, TRUST_PROXY: '127.0.0.1' }) });

  it('sends CSP without inline scripts, frame-ancestors none, nosniff and a referrer policy on the app', async () => {
    for (const url of ['/', '/assets/app.js']) {
      const res = await h.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toMatch(/(^|; )script-src 'self'(;|$)/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('sends the same protections on API answers, errors included', async () => {
    for (const url of ['/v1/global/login', '/v1/no/such/call', '/v1/openapi.json']) {
      const res = await h.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it("answers with the request's id: a well-formed one given by a proxy, else a new one", async () => {
    const given = await h.app.inject({
      method: 'GET',
      url: '/v1/no/such/call',
      headers: { 'x-request-id': 'lb-42' },
    });
    expect(given.headers['x-request-id']).toBe('lb-42');
    const made = await h.app.inject({
      method: 'GET',
      url: '/v1/openapi.json',
      headers: { 'x-request-id': 'a b' },
    });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(made.statusCode).toBe(200);
  });

  it('sends HSTS only when a trusted proxy says the request came over TLS', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    const behindTls = await proxied.app.inject({ method: 'GET', url: '/', headers: https });
    expect(behindTls.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
    const plainProxy = await proxied.app.inject({ method: 'GET', url: '/v1/global/login' });
    expect(plainProxy.headers['strict-transport-security']).toBeUndefined();
    const untrusted = await h.app.inject({ method: 'GET', url: '/', headers: https });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
    const stranger = await proxied.app.inject({
      method: 'GET',
      url: '/',
      headers: https,
      remoteAddress: '192.0.2.9',
    });
    expect(stranger.headers['strict-transport-security']).toBeUndefined();
  });

  it('answers traversal attempts and unknown paths 404 without an error log or a stack trace', async () => {
    const logs = captureLogs(h);
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const address = h.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    for (const path of [
      '/%2e%2e/%2e%2e/etc/passwd',
      '/..%2f..%2fetc%2fpasswd',
      '/assets/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '/assets/../../../etc/passwd',
      '/%00',
      '/assets/%c0%ae%c0%ae/x',
      '/no/such/page',
    ]) {
      const res = await rawGet(port, path);
      expect(res.status, path).toBe(404);
      expect(res.body).not.toMatch(/root:|at .*\(|stack/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    const api = await rawGet(port, '/v1/%2e%2e/%2e%2e/etc/passwd');
    expect(api.status).toBe(404);
    expect(JSON.parse(api.body)).toMatchObject({ code: 1003, data: null });
    expect(logs).toEqual([]);
  });
});
