import { putAlarmSubscription, updateDevice } from '@hmi/contract';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../platform/outbox';
import { createMainAccount, type TestAccount } from '../../test/accounts';
import { addRule, HOT_RULE, publisher, subjectOf } from '../../test/alarms';
import { databases } from '../../test/databases';
import { useHarness } from '../../test/suite';
import { boundDevice, brokerUrl, connect } from '../../test/mqtt';
import { ok } from '../../test/registry';
import { startSmtp, type SmtpPeer } from '../../test/smtp';

const PHONE = '+8613800000026';

describe.each(databases)('alarm flood control on mail (real SMTP) and SMS on $name', (database) => {
  let smtp: SmtpPeer;
  let main: TestAccount;
  let client: MqttClient;
  let pub: ReturnType<typeof publisher>;
  let at = 0;

  const mails = () => smtp.inbox.filter((m) => m.to.includes(main.username)).map((m) => subjectOf(m.raw));
  const texts = () =>
    readOutbox(h.dataDir)
      .filter((e) => e.channel === 'sms' && e.to === PHONE)
      .map((e) => e.text);
  /**
   * Raises HOT_RULE `n` times (each time down below the deadband, then over the limit), 160 s of sample
   * time apart: a flood of distinct raises, not a chattering alarm (5 raises in 10 minutes of sample
   * time, which is notified once; engine/chatter.ts). The flood gate counts server time.
   */
  const raise = async (n: number) => {
    for (let i = 0; i < n; i++) {
      await pub.send('temp', 0, (at += 80));
      await pub.send('temp', 95, (at += 80));
    }
    await h.app.alarms.notifier.idle();
  };
  const endWindow = async () => {
    h.clock.advance(60);
    const n = h.app.alarms.notifier.flushDigests();
    await h.app.alarms.notifier.idle();
    return n;
  };

  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  const h = useHarness(database, { env: () => ({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }) });
  beforeAll(async () => {
    main = await createMainAccount(h, 5);
    await h.app.database.db
      .updateTable('users')
      .set({ phone: PHONE })
      .where('id', '=', main.userId)
      .execute();
    const device = await boundDevice(h, main, `flood${database.name}`);
    await ok(h, main, updateDevice, { params: { id: device.deviceId }, body: { name: 'Boiler' } });
    await addRule(h, main, device.templateId, { ...HOT_RULE, tag_id: device.tagId('temp') });
    await ok(h, main, putAlarmSubscription, {
      raw: {
        body: {
          mail: true,
          sms: true,
          min_level: 1,
          escalation: false,
          escalate_after_minutes: 0,
          locale: 'en-US',
        },
      },
    });
    client = await connect(brokerUrl(h), { username: device.sn, password: device.secret });
    pub = publisher(h, client, device.sn, device.deviceId);
  });
  afterAll(async () => {
    await client?.endAsync();
  });

  it('sends the first alarms of a minute one by one, then one digest saying a flood started', async () => {
    await raise(8);
    expect(mails()).toEqual(Array(3).fill('[critical alarm] Boiler: hot'));
    expect(texts()).toEqual(Array(3).fill('[critical alarm] Boiler: hot (temp=95)'));

    expect(await endWindow()).toBe(2);
    expect(mails().slice(3)).toEqual(['[Alarm flood] 5 more alarms in 1 min']);
    // The dev outbox lists by file name, not in sending order.
    expect(texts()).toHaveLength(4);
    expect(texts().filter((t) => t.startsWith('[Alarm flood'))).toEqual([
      '[Alarm flood] 5 more alarms in 1 min',
    ]);
    const digest = smtp.inbox.at(-1)?.raw ?? '';
    expect(digest).toContain('An alarm flood started');
  });

  it('while the flood lasts, sends one digest a minute and nothing one by one; a quiet minute ends it', async () => {
    await raise(4);
    expect(mails()).toHaveLength(4);
    expect(await endWindow()).toBe(2);
    expect(mails().slice(4)).toEqual(['[Alarm flood continues] 4 more alarms in 1 min']);

    expect(await endWindow()).toBe(0);
    await raise(1);
    expect(mails().slice(5)).toEqual(['[critical alarm] Boiler: hot']);
    expect(texts()).toHaveLength(6);
  });
});
