import { getMessageCounts, topics } from '@hmi/contract';
import type { MqttClient } from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { AccountSuite, withAccountSuite } from '../../test/suite';
import { boundDevice, brokerUrl, connect } from '../../test/mqtt';
import { ok } from '../../test/registry';
import { addRule, HOT_RULE, recordsOf, T0 } from '../../test/alarms';

const S0 = T0 / 1000;

describe.each(databases)('alarms of late samples (a gateway outbox replay) on $name', (database) => {
  let device: Awaited<ReturnType<typeof boundDevice>>;
  let client: MqttClient;
  const ctx = withAccountSuite(new AccountSuite(), database, 50, async () => {
    device = await boundDevice(ctx.h, ctx.main, `late${database.name}`);
    await addRule(ctx.h, ctx.main, device.templateId, { ...HOT_RULE, tag_id: device.tagId('temp') });
    client = await connect(brokerUrl(ctx.h), { username: device.sn, password: device.secret });
  });

  afterAll(async () => {
    await client?.endAsync();
  });

  /** Publishes one batch and waits until ingest stored it and the engine wrote what it implies. */
  const send = async (seq: number, value: number, atS: number, late = false) => {
    const batch = {
      v: 1,
      seq,
      ...(late ? { late: true } : {}),
      values: [{ tag: 'temp', value, ts: T0 + atS * 1000 }],
    };
    await client.publishAsync(topics.tags(device.sn), JSON.stringify(batch), { qos: 1 });
    await ctx.h.app.alarms.engine.idle();
  };

  it('records what late samples imply in their time order, with their times, marked late, nobody told; live pairs unmoved', async () => {
    let told = 0;
    const off = ctx.h.app.connectivity.bus.on('messages', () => (told += 1));
    // Live now: normal.
    await send(10_000, 20, 3600);
    // The replay of the outage, in order: above the limit at 100 s, cleared at 130 s.
    await send(100, 85, 100, true);
    await send(101, 90, 110, true);
    await send(102, 70, 130, true);
    off();
    expect(await recordsOf(ctx.h, ctx.main, device.deviceId)).toMatchObject([
      { value: '85', alarm_at: S0 + 100, recovery_at: S0 + 130, recovery_value: '70', state: 4, late: true },
    ]);
    expect(told).toBe(0);
    expect((await ok(ctx.h, ctx.main, getMessageCounts)).unread.alarm).toBe(0);

    // The live pair is where it was: a live value above the limit raises a record of its own, told.
    await send(10_001, 95, 3610);
    const [live, late] = await recordsOf(ctx.h, ctx.main, device.deviceId);
    expect(live).toMatchObject({ value: '95', alarm_at: S0 + 3610, state: 1 });
    expect(live?.late).toBeUndefined();
    expect(late?.late).toBe(true);
    expect((await ok(ctx.h, ctx.main, getMessageCounts)).unread.alarm).toBe(1);
  });
});
