import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteDatabase } from '../../test/databases';
import { startHarness, type Harness } from '../../test/harness';

describe('web app', () => {
  let h: Harness;
  let dist = '';
  beforeAll(async () => {
    dist = join(process.env.TMPDIR ?? '/tmp', `hmi-web-${process.pid}-${Date.now()}`);
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>console</title>');
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
    h = await startHarness(sqliteDatabase, { WEB_DIST: dist });
  });
  afterAll(async () => {
    await h?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves WEB_DIST at / while /v1 stays the API', async () => {
    const root = await h.app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<title>console</title>');
    expect((await h.app.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
    const api = await h.app.inject({ method: 'GET', url: '/v1/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 1003 });
    expect((await h.app.inject({ method: 'GET', url: '/v1/global/login' })).json()).toMatchObject({
      code: 0,
    });
  });
});
