import {
  createAllocation,
  getBillingAccount,
  listAllocations,
  getDeviceBilling,
  BillingCardType,
} from '@hmi/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount, createSubAccount, grant, type TestAccount } from '../../test/accounts';
import { activatedCard, relogin } from '../../test/billing';
import { databases } from '../../test/databases';
import { api } from '../../test/harness';
import { useHarness } from '../../test/suite';
import { ok, seedRegistry, type RegistryObjects } from '../../test/registry';

const CA = BillingCardType.CLOUD_APPLICATION;
const DAY = 86400;

describe.each(databases)('TAG allocations and allowances on $name', (database) => {
  let owner: TestAccount;
  let o: RegistryObjects;

  const h = useHarness(database);
  beforeAll(async () => {
    owner = await createMainAccount(h);
    o = await seedRegistry(h, owner, 'ent');
  });

  const allocate = (body: object, who: TestAccount = owner) =>
    api(h.app, createAllocation, { token: who.token, raw: { body: { device_id: o.deviceId, ...body } } });
  const refusal = (issue: string) => ({ code: 1006, data: { field: 'tag_count', issue } });

  it('takes from the free pool, only levels up, takes only the difference and cannot be undone', async () => {
    expect((await allocate({ tag_count: 10, frequency_min: 5 })).body).toMatchObject(refusal('poolExceeded'));
    expect(await h.app.billing.historyPolicy(o.deviceId)).toEqual({ store: 'none' });
    await activatedCard(h, owner, { type: CA, tagCount: 20 });
    h.clock.advance(10 * DAY);
    await relogin(h, owner);
    await activatedCard(h, owner, { type: CA, tagCount: 10 });
    const latestExpiry = Math.floor(h.clock.now() / 1000) + 365 * DAY;

    const first = await allocate({ tag_count: 10, frequency_min: 15 });
    expect(first.body).toMatchObject({
      code: 0,
      data: { tag_count: 10, current: true, ends_at: latestExpiry },
    });
    expect(await h.app.billing.historyPolicy(o.deviceId)).toEqual({
      store: 'limited',
      tag_count: 10,
      frequency_min: 15,
    });
    for (const body of [
      { tag_count: 9, frequency_min: 1 },
      { tag_count: 20, frequency_min: 30 },
      { tag_count: 10, frequency_min: 15 },
    ])
      expect((await allocate(body)).body, JSON.stringify(body)).toMatchObject(refusal('levelDown'));
    // 30 in the pool, 10 allocated: 30 for this device is an upgrade by 20, 31 is too many.
    expect((await allocate({ tag_count: 31, frequency_min: 15 })).body).toMatchObject(
      refusal('poolExceeded'),
    );
    expect((await allocate({ tag_count: 30, frequency_min: 5 })).body.code).toBe(0);
    expect(await ok(h, owner, getBillingAccount)).toMatchObject({
      tags: { pool: 30, allocated: 30, free: 0 },
    });
    const list = await ok(h, owner, listAllocations, { query: { device_id: o.deviceId } });
    expect(list.list.map((a) => [a.tag_count, a.current])).toEqual([
      [30, true],
      [10, false],
    ]);
    expect(h.app.callTable.some((c) => c.method === 'DELETE' && c.path.startsWith('/billing'))).toBe(false);
    const device = await ok(h, owner, getDeviceBilling, { params: { id: o.deviceId } });
    expect(device).toMatchObject({
      allocation: { tag_count: 30, frequency_min: 5 },
      history: { mode: 'limited', tag_count: 30, frequency_min: 5, history_tags: 0 },
    });
  });

  it('a sub-account allocates only to devices it sees and lists only their allocations', async () => {
    const sub = await createSubAccount(h, owner.teamId, [17, 19]);
    expect((await allocate({ tag_count: 40, frequency_min: 1 }, sub)).body.code).toBe(1003);
    expect((await ok(h, sub, listAllocations)).total).toBe(0);
    await grant(h, sub.userId, 'group', [o.groupId]);
    expect((await ok(h, sub, listAllocations)).total).toBe(2);
  });

  it('the template allowance follows the cards; lapsed templates expire newest first and return newest first', async () => {
    const team = await createMainAccount(h);
    const { db } = h.app.database;
    const now = Math.floor(h.clock.now() / 1000);
    const templates = await db
      .insertInto('templates')
      .values(
        [1, 2, 3, 4].map((i) => ({
          team_id: team.teamId,
          name: `lapse${i}`,
          hmi_model: 'X10',
          version: 1,
          firmware: '',
          recipe: '',
          created_at: now + i,
          updated_at: now + i,
        })),
      )
      .returning('id')
      .execute();
    const [t1, t2, t3, t4] = templates.map((t) => t.id);
    expect(await h.app.billing.templateAllowance(team.teamId)).toBe(1);
    expect(await h.app.billing.expireAndRestore(team.teamId)).toMatchObject({
      templates: { expire: [t4, t3, t2], restore: [] },
    });
    expect(await h.app.billing.lapsed(team.teamId, 'template')).toEqual(expect.arrayContaining([t2, t3, t4]));
    // A card with 2 templates: allowance 3, the two most recent return (activation runs the lapse job).
    await activatedCard(h, team, { type: CA, tagCount: 1, templateCount: 2 });
    expect(await h.app.billing.templateAllowance(team.teamId)).toBe(3);
    expect((await h.app.billing.lapsed(team.teamId, 'template')).sort()).toEqual([t2]);
    // The card lapses: back to 1, and the newest live ones go first.
    h.clock.advance(366 * DAY);
    expect(await h.app.billing.expireAndRestore(team.teamId)).toMatchObject({
      templates: { expire: [t4, t3], restore: [] },
    });
    expect(t1).toBeDefined();
    expect(await h.app.billing.teamHoldsCards(team.teamId)).toBe(false);
    await relogin(h, team);
    await activatedCard(h, team, { type: CA, tagCount: 1, templateCount: 0 });
    expect(await h.app.billing.teamHoldsCards(team.teamId)).toBe(true);
  });
});
