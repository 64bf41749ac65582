import { BillingCardType, getBillingCard } from '@hmi/contract';
import { describe, expect, it } from 'vitest';
import { createMainAccount } from '../../test/accounts';
import { activatedCard, cardUsedBytes, deviceUsageBytes } from '../../test/billing';
import { databases } from '../../test/databases';
import { useHarness } from '../../test/suite';
import { ok, seedRegistry } from '../../test/registry';

const RA = BillingCardType.REMOTE_ACCESS;
const DAY = 86400;
const MB = 1024 * 1024;

describe.each(databases)('traffic held by a relay session on $name', (database) => {
  const h = useHarness(database);

  it('reserves from the cards without counting usage, settles what flowed, gives the rest back', async () => {
    const team = await createMainAccount(h, 5);
    const o = await seedRegistry(h, team, 'hold');
    h.clock.advance(-DAY);
    const early = await activatedCard(h, team, { type: RA, trafficBytes: 10 * MB });
    h.clock.advance(DAY);
    const late = await activatedCard(h, team, { type: RA, trafficBytes: 100 * MB });
    const hold = await h.app.billing.hold(o.deviceId);

    expect(await hold.reserve(16 * MB)).toBe(16 * MB);
    expect([await cardUsedBytes(h, early), await cardUsedBytes(h, late)]).toEqual([10 * MB, 6 * MB]);
    expect(await deviceUsageBytes(h, o.deviceId)).toBe(0);
    expect(await h.app.billing.remaining(o.deviceId)).toBe(94 * MB);

    // Settled bytes come from the cards in the order they gave them.
    expect(await hold.settle(12 * MB)).toBe(12 * MB);
    expect(await deviceUsageBytes(h, o.deviceId)).toBe(12 * MB);
    const card = await ok(h, team, getBillingCard, { params: { id: late } });
    expect(card.usage.map((u) => [u.device_id, u.bytes])).toEqual([[o.deviceId, 2 * MB]]);
    // Never more than was taken.
    expect(await hold.settle(10 * MB)).toBe(4 * MB);
    expect(await deviceUsageBytes(h, o.deviceId)).toBe(16 * MB);

    expect(await hold.reserve(16 * MB)).toBe(16 * MB);
    expect(await hold.settle(1 * MB)).toBe(1 * MB);
    expect(await hold.release()).toBe(15 * MB);
    expect([await cardUsedBytes(h, early), await cardUsedBytes(h, late)]).toEqual([10 * MB, 7 * MB]);
    expect(await deviceUsageBytes(h, o.deviceId)).toBe(17 * MB);
    expect(await h.app.billing.remaining(o.deviceId)).toBe(93 * MB);
  });

  it('two holds on one card never overspend it, and a dry hold reserves what is left', async () => {
    const team = await createMainAccount(h, 5);
    const o = await seedRegistry(h, team, 'hold2');
    const card = await activatedCard(h, team, { type: RA, trafficBytes: 3 * MB });
    const [a, b] = await Promise.all([h.app.billing.hold(o.deviceId), h.app.billing.hold(o.deviceId)]);
    const got = await Promise.all([a.reserve(2 * MB), b.reserve(2 * MB)]);
    expect(got.reduce((n, x) => n + x, 0)).toBe(3 * MB);
    expect(await cardUsedBytes(h, card)).toBe(3 * MB);
    expect(await a.reserve(1)).toBe(0);
    await Promise.all([a.settle(got[0] ?? 0), b.release()]);
    expect(await cardUsedBytes(h, card)).toBe(got[0]);
    expect(await deviceUsageBytes(h, o.deviceId)).toBe(got[0]);
  });
});
