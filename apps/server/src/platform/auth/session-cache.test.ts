import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@hmi/contract';
import { Bus } from '../bus';
import { ManualClock } from '../clock';
import { WriteWatch } from '../db/write-watch';
import { fail } from '../errors';
import type { SessionUser } from '../http/session';
import { SESSION_CACHE_MS, SessionCache } from './session-cache';
import { signAccessToken } from './tokens';

const SECRET = 'test-secret';

function setup() {
  const clock = new ManualClock(Date.UTC(2026, 2, 1, 8, 0, 0));
  const bus = new Bus();
  const writes = new WriteWatch();
  const cache = new SessionCache({ bus, writes, clock });
  let lookups = 0;
  /** What the next lookup answers; a function to hold it (a lookup under way). */
  let answer: () => Promise<SessionUser> = async () => user(1);
  const authenticate = cache.wrap(async () => {
    lookups += 1;
    return answer();
  });
  const nowS = () => Math.floor(clock.now() / 1000);
  const token = (sub: number, ttlS = 7200) =>
    signAccessToken({ sub, fam: `f${sub}`, iat: nowS(), exp: nowS() + ttlS }, SECRET);
  const call = (header: string | undefined) =>
    authenticate({ headers: { authorization: header } } as unknown as FastifyRequest);
  return {
    clock,
    bus,
    writes,
    cache,
    token,
    call,
    lookups: () => lookups,
    answerWith(fn: () => Promise<SessionUser>) {
      answer = fn;
    },
  };
}

function user(id: number): SessionUser {
  return {
    id,
    teamId: 1,
    isMain: true,
    roleId: null,
    permissions: [],
    familyId: `f${id}`,
    row: {} as SessionUser['row'],
  };
}

describe('SessionCache', () => {
  it('reuses an answer for the same header until the TTL, then looks it up again', async () => {
    const s = setup();
    const t = s.token(1);
    await s.call(t);
    await s.call(t);
    await s.call(`Bearer ${t}`);
    expect(s.lookups()).toBe(2);
    s.clock.advance(SESSION_CACHE_MS / 1000);
    await s.call(t);
    expect(s.lookups()).toBe(3);
    // No header, or several: never cached.
    await s.call(undefined);
    await s.call(undefined);
    expect(s.lookups()).toBe(5);
  });

  it('does not reuse an answer past the expiry its token states', async () => {
    const s = setup();
    const t = s.token(1, 1);
    await s.call(t);
    s.clock.advance(1);
    await s.call(t);
    expect(s.lookups()).toBe(2);
  });

  it('forgets everything on sessionsEnded, accessChanged and writes to the session tables', async () => {
    const s = setup();
    const t = s.token(1);
    const warm = async () => {
      await s.call(t);
      const before = s.lookups();
      await s.call(t);
      expect(s.lookups()).toBe(before);
    };
    await warm();
    s.bus.emit('sessionsEnded', { userId: 7 });
    expect(s.cache.size).toBe(0);
    await warm();
    s.bus.emit('accessChanged', { teamId: 3, userId: null });
    expect(s.cache.size).toBe(0);
    for (const table of ['users', 'refresh_tokens', 'roles', 'teams']) {
      await warm();
      s.writes.transformQuery({
        queryId: { queryId: 'q' },
        node: { kind: 'RawNode', sqlFragments: [`update "${table}" set x = `, ''], parameters: [] },
      });
      expect([table, s.cache.size]).toEqual([table, 0]);
    }
    await warm();
    s.writes.transformQuery({
      queryId: { queryId: 'q' },
      node: { kind: 'RawNode', sqlFragments: ['insert into devices values (1)'], parameters: [] },
    });
    expect(s.cache.size).toBe(1);
  });

  it('does not keep an answer looked up while the cache was cleared, nor a refusal', async () => {
    const s = setup();
    const t = s.token(1);
    let release: (u: SessionUser) => void = () => undefined;
    s.answerWith(() => new Promise((resolve) => (release = resolve)));
    const pending = s.call(t);
    s.bus.emit('sessionsEnded', { userId: 1 });
    release(user(1));
    await pending;
    expect(s.cache.size).toBe(0);

    s.answerWith(async () => fail(ErrorCode.AUTH_EXPIRED));
    await expect(s.call(t)).rejects.toThrow();
    await expect(s.call(t)).rejects.toThrow();
    expect(s.cache.size).toBe(0);
  });
});
