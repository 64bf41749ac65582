import { getBillingAccount, listAllocations, listBillingCards, login, monthTraffic } from '@hmi/contract';
import { describe, expect, it } from 'vitest';
import { sqliteDatabase } from '../../test/databases';
import { api, restartApp } from '../../test/harness';
import { useHarness } from '../../test/suite';
import { demoAccount } from '../account/demo';
import { demoAllocation, demoCards } from './demo';

const MB = 1024 ** 2;

describe('DEMO=1 billing seed', () => {
  const h = useHarness(sqliteDatabase, { env: { DEMO: '1' } });

  const token = async () => {
    const r = await api(h.app, login, {
      query: { type: '1' },
      body: { user: demoAccount.username, passwd: demoAccount.password },
    });
    return r.body.data.token;
  };

  it('gives the demo team activated cards of both types, an allocation on DEMO-HMI-001 and traffic', async () => {
    const t = await token();
    const account = await api(h.app, getBillingAccount, { token: t });
    expect(account.body.data).toMatchObject({
      billing_enabled: true,
      tags: { pool: demoCards.cloud.tagCount, allocated: demoAllocation.tag_count },
      templates: { allowed: 1 + demoCards.cloud.templateCount, used: 1 },
      traffic: { total: demoCards.remote.trafficBytes, used: 180 * MB },
    });
    const allocations = await api(h.app, listAllocations, { token: t });
    expect(allocations.body.data?.list).toMatchObject([
      { device_id: h.app.demoHmis?.deviceIds[0], ...demoAllocation, current: true },
    ]);
    const months = await api(h.app, monthTraffic, { token: t, body: { months: 6 } });
    expect(months.body.data?.months.map((m) => m.bytes / MB)).toEqual([120, 340, 95, 410, 260, 180]);
  });

  it('seeds once: a restart finds the cards and adds none', async () => {
    await restartApp(h);
    const cards = await api(h.app, listBillingCards, { token: await token() });
    expect(cards.body.data?.total).toBe(2);
  });
});
