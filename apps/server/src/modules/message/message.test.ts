import type { Message } from '@hmi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { call, startHarness, type Harness } from '../../test/harness';

interface Page {
  list: Message[];
  total: number;
}

describe.each(databases)('messages on $name', (database) => {
  let h: Harness;
  let token: string;
  let teamId: number;
  let userId: number;

  beforeAll(async () => {
    h = await startHarness(database, { DEMO: '1' });
    const login = await call<{ token: string }>(h.app, 'POST', '/v1/global/login?type=1', {
      body: { user: 'demo@hmi.local', passwd: 'Demo@2026' },
    });
    token = login.body.data.token;
    const info = await call<{ team_id: number; dbuser_id: number }>(h.app, 'GET', '/v1/global/getUserInfo', {
      token,
    });
    teamId = info.body.data.team_id;
    userId = info.body.data.dbuser_id;
    const now = Math.floor(h.clock.now() / 1000); // 2026-03-01 08:00 UTC
    const other = await h.app.database.db
      .insertInto('teams')
      .values({ name: 'other', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await h.app.database.db
      .insertInto('messages')
      .values([
        {
          team_id: teamId,
          user_id: null,
          kind: 'notice',
          title: 'today team',
          content: '',
          is_read: 0,
          created_at: now - 60,
        },
        {
          team_id: teamId,
          user_id: userId,
          kind: 'alarm',
          title: 'today mine',
          content: 'x',
          is_read: 1,
          created_at: now - 7 * 3600,
        },
        {
          team_id: teamId,
          user_id: null,
          kind: 'billing',
          title: 'yesterday',
          content: '',
          is_read: 0,
          created_at: now - 9 * 3600,
        },
        {
          team_id: other.id,
          user_id: null,
          kind: 'notice',
          title: 'other team',
          content: '',
          is_read: 0,
          created_at: now,
        },
      ])
      .execute();
  });
  afterAll(async () => {
    await h?.close();
  });

  it("lists today's messages of the caller and their team only, newest first", async () => {
    const r = await call<Page>(h.app, 'GET', '/v1/msg/notify/today', { token });
    expect(r.body.code).toBe(0);
    expect(r.body.data.list.map((m) => m.title)).toEqual(['today team', 'today mine']);
    expect(r.body.data.total).toBe(2);
    expect(r.body.data.list[1]).toMatchObject({ kind: 'alarm', is_read: true, content: 'x' });
  });

  it("starts the day at the caller's local midnight and filters by kind", async () => {
    // Now is 08:00 UTC. At UTC+8 (16:00 local) the day began at 16:00 UTC yesterday, so the message of
    // 23:00 UTC yesterday is today's; at UTC-6 (02:00 local) it began at 06:00 UTC, leaving one.
    const east = await call<Page>(h.app, 'GET', '/v1/msg/notify/today?tz_offset=8', { token });
    expect(east.body.data.list.map((m) => m.title)).toEqual(['today team', 'today mine', 'yesterday']);
    const west = await call<Page>(h.app, 'GET', '/v1/msg/notify/today?tz_offset=-6', { token });
    expect(west.body.data.list.map((m) => m.title)).toEqual(['today team']);
    const alarms = await call<Page>(h.app, 'GET', '/v1/msg/notify/today?kind=alarm', { token });
    expect(alarms.body.data.list.map((m) => m.title)).toEqual(['today mine']);
  });

  it('refuses a bad kind or offset with 1006 naming the field, and needs a session', async () => {
    expect((await call(h.app, 'GET', '/v1/msg/notify/today?kind=spam', { token })).body).toMatchObject({
      code: 1006,
      data: { field: 'kind' },
    });
    expect((await call(h.app, 'GET', '/v1/msg/notify/today?tz_offset=20', { token })).body).toMatchObject({
      code: 1006,
      data: { field: 'tz_offset' },
    });
    expect((await call(h.app, 'GET', '/v1/msg/notify/today')).body.code).toBe(1008);
  });
});
