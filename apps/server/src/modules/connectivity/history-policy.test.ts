import { BillingCardType, createAllocation, deviceHistory, deviceTags, topics } from '@hmi/contract';
import type { MqttClient } from 'mqtt';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount, type TestAccount } from '../../test/accounts';
import { activatedCard } from '../../test/billing';
import { databases, sqliteDatabase } from '../../test/databases';
import { api, type Harness } from '../../test/harness';
import { useHarness } from '../../test/suite';
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
  let owner: TestAccount;
  let n = 0;

  const h = useHarness(database);
  beforeAll(async () => {
    owner = await createMainAccount(h, 10);
    await activatedCard(h, owner, { type: BillingCardType.CLOUD_APPLICATION, tagCount: 10 });
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

  it('stores the first tag_count history TAGs, one point per frequency_min saying what arrived in it', async () => {
    const { d, c } = await device();
    const r = await api(h.app, createAllocation, {
      token: owner.token,
      body: { device_id: d.deviceId, tag_count: 2, frequency_min: 5 },
    });
    expect(r.body.code).toBe(0);
    await publishMinutes(c, d, [0, 1, 4, 5, 7, 10]);
    await c.endAsync();
    await h.app.connectivity.ingest.fileHistory(Infinity);
    // temp and speed (the first two history TAGs); label is the third: not stored. One point per
    // 5-minute interval, at its start.
    expect(await stored(h, d)).toEqual(['speed@0', 'speed@10', 'speed@5', 'temp@0', 'temp@10', 'temp@5']);

    const history = (tag: string) =>
      api(h.app, deviceHistory, {
        token: owner.token,
        params: { id: d.deviceId },
        query: { tag: d.tagId(tag), from: T0 - MIN, to: T0 + 60 * MIN },
      });
    const temp = await history('temp');
    // A point is at least the 5-minute interval; each says what arrived in it (temp is 20 + minute).
    expect(temp.body.data?.bucket_ms).toBe(5 * MIN);
    expect(temp.body.data?.points).toEqual([
      { t: T0, min: 20, max: 24, avg: 65 / 3, count: 3 },
      { t: T0 + 5 * MIN, min: 25, max: 27, avg: 26, count: 2 },
      { t: T0 + 10 * MIN, min: 30, max: 30, avg: 30, count: 1 },
    ]);
    const label = await history('label');
    expect(label.body.data?.samples).toEqual([]);
  });

  it('a sine swinging 18-32 every minute, stored one point a minute, shows its band and average', async () => {
    const { d, c } = await device();
    const r = await api(h.app, createAllocation, {
      token: owner.token,
      body: { device_id: d.deviceId, tag_count: 1, frequency_min: 1 },
    });
    expect(r.body.code).toBe(0);
    // A sample every 5 s for 3 minutes: 25 + 7·sin(2π·t/60 s), 32 at 15 s and 18 at 45 s of each minute.
    const SECONDS = 180;
    for (let s = 0; s < SECONDS; s += 5) {
      const value = Math.round((25 + 7 * Math.sin((2 * Math.PI * s) / 60)) * 1000) / 1000;
      const batch = { v: 1, seq: s + 1, values: [{ tag: 'temp', value, ts: T0 + s * 1000 }] };
      await c.publishAsync(topics.tags(d.sn), JSON.stringify(batch), { qos: 1 });
    }
    await c.endAsync();
    const read = () =>
      api(h.app, deviceHistory, {
        token: owner.token,
        params: { id: d.deviceId },
        query: { tag: d.tagId('temp'), from: T0, to: T0 + 60 * MIN },
      });
    // The same answer from the staged samples and once they are filed as one point a minute.
    for (const filed of [false, true]) {
      if (filed) await h.app.connectivity.ingest.fileHistory(Infinity);
      const points = (await read()).body.data?.points ?? [];
      expect(
        points.map((p) => [(p.t - T0) / MIN, p.min, p.max, p.count]),
        `filed ${filed}`,
      ).toEqual([
        [0, 18, 32, 12],
        [1, 18, 32, 12],
        [2, 18, 32, 12],
      ]);
      for (const p of points) expect(p.avg).toBeCloseTo(25, 6);
    }
    expect((await historyOf(h, d.deviceId)).map((s) => (s.ts - T0) / MIN)).toEqual([0, 1, 2]);
  });
});

describe('history with BILLING=off', () => {
  const h = useHarness(sqliteDatabase, { env: { BILLING: 'off' } });

  it('stores every sample of every history TAG, as without billing', async () => {
    const owner = await createMainAccount(h);
    const d = await boundDevice(h, owner, 'hpoff');
    const c = await connect(brokerUrl(h), { username: d.sn, password: d.secret });
    await publishMinutes(c, d, [0, 1]);
    await c.endAsync();
    expect(await stored(h, d)).toEqual(['label@0', 'label@1', 'speed@0', 'speed@1', 'temp@0', 'temp@1']);
  });
});
