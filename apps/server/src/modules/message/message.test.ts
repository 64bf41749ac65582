import {
  getMessageCounts,
  login as loginCall,
  getUserInfo,
  getTodayMessages,
  listMessages,
  setMessagesRead,
} from '@hmi/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount, createSubAccount, type TestAccount } from '../../test/accounts';
import { databases } from '../../test/databases';
import { api } from '../../test/harness';
import { AccountSuite, withAccountSuite, useHarness } from '../../test/suite';
import { ok } from '../../test/registry';

describe.each(databases)('messages on $name', (database) => {
  let token: string;
  let teamId: number;
  let userId: number;

  const h = useHarness(database, { env: { DEMO: '1' } });
  beforeAll(async () => {
    const login = await api(h.app, loginCall, {
      query: { type: '1' },
      body: { user: 'demo@hmi.local', passwd: 'Demo@2026' },
    });
    token = login.body.data.token;
    const info = await api(h.app, getUserInfo, { token });
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

  it("lists today's messages of the caller and their team only, newest first", async () => {
    const r = await api(h.app, getTodayMessages, { token });
    expect(r.body.code).toBe(0);
    expect(r.body.data.list.map((m) => m.title)).toEqual(['today team', 'today mine']);
    expect(r.body.data.total).toBe(2);
    expect(r.body.data.list[1]).toMatchObject({ kind: 'alarm', is_read: true, content: 'x' });
  });

  it("starts the day at the caller's local midnight and filters by kind", async () => {
    // Now is 08:00 UTC. At UTC+8 (16:00 local) the day began at 16:00 UTC yesterday, so the message of
    // 23:00 UTC yesterday is today's; at UTC-6 (02:00 local) it began at 06:00 UTC, leaving one.
    const east = await api(h.app, getTodayMessages, { query: { tz_offset: 8 }, token });
    expect(east.body.data.list.map((m) => m.title)).toEqual(['today team', 'today mine', 'yesterday']);
    const west = await api(h.app, getTodayMessages, { query: { tz_offset: -6 }, token });
    expect(west.body.data.list.map((m) => m.title)).toEqual(['today team']);
    const alarms = await api(h.app, getTodayMessages, { query: { kind: 'alarm' }, token });
    expect(alarms.body.data.list.map((m) => m.title)).toEqual(['today mine']);
  });

  it('refuses a bad kind or offset with 1006 naming the field, and needs a session', async () => {
    expect(
      (await api(h.app, getTodayMessages, { raw: { query: { kind: 'spam' } }, token })).body,
    ).toMatchObject({
      code: 1006,
      data: { field: 'kind' },
    });
    expect((await api(h.app, getTodayMessages, { query: { tz_offset: 20 }, token })).body).toMatchObject({
      code: 1006,
      data: { field: 'tz_offset' },
    });
    expect((await api(h.app, getTodayMessages)).body.code).toBe(1008);
  });
});

describe.each(databases)('message centre on $name', (database) => {
  let sub: TestAccount;
  let billingSub: TestAccount;
  let other: TestAccount;
  const ids: Record<string, number> = {};
  const ctx = withAccountSuite(new AccountSuite(), database, 1, async () => {
    sub = await createSubAccount(ctx.h, ctx.main.teamId, [2]);
    billingSub = await createSubAccount(ctx.h, ctx.main.teamId, [23]);
    other = await createMainAccount(ctx.h);
    const now = Math.floor(ctx.h.clock.now() / 1000);
    const rows = [
      {
        key: 'teamNotice',
        team_id: ctx.main.teamId,
        user_id: null,
        kind: 'notice',
        title: 'Pump maintenance',
        type: null,
        at: now - 100,
      },
      {
        key: 'teamBilling',
        team_id: ctx.main.teamId,
        user_id: null,
        kind: 'billing',
        title: 'Card expires',
        type: 1,
        at: now - 200,
      },
      {
        key: 'mainAlarm',
        team_id: ctx.main.teamId,
        user_id: ctx.main.userId,
        kind: 'alarm',
        title: 'Boiler high',
        type: null,
        at: now - 3 * 86400,
      },
      {
        key: 'subNotice',
        team_id: ctx.main.teamId,
        user_id: sub.userId,
        kind: 'notice',
        title: 'Welcome sub',
        type: null,
        at: now - 50,
      },
      {
        key: 'otherNotice',
        team_id: other.teamId,
        user_id: null,
        kind: 'notice',
        title: 'Other team',
        type: null,
        at: now - 10,
      },
    ] as const;
    for (const r of rows) {
      const inserted = await ctx.h.app.database.db
        .insertInto('messages')
        .values({
          team_id: r.team_id,
          user_id: r.user_id,
          kind: r.kind,
          type: r.type,
          title: r.title,
          content: `content of ${r.key}`,
          is_read: 0,
          created_at: r.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[r.key] = inserted.id;
    }
  });

  const titles = async (a: TestAccount, query = '') =>
    (await ok(ctx.h, a, listMessages, { raw: { query: query.replace(/^\?/, '') } })).list.map((m) => m.title);

  it('lists with kind, read state, type, time range and keyword filters, paged, newest first', async () => {
    expect(await titles(ctx.main)).toEqual(['Pump maintenance', 'Card expires', 'Boiler high']);
    expect(await titles(ctx.main, '?kind=billing')).toEqual(['Card expires']);
    expect(await titles(ctx.main, '?type=1')).toEqual(['Card expires']);
    expect(await titles(ctx.main, '?keyword=PUMP')).toEqual(['Pump maintenance']);
    expect(await titles(ctx.main, '?keyword=content%20of%20main')).toEqual(['Boiler high']);
    const now = Math.floor(ctx.h.clock.now() / 1000);
    expect(await titles(ctx.main, `?start=${now - 86400}`)).toEqual(['Pump maintenance', 'Card expires']);
    expect(await titles(ctx.main, `?end=${now - 150}`)).toEqual(['Card expires', 'Boiler high']);
    const page2 = await ok(ctx.h, ctx.main, listMessages, { query: { page: 2, pageSize: 2 } });
    expect(page2).toMatchObject({ total: 3 });
    expect(page2.list.map((m) => m.title)).toEqual(['Boiler high']);
    expect(await titles(ctx.main, '?is_read=0')).toHaveLength(3);
    expect(
      (await api(ctx.h.app, listMessages, { query: { is_read: 2 }, token: ctx.main.token })).body,
    ).toMatchObject({
      code: 1006,
      data: { field: 'is_read' },
    });
  });

  it('billing messages need 23: left out of lists, counts and today, and 1002 when asked for', async () => {
    expect(await titles(sub)).toEqual(['Welcome sub', 'Pump maintenance']);
    expect(
      (await api(ctx.h.app, listMessages, { query: { kind: 'billing' }, token: sub.token })).body.code,
    ).toBe(1002);
    expect(
      (await api(ctx.h.app, getTodayMessages, { query: { kind: 'billing' }, token: sub.token })).body.code,
    ).toBe(1002);
    const today = await ok(ctx.h, sub, getTodayMessages);
    expect(today.list.map((m) => m.kind)).not.toContain('billing');
    const counts = await ok(ctx.h, sub, getMessageCounts);
    expect(counts.total).toEqual({ notice: 2, billing: 0, alarm: 0 });
    expect(await titles(billingSub, '?kind=billing')).toEqual(['Card expires']);
    const mainCounts = await ok(ctx.h, ctx.main, getMessageCounts);
    expect(mainCounts.total).toEqual({ notice: 1, billing: 1, alarm: 1 });
  });

  it('setread marks only what the caller sees; a team-wide message is read for the caller only', async () => {
    // Another user's and another team's messages are not touched.
    const r = await ok(ctx.h, ctx.main, setMessagesRead, {
      body: {
        ids: [ids.subNotice, ids.otherNotice, ids.teamNotice] as number[],
      },
    });
    expect(r.updated).toBe(1);
    const byMain = await ok(ctx.h, ctx.main, listMessages, { query: { kind: 'notice' } });
    expect(byMain.list[0]).toMatchObject({ id: ids.teamNotice, is_read: true });
    // Still unread for the sub-account, and its own message is unread too.
    const bySub = await ok(ctx.h, sub, listMessages, { query: { is_read: 0 } });
    expect(bySub.list.map((m) => m.id)).toEqual([ids.subNotice, ids.teamNotice]);
    const rows = await ctx.h.app.database.db
      .selectFrom('messages')
      .select(['id', 'is_read'])
      .where('id', 'in', [ids.subNotice, ids.otherNotice, ids.teamNotice] as number[])
      .execute();
    expect(rows.every((x) => x.is_read === 0)).toBe(true);

    // A sub-account without 23 cannot mark billing ones.
    expect(
      (await ok(ctx.h, sub, setMessagesRead, { body: { ids: [ids.teamBilling as number] } })).updated,
    ).toBe(0);
    expect(
      (await api(ctx.h.app, setMessagesRead, { token: sub.token, body: { all: true, kind: 'billing' } })).body
        .code,
    ).toBe(1002);

    // All of a kind, then all.
    expect((await ok(ctx.h, sub, setMessagesRead, { body: { all: true, kind: 'notice' } })).updated).toBe(2);
    expect((await ok(ctx.h, ctx.main, setMessagesRead, { body: { all: true } })).updated).toBe(2);
    const counts = await ok(ctx.h, ctx.main, getMessageCounts);
    expect(counts.unread).toEqual({ notice: 0, billing: 0, alarm: 0 });
    const billingCounts = await ok(ctx.h, billingSub, getMessageCounts);
    expect(billingCounts.unread).toEqual({ notice: 1, billing: 1, alarm: 0 });
    // Nothing of the other team changed.
    const theirs = await ok(ctx.h, other, listMessages);
    expect(theirs.list).toMatchObject([{ id: ids.otherNotice, is_read: false }]);

    expect((await api(ctx.h.app, setMessagesRead, { token: ctx.main.token, body: {} })).body).toMatchObject({
      code: 1006,
      data: { field: 'ids', issue: 'required' },
    });
  });
});
