import { getBillingAccount, getDeviceBilling } from '@hmi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount, type TestAccount } from '../../test/accounts';
import { sqliteDatabase } from '../../test/databases';
import { startHarness, type Harness } from '../../test/harness';
import { ok, seedRegistry, type RegistryObjects } from '../../test/registry';

describe('BILLING=off', () => {
  let h: Harness;
  let owner: TestAccount;
  let o: RegistryObjects;

  beforeAll(async () => {
    h = await startHarness(sqliteDatabase, { BILLING: 'off' });
    owner = await createMainAccount(h);
    o = await seedRegistry(h, owner, 'off');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('answers unlimited: no template limit, all history, traffic without cards', async () => {
    expect(await ok(h, owner, getBillingAccount)).toMatchObject({
      billing_enabled: false,
      templates: { allowed: null, used: 1 },
      traffic: { remaining: null },
    });
    expect(await h.app.billing.templateAllowance(owner.teamId)).toBeNull();
    expect(await h.app.billing.historyPolicy(o.deviceId)).toEqual({ store: 'all' });
    expect(await h.app.billing.charge(o.deviceId, 5000)).toEqual({ charged: 5000, remaining: null });
    expect(await h.app.billing.mayUseTraffic(o.deviceId)).toBe(true);
    expect(await ok(h, owner, getDeviceBilling, { params: { id: o.deviceId } })).toMatchObject({
      billing_enabled: false,
      history: { mode: 'all' },
      remaining_bytes: null,
    });
  });
});
