import {
  createGroup,
  updateDevice,
  putAlarmSubscription,
  getAlarmSubscription,
  listAlarms,
  acknowledgeAlarms,
  listAlarmMessages,
} from '@hmi/contract';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount, createSubAccount, type TestAccount } from '../../test/accounts';
import { databases } from '../../test/databases';
import { api, restartApp } from '../../test/harness';
import { useHarness } from '../../test/suite';
import { boundDevice, brokerUrl, connect } from '../../test/mqtt';
import { ok } from '../../test/registry';
import { startSmtp, type SmtpPeer } from '../../test/smtp';
import { addRule, publisher, subjectOf } from '../../test/alarms';

describe.each(databases)('alarm mail and escalation over SMTP on $name', (database) => {
  let smtp: SmtpPeer;
  let main: TestAccount;
  /** Device view, granted the device's group, subscribed from level 4 in English, escalation after 10 min. */
  let member: TestAccount;
  /** Subscribed to everything but granted no group: never told. */
  let blind: TestAccount;
  let device: Awaited<ReturnType<typeof boundDevice>>;
  let client: MqttClient;
  let pub: ReturnType<typeof publisher>;

  /** Builds the app again on the same database and reconnects the device. */
  const restart = async () => {
    await client.endAsync();
    await restartApp(h);
    client = await connect(brokerUrl(h), { username: device.sn, password: device.secret });
    pub = publisher(h, client, device.sn, device.deviceId, pub?.seq ?? 0);
  };
  const mailsTo = (account: TestAccount) =>
    smtp.inbox.filter((m) => m.to.includes(account.username)).map((m) => subjectOf(m.raw));
  const settle = async () => {
    await h.app.alarms.engine.idle();
    await h.app.alarms.notifier.idle();
  };

  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  const h = useHarness(database, { env: () => ({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }) });
  beforeAll(async () => {
    main = await createMainAccount(h, 50);
    device = await boundDevice(h, main, `mail${database.name}`);
    const { templateId, tagId } = device;
    const group = (await ok(h, main, createGroup, { body: { name: 'plant' } })).id;
    await ok(h, main, updateDevice, {
      params: { id: device.deviceId },
      body: { name: 'Boiler', group_id: group },
    });
    member = await createSubAccount(h, main.teamId, [2], { group: [group] });
    blind = await createSubAccount(h, main.teamId, [2]);
    const subscribe = (a: TestAccount, body: object) => ok(h, a, putAlarmSubscription, { raw: { body } });
    await subscribe(main, {
      mail: true,
      min_level: 16,
      escalation: true,
      escalate_after_minutes: 5,
      locale: 'zh-CN',
    });
    await subscribe(member, {
      mail: true,
      min_level: 4,
      escalation: true,
      escalate_after_minutes: 10,
      locale: 'en-US',
      time_zone: 'Asia/Shanghai',
    });
    await subscribe(blind, {
      mail: true,
      min_level: 1,
      escalation: true,
      escalate_after_minutes: 1,
      locale: 'en-US',
    });
    await addRule(h, main, templateId, {
      name: 'hot',
      level: 8,
      tag_id: tagId('temp'),
      alarm_value: '80',
    });
    await addRule(h, main, templateId, {
      name: 'boom',
      level: 16,
      tag_id: tagId('speed'),
      alarm_value: '100',
    });
    await addRule(h, main, templateId, {
      name: 'stalled',
      level: 4,
      tag_id: tagId('speed'),
      condition: 8,
      alarm_value: '0',
    });
    client = await connect(brokerUrl(h), { username: device.sn, password: device.secret });
    pub = publisher(h, client, device.sn, device.deviceId);
  });
  afterAll(async () => {
    await client?.endAsync();
  });

  it('mails subscribers of the level who may see the device, each in their language', async () => {
    await pub.send('temp', 90, 0);
    await settle();
    expect(mailsTo(member)).toEqual([`[severe alarm] ${'Boiler'}: hot`]);
    expect(mailsTo(main)).toEqual([]);
    expect(mailsTo(blind)).toEqual([]);

    await pub.send('speed', 150, 10);
    await settle();
    expect(mailsTo(main)).toEqual([`【紧急告警】${'Boiler'}：boom`]);
    expect(mailsTo(member)).toHaveLength(2);
    const raw = smtp.inbox.find((m) => m.to.includes(main.username))?.raw ?? '';
    expect(raw).toContain('text/html');
    // Times in the reader's zone, saying which; UTC, said so, for a subscription without one.
    const unfolded = (text: string) => text.replace(/=\r?\n/g, '');
    const memberMail = unfolded(smtp.inbox.find((m) => m.to.includes(member.username))?.raw ?? '');
    expect(memberMail).toMatch(/Alarm time: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d \(Asia\/Shanghai, GMT\+08:00\)/);
    expect(unfolded(raw)).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
  });

  it('keeps the time zone of a subscription until the web sends another, and refuses an unknown one', async () => {
    const get = () => ok(h, member, getAlarmSubscription, {});
    expect((await get()).time_zone).toBe('Asia/Shanghai');
    const body = { mail: true, min_level: 4, escalation: true, escalate_after_minutes: 10 };
    await ok(h, member, putAlarmSubscription, { raw: { body } });
    expect((await get()).time_zone).toBe('Asia/Shanghai');
    const refused = await api(h.app, putAlarmSubscription, {
      raw: { body: { ...body, time_zone: 'Mars/Olympus' } },
      token: member.token,
    });
    expect(refused.body.code).toBe(1006);
    expect((await get()).time_zone).toBe('Asia/Shanghai');
  });

  it('escalates an alarm left unacknowledged once per subscriber, never an acknowledged one', async () => {
    const records = (await ok(h, main, listAlarms)).list;
    const boom = records.find((r) => r.rule_name === 'boom');
    await ok(h, main, acknowledgeAlarms, { body: { ids: [boom?.id as number] } });

    h.clock.advance(9 * 60);
    expect(await h.app.alarms.notifier.escalate()).toBe(0);
    h.clock.advance(60);
    expect(await h.app.alarms.notifier.escalate()).toBe(1);
    await settle();
    expect(mailsTo(member).at(-1)).toBe(
      `[Alarm escalated] ${'Boiler'}: hot (severe) unacknowledged for 10 minutes`,
    );
    expect(await h.app.alarms.notifier.escalate()).toBe(0);
    h.clock.advance(3600);
    expect(await h.app.alarms.notifier.escalate()).toBe(0);
    expect(mailsTo(main)).toHaveLength(1);
    expect(mailsTo(blind)).toEqual([]);

    const messages = await ok(h, member, listAlarmMessages);
    expect(messages.list.filter((m) => m.event === 'escalated').map((m) => m.rule_name)).toEqual(['hot']);
    const mainMessages = await ok(h, main, listAlarmMessages);
    expect(mainMessages.list.some((m) => m.event === 'escalated')).toBe(false);
  });

  it('keeps escalation state across a restart: due ones are sent once, sent ones never again', async () => {
    await pub.send('speed', -3, 5000);
    await settle();
    expect(mailsTo(member).at(-1)).toBe(`[moderate alarm] ${'Boiler'}: stalled`);
    const before = mailsTo(member).length;
    await restart();

    h.clock.advance(9 * 60);
    expect(await h.app.alarms.notifier.escalate()).toBe(0);
    h.clock.advance(60);
    expect(await h.app.alarms.notifier.escalate()).toBe(1);
    await settle();
    expect(mailsTo(member).slice(before)).toEqual([
      `[Alarm escalated] ${'Boiler'}: stalled (moderate) unacknowledged for 10 minutes`,
    ]);
    expect(await h.app.alarms.notifier.escalate()).toBe(0);
  });
});
