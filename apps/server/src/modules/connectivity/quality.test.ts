import { deviceTags, topics, type WsDeviceEvent } from '@hmi/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount, type TestAccount } from '../../test/accounts';
import { databases } from '../../test/databases';
import { useHarness } from '../../test/suite';
import { historyOf } from '../../test/history';
import { boundDevice, brokerUrl, connect, nextLive } from '../../test/mqtt';
import { ok } from '../../test/registry';

type ValuesEvent = Extract<WsDeviceEvent, { type: 'values' }>;

const T0 = 1772352000000;

describe.each(databases)('TAG quality on $name', (database) => {
  let main: TestAccount;
  let n = 0;
  const tag = () => `q${database.name}${(n += 1)}`;

  const h = useHarness(database, { env: { BILLING: 'off' } });
  beforeAll(async () => {
    main = await createMainAccount(h, 20);
  });

  const batch = (seq: number, values: { tag: string; value?: unknown; q?: string; ts: number }[]) =>
    JSON.stringify({ v: 1, seq, values });

  const quality = async (deviceId: number) =>
    Object.fromEntries(
      (await ok(h, main, deviceTags, { params: { id: deviceId } })).list.map((t) => [
        t.name,
        { quality: t.quality, reason: t.quality_reason, value: t.value, ts: t.ts, bad_ts: t.quality_ts },
      ]),
    );

  it('a bad sample makes its TAG bad with the reason, keeping the last good value and time; a good one clears it', async () => {
    const d = await boundDevice(h, main, tag());
    const c = await connect(brokerUrl(h), { username: d.sn, password: d.secret });
    const t = topics.tags(d.sn);
    await c.publishAsync(t, batch(1, [{ tag: 'temp', value: 21.5, ts: T0 }]), { qos: 1 });

    const live = nextLive(h, (e): e is ValuesEvent => e.type === 'values' && e.device_id === d.deviceId);
    await c.publishAsync(
      t,
      batch(2, [
        { tag: 'temp', q: 'timeout', ts: T0 + 1000 },
        { tag: 'count', q: 'exception:2', ts: T0 + 1000 },
      ]),
      { qos: 1 },
    );
    // The live event says which values went bad and why, with the last good value held.
    expect((await live).values).toEqual([
      { tag: 'temp', value: '21.5', ts: T0 + 1000, q: 'timeout' },
      { tag: 'count', value: '', ts: T0 + 1000, q: 'exception:2' },
    ]);
    // A browser subscribing now gets the same in its snapshot.
    const snapshot = await h.app.connectivity.ingest.reads.snapshot([d.deviceId]);
    expect(snapshot.find((e) => e.type === 'values')).toMatchObject({
      values: [
        { tag: 'temp', value: '21.5', ts: T0 + 1000, q: 'timeout' },
        { tag: 'count', value: '', ts: T0 + 1000, q: 'exception:2' },
      ],
    });
    expect(await quality(d.deviceId)).toMatchObject({
      temp: { quality: 'bad', reason: 'timeout', value: '21.5', ts: T0, bad_ts: T0 + 1000 },
      count: { quality: 'bad', reason: 'exception:2', value: null, ts: null, bad_ts: T0 + 1000 },
      speed: { quality: 'good', reason: null, value: null, bad_ts: null },
    });
    // A bad sample writes no history (a gap, not a fake value).
    expect((await historyOf(h, d.deviceId)).map((r) => r.value)).toEqual(['21.5']);

    // The reason changes with a newer bad sample; an older one (out of order) changes nothing.
    await c.publishAsync(t, batch(3, [{ tag: 'temp', q: 'disconnected', ts: T0 + 2000 }]), { qos: 1 });
    await c.publishAsync(t, batch(4, [{ tag: 'temp', q: 'decode', ts: T0 + 1500 }]), { qos: 1 });
    expect((await quality(d.deviceId)).temp).toMatchObject({ quality: 'bad', reason: 'disconnected' });

    // A newer good sample makes it good again; a bad one older than it does not make it bad.
    await c.publishAsync(t, batch(5, [{ tag: 'temp', value: 22, ts: T0 + 3000 }]), { qos: 1 });
    await c.publishAsync(t, batch(6, [{ tag: 'temp', q: 'timeout', ts: T0 + 2500 }]), { qos: 1 });
    expect((await quality(d.deviceId)).temp).toEqual({
      quality: 'good',
      reason: null,
      value: '22',
      ts: T0 + 3000,
      bad_ts: null,
    });
    await c.endAsync();
  });

  it('a redelivered bad batch changes nothing; a bad sample of an unknown TAG is refused', async () => {
    const d = await boundDevice(h, main, tag());
    const c = await connect(brokerUrl(h), { username: d.sn, password: d.secret });
    const t = topics.tags(d.sn);
    await c.publishAsync(t, batch(7, [{ tag: 'temp', q: 'timeout', ts: T0 }]), { qos: 1 });
    await c.publishAsync(t, batch(8, [{ tag: 'temp', value: 5, ts: T0 + 10 }]), { qos: 1 });
    await c.publishAsync(t, batch(7, [{ tag: 'temp', q: 'timeout', ts: T0 + 20 }]), { qos: 1 });
    await c.publishAsync(t, batch(9, [{ tag: 'nope', q: 'timeout', ts: T0 + 30 }]), { qos: 1 });
    expect((await quality(d.deviceId)).temp).toMatchObject({ quality: 'good', value: '5' });
    const rows = await h.app.database.db
      .selectFrom('tag_quality')
      .select('tag')
      .where('device_id', '=', d.deviceId)
      .execute();
    expect(rows.map((r) => r.tag)).toEqual(['temp']);
    await c.endAsync();
  });
});
