import { deviceTags, ingestStats, topics, type WsDeviceEvent } from '@hmi/contract';
import type { MqttClient } from 'mqtt';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount, type TestAccount } from '../../test/accounts';
import { databases } from '../../test/databases';
import { useHarness } from '../../test/suite';
import { historyOf } from '../../test/history';
import { boundDevice, brokerUrl, connect } from '../../test/mqtt';
import { ok } from '../../test/registry';

const T0 = 1772352000000;

describe.each(databases)('late data from a gateway outbox on $name', (database) => {
  let main: TestAccount;
  let n = 0;
  const tag = () => `late${database.name}${(n += 1)}`;

  const h = useHarness(database, { env: { BILLING: 'off' } });
  beforeAll(async () => {
    main = await createMainAccount(h, 20);
  });

  const batch = (seq: number, value: number, extra: { late?: boolean; confirm?: boolean } = {}) =>
    JSON.stringify({ v: 1, seq, ...extra, values: [{ tag: 'temp', value, ts: T0 + seq }] });

  /** Every `cmd stored` the device receives, its seqs in arrival order. */
  const confirmations = (c: MqttClient) => {
    const seqs: number[] = [];
    c.on('message', (_t, p) => {
      const cmd = JSON.parse(p.toString()) as { type: string; seqs?: number[] };
      if (cmd.type === 'stored') seqs.push(...(cmd.seqs ?? []));
    });
    return seqs;
  };

  it('confirms committed batches that ask for it (redeliveries too), stores late ones in time order without pushing them live', async () => {
    const d = await boundDevice(h, main, tag());
    const c = await connect(brokerUrl(h), { username: d.sn, password: d.secret });
    await c.subscribeAsync(topics.cmd(d.sn), { qos: 1 });
    const stored = confirmations(c);
    const live: WsDeviceEvent[] = [];
    const off = h.app.connectivity.bus.on('live', ({ event }) => {
      if ('device_id' in event && event.device_id === d.deviceId && event.type === 'values') live.push(event);
    });
    const t = topics.tags(d.sn);
    // Live, two hours of numbers ahead of the replay below.
    for (let seq = 7200; seq < 7300; seq += 1)
      await c.publishAsync(t, batch(seq, seq, { confirm: true }), { qos: 1 });
    await c.publishAsync(t, batch(7300, 7300), { qos: 1 }); // no confirm asked: none sent
    // The replay: old numbers, late.
    for (let seq = 100; seq < 140; seq += 1)
      await c.publishAsync(t, batch(seq, seq, { late: true, confirm: true }), { qos: 1 });
    // Confirmation lost: the gateway sends some again.
    for (const seq of [120, 7299])
      await c.publishAsync(t, batch(seq, seq, { late: true, confirm: true }), { qos: 1 });
    await waitFor(() => stored.length >= 142);
    expect(stored).toEqual([
      ...Array.from({ length: 100 }, (_, i) => 7200 + i),
      ...Array.from({ length: 40 }, (_, i) => 100 + i),
      120,
      7299,
    ]);
    off();
    expect(live.length).toBe(101);
    expect(
      live.flatMap((e) => (e.type === 'values' ? e.values.map((v) => Number(v.value)) : [])),
    ).not.toContain(120);
    const stats = await ok(h, main, ingestStats, { params: { id: d.deviceId } });
    expect(stats).toMatchObject({ batches: 141, duplicates: 2 });
    // History in time order, each sample once; the latest value did not go back in time.
    const values = (await historyOf(h, d.deviceId, 'temp')).map((s) => Number(s.value));
    expect(values).toEqual([
      ...Array.from({ length: 40 }, (_, i) => 100 + i),
      ...Array.from({ length: 101 }, (_, i) => 7200 + i),
    ]);
    const tags = await ok(h, main, deviceTags, { params: { id: d.deviceId } });
    expect(tags.list.find((x) => x.name === 'temp')?.value).toBe('7300');
    await c.endAsync();
  });
});

async function waitFor(done: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !done(); i += 1) await new Promise((r) => setTimeout(r, 25));
  if (!done()) throw new Error('condition not met');
}
