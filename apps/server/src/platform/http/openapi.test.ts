import { allCalls } from '@hmi/contract';
import { describe, expect, it } from 'vitest';
import { sqliteDatabase } from '../../test/databases';
import { useHarness } from '../../test/suite';

describe('openapi', () => {
  const h = useHarness(sqliteDatabase);

  it('GET /v1/openapi.json lists every call of the contract with its permission', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      openapi: string;
      paths: Record<string, Record<string, Record<string, unknown>>>;
    }>();
    expect(doc.openapi).toMatch(/^3\./);
    const ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ path, method, op })),
    );
    expect(ops).toHaveLength(allCalls.length);
    for (const def of allCalls) {
      const found = ops.find((o) => o.op.operationId === def.id);
      expect(found, def.id).toBeDefined();
      expect(found?.path).toBe(`/v1${def.path}`.replace(/:(\w+)/g, '{$1}'));
      expect(found?.method).toBe(def.method.toLowerCase());
      expect(found?.op['x-permission']).toEqual(def.permission);
    }
    const login = doc.paths['/v1/global/login']?.post;
    expect(JSON.stringify(login?.requestBody)).toContain('passwd');
    expect(String(doc.paths['/v1/refreshtoken']?.post?.description)).toContain('force');
  });

  it('every contract call is registered on the app', () => {
    expect(h.app.callTable.map((c) => c.id).sort()).toEqual(allCalls.map((c) => c.id).sort());
  });
});
