import {
  getMessageCounts,
  acknowledgeAlarms,
  listAlarmMessages,
  setMessagesRead,
  setAlarmRulesEnabled,
  topics,
} from '@hmi/contract';
import { sql } from 'kysely';
import type { MqttClient } from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { AccountSuite, withAccountSuite } from '../../test/suite';
import { boundDevice, brokerUrl, connect, nextLive } from '../../test/mqtt';
import { ok } from '../../test/registry';
import { addRule, HOT_RULE, publisher, recordsOf, T0 } from '../../test/alarms';

const S0 = T0 / 1000;

describe.each(databases)('alarm lifecycle over MQTT on $name', (database) => {
  let device: Awaited<ReturnType<typeof boundDevice>>;
  let client: MqttClient;
  let pub: ReturnType<typeof publisher>;
  const ctx = withAccountSuite(new AccountSuite(), database, 50, async () => {
    device = await boundDevice(ctx.h, ctx.main, `life${database.name}`);
    await addRule(ctx.h, ctx.main, device.templateId, { ...HOT_RULE, tag_id: device.tagId('temp') });
    client = await connect(brokerUrl(ctx.h), { username: device.sn, password: device.secret });
    pub = publisher(ctx.h, client, device.sn, device.deviceId);
  });

  afterAll(async () => {
    await client?.endAsync();
  });

  const unreadAlarms = async () => (await ok(ctx.h, ctx.main, getMessageCounts)).unread.alarm;
  const ack = (ids: number[]) => ok(ctx.h, ctx.main, acknowledgeAlarms, { body: { ids } });

  it('raises once with a live message, survives a redelivery, keeps the responder and recovers past the deadband', async () => {
    await pub.send('temp', 80, 0);
    expect(await recordsOf(ctx.h, ctx.main, device.deviceId)).toEqual([]);

    const told = new Promise<{ teamId: number }>((resolve) => {
      const off = ctx.h.app.connectivity.bus.on('messages', (e) => {
        off();
        resolve(e);
      });
    });
    await pub.send('temp', 85.5, 10);
    expect((await told).teamId).toBe(ctx.main.teamId);
    const [raised, ...others] = await recordsOf(ctx.h, ctx.main, device.deviceId);
    expect(others).toEqual([]);
    expect(raised).toMatchObject({
      device_id: device.deviceId,
      rule_name: 'hot',
      level: 16,
      urgency: 1,
      tag_name: 'temp',
      value: '85.5',
      content: 'too hot',
      state: 1,
      alarm_at: S0 + 10,
      response_at: null,
      recovery_at: null,
      responder_name: null,
    });
    expect(await unreadAlarms()).toBe(1);

    // The same batch again (a QoS 1 redelivery), then a new still-alarming value: one record.
    await pub.resend(pub.seq, 'temp', 85.5, 10);
    await pub.send('temp', 90, 20);
    expect(await recordsOf(ctx.h, ctx.main, device.deviceId)).toHaveLength(1);
    expect(await unreadAlarms()).toBe(1);

    ctx.h.clock.advance(120);
    const id = raised?.id ?? 0;
    expect(await ack([id])).toEqual({ acknowledged: 1 });
    expect(await ack([id])).toEqual({ acknowledged: 0 });
    const ackAt = Math.floor(ctx.h.clock.now() / 1000);
    const name = ctx.main.username.split('@')[0];
    expect((await recordsOf(ctx.h, ctx.main, device.deviceId))[0]).toMatchObject({
      state: 2,
      response_at: ackAt,
      responder_id: ctx.main.userId,
      responder_name: name,
    });

    // Below the limit but inside the deadband (80 - 5): still up.
    await pub.send('temp', 76, 30);
    expect((await recordsOf(ctx.h, ctx.main, device.deviceId))[0]?.state).toBe(2);
    await pub.send('temp', 74.9, 40);
    expect((await recordsOf(ctx.h, ctx.main, device.deviceId))[0]).toMatchObject({
      state: 4,
      alarm_at: S0 + 10,
      response_at: ackAt,
      responder_name: name,
      recovery_at: S0 + 40,
      recovery_value: '74.9',
    });

    const messages = await ok(ctx.h, ctx.main, listAlarmMessages);
    expect(messages.list.map((m) => [m.event, m.record_id, m.urgency, m.state, m.is_read])).toEqual([
      ['recovered', id, 1, 4, false],
      ['raised', id, 1, 4, false],
    ]);
    expect(messages.list[0]).toMatchObject({
      device_id: device.deviceId,
      rule_name: 'hot',
      content: 'too hot',
    });
    expect(await unreadAlarms()).toBe(2);
    await ok(ctx.h, ctx.main, setMessagesRead, { body: { ids: messages.list.map((m) => m.id) } });
    expect(await unreadAlarms()).toBe(0);
    const unread = await ok(ctx.h, ctx.main, listAlarmMessages, { query: { is_read: '0' } });
    expect(unread.total).toBe(0);
  });

  it('recovers before acknowledgement and keeps every time when acknowledged afterwards', async () => {
    await pub.send('temp', 95, 100);
    await pub.send('temp', 10, 110);
    const [latest] = await recordsOf(ctx.h, ctx.main, device.deviceId);
    expect(latest).toMatchObject({ state: 4, alarm_at: S0 + 100, recovery_at: S0 + 110, response_at: null });
    ctx.h.clock.advance(30);
    expect(await ack([latest?.id ?? 0])).toEqual({ acknowledged: 1 });
    expect((await recordsOf(ctx.h, ctx.main, device.deviceId))[0]).toMatchObject({
      state: 4,
      alarm_at: S0 + 100,
      recovery_at: S0 + 110,
      response_at: Math.floor(ctx.h.clock.now() / 1000),
      responder_id: ctx.main.userId,
    });
  });

  it('raises nothing for a batch whose transaction failed; its redelivery after the fault raises once', async () => {
    const other = await boundDevice(ctx.h, ctx.main, `fault${database.name}`);
    await addRule(ctx.h, ctx.main, other.templateId, {
      name: 'hot',
      tag_id: other.tagId('temp'),
      alarm_value: '80',
    });
    const { db } = ctx.h.app.database;
    // A real fault inside the ingest transaction: the database refuses one value.
    if (database.name === 'sqlite')
      await sql`create trigger refuse_666 before insert on tag_latest when new.value = '666'
        begin select raise(abort, 'refused by test'); end`.execute(db);
    else {
      await sql`create function refuse_666() returns trigger language plpgsql as $$
        begin if new.value = '666' then raise exception 'refused by test'; end if; return new; end $$`.execute(
        db,
      );
      await sql`create trigger refuse_666 before insert on tag_latest
        for each row execute function refuse_666()`.execute(db);
    }
    const payload = JSON.stringify({ v: 1, seq: 1, values: [{ tag: 'temp', value: 666, ts: T0 }] });
    const c1 = await connect(brokerUrl(ctx.h), { username: other.sn, password: other.secret });
    // The broker refuses the publish (no PUBACK) and drops the connection once the store failed.
    const closed = new Promise<void>((resolve) => c1.once('close', () => resolve()));
    c1.publish(topics.tags(other.sn), payload, { qos: 1 });
    await closed;
    c1.end(true);
    await ctx.h.app.alarms.engine.idle();
    expect(await recordsOf(ctx.h, ctx.main, other.deviceId)).toEqual([]);

    await sql`drop trigger refuse_666${sql.raw(database.name === 'sqlite' ? '' : ' on tag_latest')}`.execute(
      db,
    );
    const c2 = await connect(brokerUrl(ctx.h), { username: other.sn, password: other.secret });
    const stored = nextLive(ctx.h, (e) => e.type === 'values' && e.device_id === other.deviceId);
    await c2.publishAsync(topics.tags(other.sn), payload, { qos: 1 });
    await stored;
    await ctx.h.app.alarms.engine.idle();
    expect(await recordsOf(ctx.h, ctx.main, other.deviceId)).toMatchObject([{ value: '666', state: 1 }]);
    await c2.endAsync();
  });

  it('takes a batch of several samples in order: raised, recovered and raised again in one step', async () => {
    await pub.sendBatch([
      { tag: 'temp', value: 99, atS: 150 },
      { tag: 'temp', value: 20, atS: 151 },
      { tag: 'temp', value: 98, atS: 152 },
      // Late: older than the newest sample of its TAG, so it decides nothing.
      { tag: 'temp', value: 10, atS: 149 },
    ]);
    const [again, first] = await recordsOf(ctx.h, ctx.main, device.deviceId);
    expect(first).toMatchObject({ state: 4, alarm_at: S0 + 150, value: '99', recovery_at: S0 + 151 });
    expect(again).toMatchObject({ state: 1, alarm_at: S0 + 152, value: '98', recovery_at: null });
    await pub.send('temp', 0, 160);
    expect((await recordsOf(ctx.h, ctx.main, device.deviceId))[0]).toMatchObject({ id: again?.id, state: 4 });
  });

  it('raises only once the condition held for the on-delay by sample time, restarting when it lapses', async () => {
    await addRule(ctx.h, ctx.main, device.templateId, {
      name: 'fast',
      level: 4,
      tag_id: device.tagId('speed'),
      alarm_value: '100',
      on_delay_s: 10,
    });
    const fast = async () =>
      (await recordsOf(ctx.h, ctx.main, device.deviceId)).filter((r) => r.rule_name === 'fast');
    await pub.send('speed', 150, 200);
    await pub.send('speed', 150, 205);
    await pub.send('speed', 90, 206);
    await pub.send('speed', 150, 207);
    await pub.send('speed', 150, 216);
    expect(await fast()).toEqual([]);
    await pub.send('speed', 151, 217);
    expect(await fast()).toMatchObject([{ state: 1, alarm_at: S0 + 217, value: '151', urgency: 3 }]);
  });

  it('compares 64-bit values exactly, and a rule enabled later applies from the next sample', async () => {
    const ruleId = await addRule(ctx.h, ctx.main, device.templateId, {
      name: 'overflow',
      level: 1,
      tag_id: device.tagId('count'),
      alarm_value: '18446744073709551614',
      enabled: false,
    });
    const overflow = async () =>
      (await recordsOf(ctx.h, ctx.main, device.deviceId)).filter((r) => r.rule_name === 'overflow');
    await pub.send('count', '18446744073709551615', 300);
    expect(await overflow()).toEqual([]);
    await ok(ctx.h, ctx.main, setAlarmRulesEnabled, {
      params: { id: device.templateId },
      body: {
        ids: [ruleId],
        enabled: true,
      },
    });
    // 2^64 - 2 as a double equals 2^64 - 1: only an exact comparison keeps this one normal.
    await pub.send('count', '18446744073709551614', 310);
    expect(await overflow()).toEqual([]);
    await pub.send('count', '18446744073709551615', 320);
    expect(await overflow()).toMatchObject([{ value: '18446744073709551615', state: 1, urgency: 2 }]);
  });
});
