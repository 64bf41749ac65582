import type { AlarmRecordKind, Locale } from '@hmi/contract';

/**
 * How an offline record (kind `offline`: no rule, TAG or value; stored with `offline` as rule name and
 * content) reads to a person, per locale: the same words as the web's `records.offline(Hint)`.
 */
const offlineWords: Record<Locale, { rule: string; content: string }> = {
  'zh-CN': { rule: '设备离线', content: '设备离线时间超过模板设定。' },
  'zh-TW': { rule: '設備離線', content: '設備離線時間超過範本設定。' },
  'en-US': { rule: 'Device offline', content: 'The device stayed offline longer than its template allows.' },
};

/** What a person reads of an alarm: its kind (absent: a rule's), rule name and content. */
interface Worded {
  kind?: AlarmRecordKind | undefined;
  rule: string;
  content: string;
}

/** `f` with an offline alarm's rule name and content in `locale`; any other alarm as it is. */
export function wordedFacts<F extends Worded>(locale: Locale, f: F): F {
  return f.kind === 'offline' ? { ...f, ...offlineWords[locale] } : f;
}
