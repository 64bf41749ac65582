import { alarmLevelTexts, type Locale } from '@hmi/contract';
import type { AlarmMailFacts } from './mail-text';
import { wordedFacts } from './offline-text';

/** What a flood digest tells: the alarms it lists, how many were held, whether the flood just began. */
export interface DigestFacts {
  listed: readonly AlarmMailFacts[];
  total: number;
  started: boolean;
  windowSeconds: number;
}

/** ` (TAG=value)` of a rule's alarm in the given brackets; nothing for an offline one (it has none). */
function value(f: AlarmMailFacts, open: string, close: string, eq = '='): string {
  return f.kind === 'offline' ? '' : `${open}${f.tag}${eq}${f.value}${close}`;
}

interface Wording {
  subject: (d: DigestFacts, minutes: number) => string;
  intro: (d: DigestFacts, minutes: number) => string;
  more: (n: number) => string;
  sms: (f: AlarmMailFacts, level: string) => string;
}

/** Digest and SMS texts per locale (the server has no i18n catalogue, so they live here). */
const wordings: Record<Locale, Wording> = {
  'zh-CN': {
    subject: (d, m) =>
      d.started
        ? `【告警风暴】${m} 分钟内又有 ${d.total} 条告警`
        : `【告警风暴持续】${m} 分钟内又有 ${d.total} 条告警`,
    intro: (d, m) =>
      `${d.started ? '告警风暴开始' : '告警风暴仍在持续'}：${m} 分钟内另有 ${d.total} 条告警。风暴期间告警合并为每分钟一条摘要，直到风暴结束。`,
    more: (n) => `……另有 ${n} 条`,
    sms: (f, level) => `【${level}告警】${f.device}：${f.rule}${value(f, '（', '）')}`,
  },
  'zh-TW': {
    subject: (d, m) =>
      d.started
        ? `【告警風暴】${m} 分鐘內又有 ${d.total} 則告警`
        : `【告警風暴持續】${m} 分鐘內又有 ${d.total} 則告警`,
    intro: (d, m) =>
      `${d.started ? '告警風暴開始' : '告警風暴仍在持續'}：${m} 分鐘內另有 ${d.total} 則告警。風暴期間告警合併為每分鐘一則摘要，直到風暴結束。`,
    more: (n) => `……另有 ${n} 則`,
    sms: (f, level) => `【${level}告警】${f.device}：${f.rule}${value(f, '（', '）')}`,
  },
  'en-US': {
    subject: (d, m) =>
      d.started
        ? `[Alarm flood] ${d.total} more alarms in ${m} min`
        : `[Alarm flood continues] ${d.total} more alarms in ${m} min`,
    intro: (d, m) =>
      `${d.started ? 'An alarm flood started' : 'The alarm flood continues'}: ${d.total} more alarms in ${m} min. While it lasts, alarms are gathered into one digest a minute.`,
    more: (n) => `… and ${n} more`,
    sms: (f, level) => `[${level} alarm] ${f.device}: ${f.rule}${value(f, ' (', ')')}`,
  },
};

function levelName(locale: Locale, level: number): string {
  const name = (alarmLevelTexts[locale] as Record<number, string>)[level] ?? String(level);
  return locale === 'en-US' ? name.toLowerCase() : name;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** One line per listed alarm, then how many more were held. */
function lines(locale: Locale, d: DigestFacts): string[] {
  const out = d.listed.map((listed) => {
    const f = wordedFacts(locale, listed);
    return `${levelName(locale, f.level)} · ${f.device}: ${f.rule}${value(f, ' (', ')', ' = ')}`;
  });
  if (d.total > d.listed.length) out.push(wordings[locale].more(d.total - d.listed.length));
  return out;
}

/** Subject, text and HTML of a flood digest mail. */
export function digestMail(locale: Locale, d: DigestFacts): { subject: string; text: string; html: string } {
  const w = wordings[locale];
  const minutes = Math.max(1, Math.round(d.windowSeconds / 60));
  const subject = w.subject(d, minutes);
  const intro = w.intro(d, minutes);
  const list = lines(locale, d);
  return {
    subject,
    text: [subject, '', intro, '', ...list].join('\n'),
    html:
      `<p><strong>${escapeHtml(subject)}</strong></p><p>${escapeHtml(intro)}</p><ul>` +
      list.map((l) => `<li>${escapeHtml(l)}</li>`).join('') +
      '</ul>',
  };
}

/** The SMS of one raised alarm. */
export function alarmSms(locale: Locale, f: AlarmMailFacts): string {
  return wordings[locale].sms(wordedFacts(locale, f), levelName(locale, f.level));
}

/** The SMS of a flood digest: the subject says a flood started (or continues) and how many alarms. */
export function digestSms(locale: Locale, d: DigestFacts): string {
  return wordings[locale].subject(d, Math.max(1, Math.round(d.windowSeconds / 60)));
}
