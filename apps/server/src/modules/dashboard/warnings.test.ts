import { BillingCardType, bindDevice, createGroup, getDashboard } from '@hmi/contract';
import { describe, expect, it } from 'vitest';
import { createMainAccount, createSubAccount, newHardware, type TestAccount } from '../../test/accounts';
import { activatedCard } from '../../test/billing';
import { databases } from '../../test/databases';
import { ok } from '../../test/registry';
import { AccountSuite, withAccountSuite } from '../../test/suite';

const DAY = 86_400;

describe.each(databases)('dashboard warnings on $name', (database) => {
  let other: TestAccount;
  let groupId: number;
  let a: number;
  let b: number;
  let expiring: number;
  const ctx = withAccountSuite(new AccountSuite(), database, 5, async () => {
    other = await createMainAccount(ctx.h, 5);
    groupId = (await ok(ctx.h, ctx.main, createGroup, { body: { name: 'Gwarn' } })).id;
    const bind = async (account: TestAccount, name: string, group_id?: number) =>
      (await ok(ctx.h, account, bindDevice, { body: { ...(await newHardware(ctx.h)), name, group_id } })).id;
    a = await bind(ctx.main, 'Awarn', groupId);
    b = await bind(ctx.main, 'Bwarn');
    const otherDevice = await bind(other, 'Owarn');
    const db = ctx.h.app.database.db;
    const now = Math.floor(ctx.h.clock.now() / 1000);
    const record = (
      team: number,
      device: number,
      level: number,
      state: number,
      recovered = false,
      shelvedUntil: number | null = null,
    ) => ({
      team_id: team,
      device_id: device,
      template_id: 0,
      rule_id: null,
      rule_name: 'r',
      level,
      type: 'limit',
      condition: 2,
      tag_name: 't',
      value: '1',
      content: '',
      state,
      alarm_at: now - 60,
      raised_at: now - 60,
      response_at: state === 2 ? now : null,
      recovery_at: recovered ? now : null,
      shelved_until: shelvedUntil,
    });
    await db
      .insertInto('alarm_records')
      .values([
        record(ctx.main.teamId, a, 16, 1),
        record(ctx.main.teamId, a, 16, 2),
        record(ctx.main.teamId, a, 4, 1),
        record(ctx.main.teamId, b, 1, 1),
        // Recovered, and another team's: not counted.
        record(ctx.main.teamId, a, 8, 4, true),
        record(other.teamId, otherDevice, 16, 1),
        // Shelved for another hour: hidden as on the records page; a shelf that ended: counted.
        record(ctx.main.teamId, a, 16, 1, false, now + 3600),
        record(ctx.main.teamId, b, 2, 1, false, now - 1),
      ])
      .execute();
    // Cards: one expiring in 10 days, one in 40, one already expired; another team's in 5 days.
    const card = async (account: TestAccount, type: 1 | 2, expiresAt: number, set: object = {}) => {
      const id = await activatedCard(ctx.h, account, { type });
      await db
        .updateTable('billing_cards')
        .set({ expires_at: expiresAt, ...set })
        .where('id', '=', id)
        .execute();
      return id;
    };
    const CA = BillingCardType.CLOUD_APPLICATION;
    const RA = BillingCardType.REMOTE_ACCESS;
    expiring = await card(ctx.main, CA, now + 10 * DAY);
    await card(ctx.main, CA, now + 40 * DAY);
    await card(ctx.main, CA, now - DAY);
    await card(other, CA, now + 5 * DAY);
    // Remote Access on A 85 % used (low), on B 10 % (not).
    const allocated = (device: number, used: number) => ({
      device_id: device,
      allocated_at: now,
      traffic_bytes: 1000,
      used_bytes: used,
    });
    await card(ctx.main, RA, now + 365 * DAY, allocated(a, 850));
    await card(ctx.main, RA, now + 365 * DAY, allocated(b, 100));
  });

  it('counts active unshelved alarms by level and the unacknowledged ones, within the caller’s groups', async () => {
    const w = (await ok(ctx.h, ctx.main, getDashboard)).warnings;
    expect(w.active_by_level).toEqual([
      { level: 1, count: 1 },
      { level: 2, count: 1 },
      { level: 4, count: 1 },
      { level: 8, count: 0 },
      { level: 16, count: 2 },
    ]);
    expect(w.unacknowledged).toBe(4);
    const viewer = await createSubAccount(ctx.h, ctx.main.teamId, [1], { group: [groupId] });
    const sub = (await ok(ctx.h, viewer, getDashboard)).warnings;
    expect(sub.active_by_level.filter((l) => l.count)).toEqual([
      { level: 4, count: 1 },
      { level: 16, count: 2 },
    ]);
    expect(sub.unacknowledged).toBe(2);
  });

  it('lists cards expiring within 30 days and devices low on traffic to the account view only', async () => {
    const w = (await ok(ctx.h, ctx.main, getDashboard)).warnings;
    expect(w.cards_expiring?.map((c) => c.id)).toEqual([expiring]);
    expect(w.low_traffic).toEqual([
      { device_id: a, device_name: 'Awarn', used_bytes: 850, traffic_bytes: 1000 },
    ]);
    const noAccount = await createSubAccount(ctx.h, ctx.main.teamId, [1], { group: [groupId] });
    const hidden = (await ok(ctx.h, noAccount, getDashboard)).warnings;
    expect(hidden.cards_expiring).toBeUndefined();
    expect(hidden.low_traffic).toBeUndefined();
    // With the account view but without B's group: A only (B is not low anyway); no group: none.
    const blind = await createSubAccount(ctx.h, ctx.main.teamId, [1, 17]);
    expect((await ok(ctx.h, blind, getDashboard)).warnings.low_traffic).toEqual([]);
    const seer = await createSubAccount(ctx.h, ctx.main.teamId, [1, 17], { group: [groupId] });
    expect((await ok(ctx.h, seer, getDashboard)).warnings.low_traffic?.map((d) => d.device_id)).toEqual([a]);
  });
});
