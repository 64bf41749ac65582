import {
  changeMemberRole,
  changePwd,
  createRole,
  listDevices,
  login,
  logout,
  Permission,
  updateRole,
} from '@hmi/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount, createSubAccount, TEST_PASSWORD, type TestAccount } from '../../test/accounts';
import { databases } from '../../test/databases';
import { api, type Harness } from '../../test/harness';
import { useInstances } from '../../test/instances';
import { ok } from '../../test/registry';
import { accountSuite } from '../../test/suite';
import type { BusEventName } from '../bus';

/**
 * Access tokens are looked up through a short-lived cache (session-cache.ts); whatever ends a session
 * or changes what it may do must still apply to the very next request, on every instance.
 */

/** The envelope code of listDevices called with `token` twice (the second from the cache if any). */
async function listCode(h: Harness, token: string): Promise<number> {
  await api(h.app, listDevices, { token });
  return (await api(h.app, listDevices, { token })).body.code;
}

async function signIn(h: Harness, account: TestAccount): Promise<string> {
  const r = await api(h.app, login, {
    query: { type: '1' },
    body: { user: account.username, passwd: TEST_PASSWORD },
  });
  return r.body.data.token;
}

/** A role of the team through the API: view devices (2) or not. */
async function role(h: Harness, main: TestAccount, name: string, permissions: number[]): Promise<number> {
  return (await ok(h, main, createRole, { body: { name, permissions } })).id;
}

describe.each(databases)('revocation through the session cache on $name', (database) => {
  const ctx = accountSuite(database);

  it('refuses a token at once after logout, and the other sessions after a password change', async () => {
    const other = await signIn(ctx.h, ctx.main);
    const third = await signIn(ctx.h, ctx.main);
    expect([
      await listCode(ctx.h, ctx.main.token),
      await listCode(ctx.h, other),
      await listCode(ctx.h, third),
    ]).toEqual([0, 0, 0]);
    await ok(ctx.h, { ...ctx.main, token: other }, logout);
    expect(await listCode(ctx.h, other)).toBe(1009);
    const body = { old_passwd: TEST_PASSWORD, passwd: 'Other@2026x', confirm: 'Other@2026x' };
    await ok(ctx.h, ctx.main, changePwd, { body });
    expect([await listCode(ctx.h, ctx.main.token), await listCode(ctx.h, third)]).toEqual([0, 1009]);
    await ok(ctx.h, ctx.main, changePwd, {
      body: { old_passwd: body.passwd, passwd: TEST_PASSWORD, confirm: TEST_PASSWORD },
    });
  });

  it('applies a member’s new role, and its role’s new permissions, to its next request', async () => {
    const sub = await createSubAccount(ctx.h, ctx.main.teamId, [Permission.DEVICE_VIEW]);
    const viewer = await role(ctx.h, ctx.main, 'viewer', [Permission.DEVICE_VIEW]);
    const none = await role(ctx.h, ctx.main, 'none', [Permission.TEMPLATE_VIEW]);
    expect(await listCode(ctx.h, sub.token)).toBe(0);
    await ok(ctx.h, ctx.main, changeMemberRole, { params: { id: sub.userId }, body: { role_id: none } });
    expect(await listCode(ctx.h, sub.token)).toBe(1002);
    await ok(ctx.h, ctx.main, changeMemberRole, { params: { id: sub.userId }, body: { role_id: viewer } });
    expect(await listCode(ctx.h, sub.token)).toBe(0);
    await ok(ctx.h, ctx.main, updateRole, {
      params: { id: viewer },
      body: { permissions: [Permission.TEMPLATE_VIEW] },
    });
    expect(await listCode(ctx.h, sub.token)).toBe(1002);
  });

  it('refuses a removed account at once even when the row is changed without an event', async () => {
    const sub = await createSubAccount(ctx.h, ctx.main.teamId, [Permission.DEVICE_VIEW]);
    expect(await listCode(ctx.h, sub.token)).toBe(0);
    await ctx.h.app.database.db
      .updateTable('users')
      .set({ removed_at: Math.floor(ctx.h.clock.now() / 1000) })
      .where('id', '=', sub.userId)
      .execute();
    expect(await listCode(ctx.h, sub.token)).toBe(1055);
  });
});

describe.runIf(databases.some((d) => d.name === 'postgres'))(
  'revocation through the session cache: two instances on one PostgreSQL and one Redis',
  () => {
    const [a, b] = useInstances(2);
    let main: TestAccount;

    /** Resolves when instance `h` has heard `name` from the other instance. */
    const heard = (h: Harness, name: BusEventName) =>
      new Promise<void>((resolve) => {
        const off = h.app.connectivity.bus.on(name, (_e, origin) => {
          if (origin.local) return;
          off();
          resolve();
        });
      });

    beforeAll(async () => {
      main = await createMainAccount(a);
    });

    it('refuses on B a token logged out on A, and applies a role changed on A', async () => {
      const other = await signIn(a, main);
      expect(await listCode(b, other)).toBe(0);
      const told = heard(b, 'sessionsEnded');
      await ok(a, { ...main, token: other }, logout);
      await told;
      expect(await listCode(b, other)).toBe(1009);

      const sub = await createSubAccount(a, main.teamId, [Permission.DEVICE_VIEW]);
      const none = await role(a, main, 'none', [Permission.TEMPLATE_VIEW]);
      expect(await listCode(b, sub.token)).toBe(0);
      const changed = heard(b, 'accessChanged');
      await ok(a, main, changeMemberRole, { params: { id: sub.userId }, body: { role_id: none } });
      await changed;
      expect(await listCode(b, sub.token)).toBe(1002);
    });
  },
);
