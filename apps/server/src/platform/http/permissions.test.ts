import { login, getUserInfo, defineCall, Permission } from '@hmi/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { databases } from '../../test/databases';
import { api } from '../../test/harness';
import { useHarness } from '../../test/suite';
import { hashPassword } from '../auth/passwords';

/** A probe call guarded by a permission id, registered only in this test. */
const probe = defineCall({
  auth: 'session',
  permission: Permission.DEVICE_VIEW,
  id: 'probeDeviceView',
  method: 'GET',
  path: '/test/probe',
  summary: 'test probe',
  response: z.object({ user: z.number().int() }),
});

describe.each(databases)('permissions on $name', (database) => {
  const h = useHarness(database, { env: { DEMO: '1' } });
  beforeAll(async () => {
    h.app.registerCall(probe, async ({ user }) => ({ user: user?.id ?? 0 }));
  });

  it('seeds the demo account idempotently and it can log in', async () => {
    expect(h.app.demo).toEqual({ account: 'demo@hmi.local', password: 'Demo@2026', created: true });
    const r = await api(h.app, login, {
      query: { type: '1' },
      body: { user: 'demo@hmi.local', passwd: 'Demo@2026' },
    });
    expect(r.body.code).toBe(0);
  });

  it('a main account passes; a sub-account needs the id in its role, read from the database on every call', async () => {
    const { db } = h.app.database;
    const demo = await db
      .selectFrom('users')
      .selectAll()
      .where('username_key', '=', 'demo@hmi.local')
      .executeTakeFirstOrThrow();
    const main = await api(h.app, login, {
      query: { type: '1' },
      body: { user: 'demo@hmi.local', passwd: 'Demo@2026' },
    });
    expect((await api(h.app, probe, { token: main.body.data.token })).body).toEqual({
      code: 0,
      data: { user: demo.id },
      msg: 'success',
    });

    const now = Math.floor(h.clock.now() / 1000);
    const role = await db
      .insertInto('roles')
      .values({
        team_id: demo.team_id,
        name: 'viewer',
        permissions: JSON.stringify([Permission.DASHBOARD_VIEW]),
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('users')
      .values({
        username: 'sub@hmi.local',
        username_key: 'sub@hmi.local',
        email: 'sub@hmi.local',
        phone: null,
        password_hash: await hashPassword('Sub@2026x'),
        name: 'Sub',
        alias_name: '',
        contact: 'sub@hmi.local',
        data_center: 'cn',
        status: 'active',
        is_main: 0,
        team_id: demo.team_id,
        role_id: role.id,
        created_at: now,
        joined_at: now,
        removed_at: null,
      })
      .execute();
    const sub = await api(h.app, login, {
      query: { type: '1' },
      body: { user: 'sub@hmi.local', passwd: 'Sub@2026x' },
    });
    const token = sub.body.data.token;
    const denied = await api(h.app, probe, { token });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe(1002);

    const info = await api(h.app, getUserInfo, { token });
    expect(info.body.data).toMatchObject({
      permissions: [Permission.DASHBOARD_VIEW],
      is_main: false,
      leader_id: demo.id,
      member_ext: { role_id: role.id, role_name: 'viewer' },
    });

    await sql`update roles set permissions = ${JSON.stringify([1, Permission.DEVICE_VIEW])} where id = ${role.id}`.execute(
      db,
    );
    expect((await api(h.app, probe, { token })).body.code).toBe(0);
  });
});
