import { alarmLevelTexts, type AlarmRecordKind, type Locale } from '@hmi/contract';
import { wordedFacts } from './offline-text';

/** What an alarm mail tells. `at` is the alarm time, epoch seconds. */
export interface AlarmMailFacts {
  /** 'offline': worded per locale, without TAG and value; absent: a rule's alarm. */
  kind?: AlarmRecordKind;
  device: string;
  sn: string;
  rule: string;
  level: number;
  tag: string;
  value: string;
  content: string;
  at: number;
  /** The reader's IANA time zone for `at` (their subscription's); null or absent: UTC. */
  timeZone?: string | null;
  /** Escalation: minutes the alarm has stayed unacknowledged. */
  minutes?: number;
}

interface Wording {
  raised: (f: AlarmMailFacts, level: string) => string;
  escalated: (f: AlarmMailFacts, level: string) => string;
  labels: { device: string; rule: string; level: string; value: string; content: string; at: string };
  footer: string;
}

/** Every alarm mail text, per locale (the server has no i18n catalogue, so they live here). */
const wordings: Record<Locale, Wording> = {
  'zh-CN': {
    raised: (f, level) => `【${level}告警】${f.device}：${f.rule}`,
    escalated: (f, level) => `【告警升级】${f.device}：${f.rule}（${level}）已 ${f.minutes ?? 0} 分钟未确认`,
    labels: {
      device: '设备',
      rule: '告警规则',
      level: '告警等级',
      value: '数值',
      content: '告警内容',
      at: '告警时间',
    },
    footer: '请登录 HMI 云控制台查看并确认告警。您收到此邮件是因为订阅了告警邮件，可在个人中心取消订阅。',
  },
  'zh-TW': {
    raised: (f, level) => `【${level}告警】${f.device}：${f.rule}`,
    escalated: (f, level) => `【告警升級】${f.device}：${f.rule}（${level}）已 ${f.minutes ?? 0} 分鐘未確認`,
    labels: {
      device: '設備',
      rule: '告警規則',
      level: '告警等級',
      value: '數值',
      content: '告警內容',
      at: '告警時間',
    },
    footer: '請登入 HMI 雲控制台查看並確認告警。您收到此郵件是因為訂閱了告警郵件，可在個人中心取消訂閱。',
  },
  'en-US': {
    raised: (f, level) => `[${level} alarm] ${f.device}: ${f.rule}`,
    escalated: (f, level) =>
      `[Alarm escalated] ${f.device}: ${f.rule} (${level}) unacknowledged for ${f.minutes ?? 0} minutes`,
    labels: {
      device: 'Device',
      rule: 'Alarm rule',
      level: 'Level',
      value: 'Value',
      content: 'Content',
      at: 'Alarm time',
    },
    footer:
      'Sign in to the HMI Cloud console to review and acknowledge the alarm. You receive this mail because you subscribed to alarm mail; unsubscribe in your profile.',
  },
};

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The alarm time in the reader's zone, saying which: `2026-11-28 12:30:05 (Asia/Shanghai, GMT+08:00)`;
 * without a zone, `2026-11-28 04:30:05 UTC`.
 */
export function zonedTimeText(epochSeconds: number, timeZone?: string | null): string {
  const at = new Date(epochSeconds * 1000);
  if (!timeZone) return `${at.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'longOffset',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const local = `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
  return `${local} (${timeZone}, ${parts.timeZoneName})`;
}

/** Subject, text and HTML of a raised or escalated alarm mail in `locale`. */
export function alarmMail(
  locale: Locale,
  kind: 'raised' | 'escalated',
  facts: AlarmMailFacts,
): { subject: string; text: string; html: string } {
  const w = wordings[locale];
  const f = wordedFacts(locale, facts);
  const name = (alarmLevelTexts[locale] as Record<number, string>)[f.level] ?? String(f.level);
  // Inside an English sentence ("[severe alarm]") the level is a common noun.
  const level = locale === 'en-US' ? name.toLowerCase() : name;
  const subject = kind === 'raised' ? w.raised(f, level) : w.escalated(f, level);
  const rows: [string, string][] = [
    [w.labels.device, `${f.device} (${f.sn})`],
    [w.labels.rule, f.rule],
    [w.labels.level, level],
    [w.labels.value, f.kind === 'offline' ? '' : `${f.tag} = ${f.value}`],
    [w.labels.content, f.content],
    [w.labels.at, zonedTimeText(f.at, f.timeZone)],
  ];
  const shown = rows.filter(([, v]) => v !== '');
  return {
    subject,
    text: [subject, '', ...shown.map(([k, v]) => `${k}: ${v}`), '', w.footer].join('\n'),
    html:
      `<p><strong>${escapeHtml(subject)}</strong></p><table>` +
      shown.map(([k, v]) => `<tr><td>${escapeHtml(k)}</td><td>${escapeHtml(v)}</td></tr>`).join('') +
      `</table><p>${escapeHtml(w.footer)}</p>`,
  };
}
