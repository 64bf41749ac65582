import { topics } from '@hmi/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount, type TestAccount } from '../../test/accounts';
import { databases } from '../../test/databases';
import { useHarness } from '../../test/suite';
import { historyOf, importHistory } from '../../test/history';
import { boundDevice, brokerUrl, connect } from '../../test/mqtt';

describe.each(databases)('TAG history layout on $name', (database) => {
  let main: TestAccount;
  let n = 0;
  const tag = () => `hl${database.name}${(n += 1)}`;

  // BILLING=off: every sample of every history TAG is stored.
  const h = useHarness(database, { env: { BILLING: 'off' } });
  beforeAll(async () => {
    main = await createMainAccount(h, 50);
  });

  const history = async (deviceId: number) =>
    (await historyOf(h, deviceId))
      .map(({ tag, ts, value }) => ({ tag, ts, value }))
      .sort((a, b) => a.tag.localeCompare(b.tag) || a.value.localeCompare(b.value));

  it('keeps samples of one TAG with the same millisecond apart, within a batch and across batches', async () => {
    const d = await boundDevice(h, main, tag());
    const c = await connect(brokerUrl(h), { username: d.sn, password: d.secret });
    const ts = 1772352000000;
    for (const [seq, values] of [
      [1, ['1', '2']],
      [2, ['3', '4']],
    ] as const)
      await c.publishAsync(
        topics.tags(d.sn),
        JSON.stringify({ v: 1, seq, values: values.map((v) => ({ tag: 'temp', value: Number(v), ts })) }),
        { qos: 1 },
      );
    await c.endAsync();
    // The PUBACK follows the commit: both batches are stored once publishAsync resolved.
    expect(await history(d.deviceId)).toEqual(
      ['1', '2', '3', '4'].map((value) => ({ tag: 'temp', ts, value })),
    );
    // Filed into a chunk, they stay four samples, in the order they came.
    await h.app.connectivity.ingest.fileHistory(Infinity);
    expect((await historyOf(h, d.deviceId)).map((s) => s.value)).toEqual(['1', '2', '3', '4']);
  });

  it('retention deletes the old hours of every (device, TAG) and keeps the recent ones', async () => {
    const a = await boundDevice(h, main, tag());
    const b = await boundDevice(h, main, tag());
    const day = 86_400_000;
    const now = h.clock.now();
    const old = now - 100 * day;
    const recent = now - day;
    const rows = [a, b].flatMap((d) =>
      ['temp', 'speed'].flatMap((t) =>
        [old, old + 1, recent].map((ts) => ({ device_id: d.deviceId, tag: t, ts, num: 1, value: '1' })),
      ),
    );
    await importHistory(h, rows);
    await h.app.connectivity.ingest.housekeeping();
    for (const d of [a, b])
      expect(await history(d.deviceId)).toEqual([
        { tag: 'speed', ts: recent, value: '1' },
        { tag: 'temp', ts: recent, value: '1' },
      ]);
  });
});
