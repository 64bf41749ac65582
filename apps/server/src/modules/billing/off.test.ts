import { getBillingAccount, getDeviceBilling } from '@hmi/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount, type TestAccount } from '../../test/accounts';
import { sqliteDatabase } from '../../test/databases';
import { useHarness } from '../../test/suite';
import { ok, seedRegistry, type RegistryObjects } from '../../test/registry';

describe('BILLING=off', () => {
  let owner: TestAccount;
  let o: RegistryObjects;

  const h = useHarness(sqliteDatabase, { env: { BILLING: 'off' } });
  beforeAll(async () => {
    owner = await createMainAccount(h);
    o = await seedRegistry(h, owner, 'off');
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
