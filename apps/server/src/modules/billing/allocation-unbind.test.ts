import {
  BillingCardType,
  bindDevice,
  createAllocation,
  getBillingAccount,
  getDeviceBilling,
  unbindDevice,
} from '@hmi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount, newHardware, type TestAccount } from '../../test/accounts';
import { activatedCard, relogin } from '../../test/billing';
import { databases } from '../../test/databases';
import { startHarness, type Harness } from '../../test/harness';
import { ok } from '../../test/registry';

/**
 * The spec makes a TAG allocation irreversible: unbinding the device neither ends it nor gives its
 * TAGs back to the team's pool, and binding the same hardware again takes the allocation up again.
 */
describe.each(databases)('a TAG allocation across unbind and rebind on $name', (database) => {
  let h: Harness;
  let owner: TestAccount;

  beforeAll(async () => {
    h = await startHarness(database);
    owner = await createMainAccount(h);
    await activatedCard(h, owner, { type: BillingCardType.CLOUD_APPLICATION, tagCount: 10 });
    await relogin(h, owner);
  });
  afterAll(async () => {
    await h?.close();
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
});
