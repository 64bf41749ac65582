import { performance } from 'node:perf_hooks';
import { logout, createGroup, updateDevice, updateRole, wsCloseCode } from '@hmi/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount, createSubAccount } from '../../test/accounts';
import { api } from '../../test/harness';
import { useInstances } from '../../test/instances';
import { boundDevice } from '../../test/mqtt';
import { ok } from '../../test/registry';
import { WsClient } from '../../test/ws-client';

// Two instances share one database and one Redis bus, as in production (see sharedEnv).
describe('live sockets of two instances on one PostgreSQL and one Redis', () => {
  const [a, b] = useInstances(2);
  beforeAll(async () => {
    await b.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it("a logout on A closes that user's socket held by B within a second", async () => {
    const main = await createMainAccount(a);
    const browser = await WsClient.signedIn(b, main.token);
    const started = performance.now();
    await api(a.app, logout, { token: main.token });
    const code = await browser.closed;
    const elapsed = performance.now() - started;
    expect(code).toBe(wsCloseCode(1009));
    expect(elapsed).toBeLessThan(1000);
  });

  it("a role losing device view on A drops its members' subscriptions on B at once", async () => {
    const owner = await createMainAccount(a, 5);
    const device = await boundDevice(a, owner, 'live2');
    const group = await ok(a, owner, createGroup, { body: { name: 'LiveG' } });
    await ok(a, owner, updateDevice, { params: { id: device.deviceId }, body: { group_id: group.id } });
    const member = await createSubAccount(a, owner.teamId, [2], { group: [group.id] });
    const browser = await WsClient.signedIn(b, member.token);
    const subscribed = browser.upcoming((m) => m.type === 'subscribed');
    browser.send({ type: 'subscribe', devices: [device.deviceId] });
    expect(await subscribed).toEqual({ type: 'subscribed', devices: [device.deviceId], refused: [] });

    const { role_id: roleId } = await a.app.database.db
      .selectFrom('users')
      .select('role_id')
      .where('id', '=', member.userId)
      .executeTakeFirstOrThrow();
    const dropped = browser.upcoming((m) => m.type === 'subscribed');
    const started = performance.now();
    await ok(a, owner, updateRole, { params: { id: roleId as number }, body: { permissions: [24] } });
    expect(await dropped).toEqual({ type: 'subscribed', devices: [], refused: [device.deviceId] });
    expect(performance.now() - started).toBeLessThan(1000);

    const refused = browser.upcoming((m) => m.type === 'subscribed');
    browser.send({ type: 'subscribe', devices: [device.deviceId] });
    expect(await refused).toEqual({ type: 'subscribed', devices: [], refused: [device.deviceId] });
    browser.close();
  });
});
