import {
  allocateCard,
  BillingCardType,
  bindDevice,
  createAllocation,
  getBillingAccount,
  getDeviceBilling,
  unbindDevice,
} from '@hmi/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount, newHardware, type TestAccount } from '../../test/accounts';
import { activatedCard, relogin } from '../../test/billing';
import { databases } from '../../test/databases';
import { api } from '../../test/harness';
import { useHarness } from '../../test/suite';
import { ok } from '../../test/registry';

/**
 * The spec makes allocation irreversible: unbinding the device neither ends a TAG allocation nor gives
 * its TAGs back to the team's pool, nor makes an allocated Remote Access card the team's again; binding
 * the same hardware again takes both up again.
 */
describe.each(databases)('a TAG allocation across unbind and rebind on $name', (database) => {
  let owner: TestAccount;

  const h = useHarness(database);
  beforeAll(async () => {
    owner = await createMainAccount(h);
    await activatedCard(h, owner, { type: BillingCardType.CLOUD_APPLICATION, tagCount: 10 });
    await relogin(h, owner);
  });

  it('keeps the allocation in the pool while unbound and gives it back to the rebound device', async () => {
    const hw = await newHardware(h, 'X10');
    const bind = () =>
      ok(h, owner, bindDevice, {
        body: { ...hw, name: 'Kiln', group_id: null, template_id: null, label_ids: [] },
      });
    const first = await bind();
    await ok(h, owner, createAllocation, { body: { device_id: first.id, tag_count: 4, frequency_min: 1 } });
    const tags = { pool: 10, allocated: 4, free: 6 };
    expect((await ok(h, owner, getBillingAccount)).tags).toEqual(tags);

    await ok(h, owner, unbindDevice, { params: { id: first.id } });
    expect((await ok(h, owner, getBillingAccount)).tags).toEqual(tags);

    const again = await bind();
    expect((await ok(h, owner, getBillingAccount)).tags).toEqual(tags);
    expect(await ok(h, owner, getDeviceBilling, { params: { id: again.id } })).toMatchObject({
      allocation: { tag_count: 4, frequency_min: 1 },
    });
    expect(await h.app.billing.historyPolicy(again.id)).toEqual({
      store: 'limited',
      tag_count: 4,
      frequency_min: 1,
    });
  });

  it('keeps an allocated Remote Access card with its hardware while unbound, for no other device', async () => {
    const hw = await newHardware(h, 'X10');
    const bind = (name: string, unit = hw) =>
      ok(h, owner, bindDevice, { body: { ...unit, name, group_id: null, template_id: null, label_ids: [] } });
    const first = await bind('Press');
    const other = await bind('Lathe', await newHardware(h, 'X10'));
    const card = await activatedCard(h, owner, { type: BillingCardType.REMOTE_ACCESS });
    await ok(h, owner, allocateCard, { params: { id: card }, body: { device_id: first.id } });
    const cardRow = () =>
      h.app.database.db
        .selectFrom('billing_cards')
        .select(['device_id', 'allocated_at'])
        .where('id', '=', card)
        .executeTakeFirstOrThrow();

    const othersTraffic = await h.app.billing.remaining(other.id);
    await ok(h, owner, unbindDevice, { params: { id: first.id } });
    const refused = await api(h.app, allocateCard, {
      token: owner.token,
      params: { id: card },
      body: { device_id: other.id },
    });
    expect(refused.body).toMatchObject({ code: 1006, data: { field: 'device_id', issue: 'cardAllocated' } });
    // Not the team's to spend either: the other device's traffic is what it was.
    expect(await h.app.billing.remaining(other.id)).toBe(othersTraffic);

    const again = await bind('Press');
    expect((await cardRow()).device_id).toBe(again.id);
  });
});
