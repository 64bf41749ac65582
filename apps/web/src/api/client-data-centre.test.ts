import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createInvitation, login, removal } from '@hmi/contract';
import { createApiClient } from './client';
import { createSession, memoryStorage, type Session } from './tokens';

/** A data centre's server answering every request with `answer(path)`; records the paths it saw. */
interface FakeRegion {
  url: string;
  seen: string[];
}
const servers: Server[] = [];

async function region(answer: (path: string) => unknown): Promise<FakeRegion> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      seen.push(path);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer(path)));
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen };
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((done) => s.close(done))));
});

function clientOn(session: Session) {
  const toasts: string[] = [];
  const api = createApiClient({
    session,
    toast: (text) => toasts.push(text),
    translate: (key) => key,
    navigateToLogin: () => undefined,
    centralHost: '',
    defaultOrigin: 'http://127.0.0.1:9',
    timeoutMs: 2000,
  });
  return { api, toasts };
}

const tokens = (host: string) => ({ token: 't', refresh_token: 'r', expires_in: 60, host });
const body = { user: 'eu@example.com', passwd: 'Secret123' };

describe('API client across data centres', () => {
  it('on 1078 with a host stores that host and retries the call there once', async () => {
    const eu = await region(() => ({ code: 0, data: tokens('') }));
    const cn = await region(() => ({ code: 1078, data: { data_center: 'eu', host: eu.url }, msg: 'x' }));
    const session = createSession(memoryStorage());
    session.setHost(cn.url);
    const { api, toasts } = clientOn(session);
    await expect(api.call(login, { query: { type: '1' }, body })).resolves.toMatchObject({ token: 't' });
    expect(cn.seen).toEqual(['/v1/global/login']);
    expect(eu.seen).toEqual(['/v1/global/login']);
    expect(session.getHost()).toBe(eu.url);
    expect(toasts).toEqual([]);
  });

  it('follows 1078 only once: two centres naming each other end in the error', async () => {
    const hosts: { a?: string; b?: string } = {};
    const a = await region(() => ({ code: 1078, data: { host: hosts.b }, msg: 'x' }));
    const b = await region(() => ({ code: 1078, data: { host: hosts.a }, msg: 'x' }));
    hosts.a = a.url;
    hosts.b = b.url;
    const session = createSession(memoryStorage());
    session.setHost(a.url);
    const { api, toasts } = clientOn(session);
    await expect(api.call(login, { query: { type: '1' }, body })).rejects.toMatchObject({ code: 1078 });
    expect([a.seen.length, b.seen.length]).toEqual([1, 1]);
    expect(toasts).toEqual(['errors.1078']);
  });

  it('keeps the host when 1078 names none (an invitation of another data centre)', async () => {
    const eu = await region(() => ({ code: 1078, data: null, msg: 'x' }));
    const session = createSession(memoryStorage());
    session.save({ token: 't', refresh_token: 'r', host: eu.url });
    const { api } = clientOn(session);
    const invite = { account: 'cn@example.com', role_id: 1 };
    await expect(api.call(createInvitation, { body: invite })).rejects.toMatchObject({
      code: 1078,
    });
    expect(eu.seen).toHaveLength(1);
    expect(session.getHost()).toBe(eu.url);
  });

  it('sends a central call to the user’s data centre when no central host is built in', async () => {
    const eu = await region(() => ({ code: 0, data: null }));
    const session = createSession(memoryStorage());
    session.save({ token: 't', refresh_token: 'r', host: eu.url });
    const { api } = clientOn(session);
    const body = {
      account: 'a@eu.test',
      true_name: 'A',
      data_center: 'eu' as const,
      contact: 'a',
      passwd: 'x',
    };
    await expect(api.call(removal, { body })).resolves.toBeNull();
    expect(eu.seen).toEqual(['/v1/global/removal']);
  });
});
