import { BillingCardType, createAllocation, deviceHistory, deviceTags, topics } from '@hmi/contract';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount, type TestAccount } from '../../test/accounts';
import { activatedCard } from '../../test/billing';
import { databases, sqliteDatabase } from '../../test/databases';
import { api, startHarness, type Harness } from '../../test/harness';
import { historyOf } from '../../test/history';
import { boundDevice, brokerUrl, connect } from '../../test/mqtt';

const MIN = 60_000;
/** History TAGs of `demoTags`, in template order: temp, speed, label (running and count save none). */
const T0 = Date.UTC(2026, 2, 1, 7, 0, 0);

type Device = Awaited<ReturnType<typeof boundDevice>>;

/** Publishes one batch per minute offset, each with a value of every TAG of `demoTags`. */
async function publishMinutes(c: MqttClient, d: Device, minutes: readonly number[], seq0 = 1) {
  for (const [i, m] of minutes.entries()) {
    const ts = T0 + m * MIN;
    const values = [
      { tag: 'temp', value: 20 + m, ts },
      { tag: 'speed', value: m, ts },
      { tag: 'running', value: true, ts },
      { tag: 'label', value: `m${m}`, ts },
      { tag: 'count', value: m, ts },
    ];
    // The PUBACK follows the commit: the batch is stored once this resolves.
    await c.publishAsync(topics.tags(d.sn), JSON.stringify({ v: 1, seq: seq0 + i, values }), { qos: 1 });
  }
}

const stored = async (h: Harness, d: Device) =>
  (await historyOf(h, d.deviceId)).map((s) => `${s.tag}@${(s.ts - T0) / MIN}`).sort();

describe.each(databases)('history bought by a TAG allocation on $name', (database) => {
  let h: Harness;
  let owner: TestAccount;
  let n = 0;

  beforeAll(async () => {
    h = await startHarness(database);
    owner = await createMainAccount(h, 10);
    await activatedCard(h, owner, { type: BillingCardType.CLOUD_APPLICATION, tagCount: 10 });
  });
  afterAll(async () => {
    await h?.close();
  });

  const device = async () => {
    const d = await boundDevice(h, owner, `hp${database.name}${(n += 1)}`);
    const c = await connect(brokerUrl(h), { username: d.sn, password: d.secret });
    return { d, c };
  };

  it('without an allocation stores no history, while live values still arrive', async () => {
    const { d, c } = await device();
    await publishMinutes(c, d, [0, 1, 2]);
    await c.endAsync();
    expect(await stored(h, d)).toEqual([]);
    const tags = await api(h.app, deviceTags, { token: owner.token, params: { id: d.deviceId } });
    expect(tags.body.data?.list.find((t) => t.name === 'temp')?.value).toBe('22');
  });

  it('stores the first tag_count history TAGs, one sample per frequency_min, and shows it in /history', async () => {
    const { d, c } = await device();
    const r = await api(h.app, createAllocation, {
      token: owner.token,
      body: { device_id: d.deviceId, tag_count: 2, frequency_min: 5 },
    });
    expect(r.body.code).toBe(0);
    await publishMinutes(c, d, [0, 1, 4, 5, 7, 10]);
    await c.endAsync();
    // temp and speed (the first two history TAGs); label is the third: not stored.
    expect(await stored(h, d)).toEqual(['speed@0', 'speed@10', 'speed@5', 'temp@0', 'temp@10', 'temp@5']);

    const history = (tag: string) =>
      api(h.app, deviceHistory, {
        token: owner.token,
        params: { id: d.deviceId },
        query: { tag: d.tagId(tag), from: T0 - MIN, to: T0 + 60 * MIN },
      });
    const temp = await history('temp');
    expect(temp.body.data?.points.reduce((k, p) => k + p.count, 0)).toBe(3);
    const label = await history('label');
    expect(label.body.data?.samples).toEqual([]);
  });
});

describe('history with BILLING=off', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness(sqliteDatabase, { BILLING: 'off' });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('stores every sample of every history TAG, as without billing', async () => {
    const owner = await createMainAccount(h);
    const d = await boundDevice(h, owner, 'hpoff');
    const c = await connect(brokerUrl(h), { username: d.sn, password: d.secret });
    await publishMinutes(c, d, [0, 1]);
    await c.endAsync();
    expect(await stored(h, d)).toEqual(['label@0', 'label@1', 'speed@0', 'speed@1', 'temp@0', 'temp@1']);
  });
});
