import { describe, expect, it } from 'vitest';
import { alarmSms, digestMail } from './digest-text';
import { alarmMail, zonedTimeText } from './mail-text';

// 2026-11-28 04:34:30 UTC (by `date -u -d @1795840470`).
const AT = 1_795_840_470;

describe('alarm mail times', () => {
  it("give the time in the reader's zone and say which, with the zone's offset", () => {
    expect(zonedTimeText(AT, 'Asia/Shanghai')).toBe('2026-11-28 12:34:30 (Asia/Shanghai, GMT+08:00)');
    expect(zonedTimeText(AT, 'America/New_York')).toBe('2026-11-27 23:34:30 (America/New_York, GMT-05:00)');
    expect(zonedTimeText(AT, 'Asia/Kolkata')).toBe('2026-11-28 10:04:30 (Asia/Kolkata, GMT+05:30)');
  });

  it('say UTC when the reader has no zone (subscriptions saved before zones were kept)', () => {
    expect(zonedTimeText(AT, null)).toBe('2026-11-28 04:34:30 UTC');
    expect(zonedTimeText(AT)).toBe('2026-11-28 04:34:30 UTC');
  });

  it('put the zoned time in the mail', () => {
    const facts = {
      device: 'Boiler',
      sn: 'SN1',
      rule: 'hot',
      level: 8,
      tag: 't',
      value: '90',
      content: '',
      at: AT,
    };
    const mail = alarmMail('zh-TW', 'raised', { ...facts, timeZone: 'Asia/Taipei' });
    expect(mail.text).toContain('告警時間: 2026-11-28 12:34:30 (Asia/Taipei, GMT+08:00)');
    expect(mail.html).toContain('2026-11-28 12:34:30 (Asia/Taipei, GMT+08:00)');
  });
});

describe('offline alarm texts', () => {
  // As the engine stores an offline record: the word `offline` as rule and content, no TAG.
  const offline = {
    kind: 'offline' as const,
    device: 'Boiler',
    sn: 'SN1',
    rule: 'offline',
    level: 8,
    tag: '',
    value: '0',
    content: 'offline',
    at: AT,
  };

  it('word the mail per locale, with no TAG or value row', () => {
    const zh = alarmMail('zh-CN', 'raised', offline);
    expect(zh.subject).toBe('【严重告警】Boiler：设备离线');
    expect(zh.text).toContain('告警内容: 设备离线时间超过模板设定。');
    expect(zh.text).not.toContain('数值');
    expect(alarmMail('zh-TW', 'escalated', { ...offline, minutes: 5 }).subject).toBe(
      '【告警升級】Boiler：設備離線（嚴重）已 5 分鐘未確認',
    );
    const en = alarmMail('en-US', 'raised', offline);
    expect(en.subject).toBe('[severe alarm] Boiler: Device offline');
    expect(en.html).not.toContain('<td>offline</td>');
  });

  it('word the SMS and the digest lines per locale; a rule’s alarm keeps its TAG and value', () => {
    expect(alarmSms('zh-CN', offline)).toBe('【严重告警】Boiler：设备离线');
    expect(alarmSms('en-US', offline)).toBe('[severe alarm] Boiler: Device offline');
    const hot = { ...offline, kind: 'rule' as const, rule: 'hot', tag: 't', value: '90', content: '' };
    expect(alarmSms('en-US', hot)).toBe('[severe alarm] Boiler: hot (t=90)');
    const digest = digestMail('zh-TW', {
      listed: [offline, hot],
      total: 3,
      started: true,
      windowSeconds: 60,
    });
    expect(digest.text).toContain('嚴重 · Boiler: 設備離線\n');
    expect(digest.text).toContain('嚴重 · Boiler: hot (t = 90)');
    expect(digest.text).not.toMatch(/offline/);
  });
});
