import {
  allocateCard,
  getBillingCard,
  monthTraffic,
  getBillingAccount,
  getDeviceBilling,
  setTrafficSwitch,
  BillingCardType,
} from '@hmi/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount, type TestAccount } from '../../test/accounts';
import { activatedCard, cardUsedBytes, deviceUsageBytes, relogin } from '../../test/billing';
import { databases } from '../../test/databases';
import { api } from '../../test/harness';
import { useHarness } from '../../test/suite';
import { ok, seedRegistry, type RegistryObjects } from '../../test/registry';

const RA = BillingCardType.REMOTE_ACCESS;
const DAY = 86400;
const MB = 1024 * 1024;

describe.each(databases)('Remote Access traffic on $name', (database) => {
  let owner: TestAccount;
  let o: RegistryObjects;
  let second: RegistryObjects;

  const h = useHarness(database);
  beforeAll(async () => {
    owner = await createMainAccount(h, 5);
    o = await seedRegistry(h, owner, 'traffic');
    second = await seedRegistry(h, owner, 'traffic2');
  });

  it("consumes the device's own card first, then the team's earliest-expiring; refuses when none is left", async () => {
    const late = await activatedCard(h, owner, { type: RA, trafficBytes: 100 * MB });
    h.clock.advance(-10 * DAY);
    const early = await activatedCard(h, owner, { type: RA, trafficBytes: 100 * MB });
    const own = await activatedCard(h, owner, { type: RA, trafficBytes: 50 * MB });
    h.clock.advance(10 * DAY);
    await ok(h, owner, allocateCard, { params: { id: own }, body: { device_id: o.deviceId } });
    expect(await h.app.billing.remaining(o.deviceId)).toBe(250 * MB);
    expect(await h.app.billing.remaining(second.deviceId)).toBe(200 * MB);

    expect(await h.app.billing.charge(o.deviceId, 60 * MB)).toEqual({
      charged: 60 * MB,
      remaining: 190 * MB,
    });
    expect([
      await cardUsedBytes(h, own),
      await cardUsedBytes(h, early),
      await cardUsedBytes(h, late),
    ]).toEqual([50 * MB, 10 * MB, 0]);
    expect(await h.app.billing.charge(second.deviceId, 100 * MB)).toEqual({
      charged: 100 * MB,
      remaining: 90 * MB,
    });
    expect([await cardUsedBytes(h, early), await cardUsedBytes(h, late)]).toEqual([100 * MB, 10 * MB]);
    expect(await h.app.billing.charge(o.deviceId, 200 * MB)).toEqual({ charged: 90 * MB, remaining: 0 });
    expect(await h.app.billing.charge(o.deviceId, 1)).toEqual({ charged: 0, remaining: 0 });

    const detail = await ok(h, owner, getBillingCard, { params: { id: early } });
    expect(detail.usage.map((u) => [u.device_id, u.bytes])).toEqual([
      [o.deviceId, 10 * MB],
      [second.deviceId, 90 * MB],
    ]);
    const traffic = await ok(h, owner, monthTraffic, { body: { months: 3 } });
    expect(traffic.months.map((m) => m.bytes)).toEqual([0, 0, 250 * MB]);
    expect(traffic.devices.map((d) => [d.device_id, d.bytes])).toEqual([
      [o.deviceId, 150 * MB],
      [second.deviceId, 100 * MB],
    ]);
    expect(await ok(h, owner, getBillingAccount)).toMatchObject({
      traffic: { total: 250 * MB, used: 250 * MB, remaining: 0 },
    });
  });

  it('20 concurrent charges never overspend: the sum charged is the capacity exactly', async () => {
    const team = await createMainAccount(h);
    const dev = await seedRegistry(h, team, 'race');
    const card = await activatedCard(h, team, { type: RA, trafficBytes: 1000 });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => h.app.billing.charge(dev.deviceId, 73)),
    );
    expect(results.reduce((n, r) => n + r.charged, 0)).toBe(1000);
    expect(await cardUsedBytes(h, card)).toBe(1000);
    expect(await deviceUsageBytes(h, dev.deviceId)).toBe(1000);
  });

  it('the switch: on in Nov, off refused in Nov, off allowed in Dec, on again from 1 Jan', async () => {
    const jump = async (ms: number) => {
      h.clock.advance((ms - h.clock.now()) / 1000);
      await relogin(h, owner);
    };
    const put = (on: boolean) =>
      api(h.app, setTrafficSwitch, { params: { id: second.deviceId }, token: owner.token, body: { on } });
    await jump(Date.UTC(2026, 10, 20));
    expect(await h.app.billing.mayUseTraffic(second.deviceId)).toBe(false);
    expect((await put(true)).body).toMatchObject({
      code: 0,
      data: { on: true, on_month: '2026-11', can_turn_off_from: Date.UTC(2026, 11, 1) / 1000 },
    });
    expect((await put(false)).body).toMatchObject({
      code: 1006,
      data: { field: 'on', issue: 'switchLockedThisMonth' },
    });
    await jump(Date.UTC(2026, 11, 1));
    expect((await put(false)).body).toMatchObject({
      code: 0,
      data: { on: false, off_month: '2026-12', on_again_at: Date.UTC(2027, 0, 1) / 1000 },
    });
    await jump(Date.UTC(2027, 0, 1));
    const state = await ok(h, owner, getDeviceBilling, { params: { id: second.deviceId } });
    expect(state).toMatchObject({
      month: '2027-01',
      traffic_switch: { on: true, on_month: '2026-11', off_month: null, can_turn_off_from: null },
    });
  });
});
