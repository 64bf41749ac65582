import { describe, expect, it } from 'vitest';
import { allCalls } from '@hmi/contract';
import { routes } from './route';
import './account';
import './message';
import './dashboard';

describe('routes standing in for contract definitions', () => {
  it('match their definitions (id, method, path, central host)', () => {
    expect(routes.size).toBeGreaterThan(0);
    for (const [id, r] of routes) {
      const def = allCalls.find((c) => c.id === id);
      expect(def, id).toBeDefined();
      expect({ method: r.method, path: r.path, central: r.central === true }, id).toEqual({
        method: def?.method,
        path: def?.path,
        central: def?.central === true,
      });
    }
  });

  it('cover every account and message call the wrappers make', () => {
    const ids = allCalls.map((c) => c.id);
    for (const id of ['getLogin', 'login', 'getUserInfo', 'logout', 'getMessageCounts', 'getTodayMessages'])
      expect(ids.includes(id) && routes.has(id), id).toBe(true);
  });
});
