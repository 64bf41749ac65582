import {
  BillingCardType,
  BillingMessageType,
  bindDevice,
  checkInvitation,
  confirmInvitation,
  createAllocation,
  createInvitation,
  createRole,
  listDevices,
  listMessages,
  setTrafficSwitch,
} from '@hmi/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount, newHardware, type TestAccount } from '../../test/accounts';
import { activatedCard, relogin } from '../../test/billing';
import { databases } from '../../test/databases';
import { api } from '../../test/harness';
import { useHarness } from '../../test/suite';

const { CLOUD_APPLICATION: CA, REMOTE_ACCESS: RA } = BillingCardType;
const DAY = 86400;

describe.each(databases)('billing housekeeping, team joining and the device list on $name', (database) => {
  let owner: TestAccount;
  let deviceId: number;

  const h = useHarness(database);
  beforeAll(async () => {
    owner = await createMainAccount(h);
    const hw = await newHardware(h);
    const bound = await api(h.app, bindDevice, {
      token: owner.token,
      body: { sn: hw.sn, pin: hw.pin, name: 'billed', template_id: null },
    });
    deviceId = bound.body.data?.id ?? 0;
    await activatedCard(h, owner, { type: CA, tagCount: 10, templateCount: 0 });
    await activatedCard(h, owner, { type: RA, trafficBytes: 1000 });
  });

  const sentKinds = async () =>
    (await h.app.billing.runHousekeeping()).sent.map((n) => [n.kind, n.threshold]);

  it('sends each billing reminder (types 1-5) once, with structured params, as the clock moves', async () => {
    expect(await sentKinds()).toEqual([]);
    const allocated = await api(h.app, createAllocation, {
      token: owner.token,
      body: { device_id: deviceId, tag_count: 10, frequency_min: 5 },
    });
    expect(allocated.body.code).toBe(0);
    // No free TAG left: under 10 % of the pool.
    expect(await sentKinds()).toEqual([[BillingMessageType.LOW_ACCOUNT_TAG, 10]]);
    expect(await h.app.billing.charge(deviceId, 800)).toMatchObject({ charged: 800 });
    expect(await sentKinds()).toEqual([[BillingMessageType.LOW_DEVICE_TRAFFIC, 80]]);
    expect(await sentKinds()).toEqual([]);

    // 29 days before the cards (and the allocation, which ends with them) expire.
    h.clock.advance(336 * DAY);
    expect((await sentKinds()).sort()).toEqual([
      [BillingMessageType.REMOTE_ACCESS_EXPIRY, 30],
      [BillingMessageType.CLOUD_APPLICATION_EXPIRY, 30],
      [BillingMessageType.DEVICE_TAG_EXPIRY, 30],
    ]);
    expect(await sentKinds()).toEqual([]);

    await relogin(h, owner);
    const list = await api(h.app, listMessages, {
      token: owner.token,
      query: { kind: 'billing', pageSize: 20 },
    });
    const byType = new Map((list.body.data?.list ?? []).map((m) => [m.type, m]));
    expect([...byType.keys()].sort()).toEqual([1, 2, 3, 4, 5]);
    expect(byType.get(1)?.params).toMatchObject({ days: 30, number: expect.stringMatching(/^RA/) });
    expect(byType.get(2)?.params).toMatchObject({ days: 30, expires_on: expect.stringMatching(/^\d{4}-/) });
    expect(byType.get(3)?.params).toMatchObject({ device_id: deviceId, device_name: 'billed', days: 30 });
    expect(byType.get(4)?.params).toMatchObject({ percent: 80, used_bytes: 800, traffic_bytes: 1000 });
    expect(byType.get(5)?.params).toMatchObject({ pool: 10, free: 0 });
  });

  it('an account holding cards cannot join another team until they are cleared (1069 ownsResources)', async () => {
    const holder = await createMainAccount(h);
    await activatedCard(h, holder, { type: RA, trafficBytes: 1000 });
    const inviter = await createMainAccount(h);
    const role = await api(h.app, createRole, {
      token: inviter.token,
      body: { name: 'joiner', permissions: [2] },
    });
    const invite = (who: TestAccount = holder) =>
      api(h.app, createInvitation, {
        token: inviter.token,
        body: { account: who.username, role_id: role.body.data?.id ?? 0 },
      });
    const ownsCards = {
      code: 1069,
      data: { reason: 'ownsResources', devices: 0, templates: 0, cards: true },
    };
    expect((await invite()).body).toMatchObject(ownsCards);
    // Invited before activating a card: checking and accepting the invitation are refused too.
    const late = await createMainAccount(h);
    const offer = (await invite(late)).body;
    expect(offer.code).toBe(0);
    await activatedCard(h, late, { type: CA, tagCount: 5, templateCount: 0 });
    const id = offer.data?.id ?? 0;
    expect((await api(h.app, checkInvitation, { token: late.token, body: { id } })).body).toMatchObject(
      ownsCards,
    );
    expect(
      (await api(h.app, confirmInvitation, { token: late.token, body: { id, accept: true } })).body,
    ).toMatchObject(ownsCards);
    // Once its cards are past their validity the account may join.
    h.clock.advance(366 * DAY);
    await relogin(h, inviter);
    expect((await invite()).body.code).toBe(0);
  });

  it('the device list shows the traffic switch and the current allocation from billing', async () => {
    await relogin(h, owner);
    const row = async () =>
      (await api(h.app, listDevices, { token: owner.token })).body.data?.list.find((d) => d.id === deviceId);
    expect(await row()).toMatchObject({ traffic_switch: 0 });
    expect(
      (
        await api(h.app, setTrafficSwitch, {
          token: owner.token,
          params: { id: deviceId },
          body: { on: true },
        })
      ).body.code,
    ).toBe(0);
    expect(await row()).toMatchObject({ traffic_switch: 1 });
    const fresh = await createMainAccount(h);
    await activatedCard(h, fresh, { type: CA, tagCount: 4, templateCount: 0 });
    const hw = await newHardware(h);
    const bound = await api(h.app, bindDevice, {
      token: fresh.token,
      body: { sn: hw.sn, pin: hw.pin, name: 'alloc', template_id: null },
    });
    const id = bound.body.data?.id ?? 0;
    expect(bound.body.data?.allocation).toBeNull();
    await api(h.app, createAllocation, {
      token: fresh.token,
      body: { device_id: id, tag_count: 3, frequency_min: 15 },
    });
    const listed = (await api(h.app, listDevices, { token: fresh.token })).body.data?.list[0];
    expect(listed).toMatchObject({ id, allocation: { tag_count: 3, frequency_min: 15 } });
  });
});
