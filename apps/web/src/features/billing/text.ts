/** Texts shared by the billing screens: sizes, dates, levels and the traffic switch's month rule. */
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { BillingCardType, formatSize, type BillingCard } from '@hmi/contract';
import type { DeviceBilling, TrafficSwitch } from '../../api/billing';

/** Spec §9: B…TB base 1024, at least MB shown. */
export const size = formatSize;

/** Epoch seconds as a local date; '-' when unknown. */
export const formatDate = (seconds: number | null | undefined): string =>
  seconds ? dayjs.unix(seconds).format('YYYY-MM-DD') : '-';

/** The switch's months are UTC calendar months; its dates are the first instant of a month. */
const utcDay = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/** The first day (UTC) of the month after the current one, as `YYYY-MM-DD`. */
export function nextMonthStart(now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
}

/** What a card gives: TAGs and templates, or traffic. */
export function cardGives(
  t: TFunction,
  card: Pick<BillingCard, 'type' | 'tag_count' | 'template_count' | 'traffic_bytes'>,
) {
  return card.type === BillingCardType.CLOUD_APPLICATION
    ? t('billing:card.givesCloud', { tags: card.tag_count, templates: card.template_count })
    : t('billing:card.givesRemote', { size: size(card.traffic_bytes) });
}

/** "20 TAGs every 5 min" */
export const levelText = (t: TFunction, level: { tag_count: number; frequency_min: number }) =>
  t('billing:level.value', { tags: level.tag_count, minutes: level.frequency_min });

/** The switch state with its month rule: since when, and when it can change next. */
export function switchRuleText(t: TFunction, s: TrafficSwitch): string {
  if (s.on && s.can_turn_off_from !== null)
    return t('billing:switch.onLocked', { month: s.on_month ?? '-', date: utcDay(s.can_turn_off_from) });
  if (s.on) return t('billing:switch.onFree');
  if (s.on_again_at !== null)
    return t('billing:switch.offForMonth', { month: s.off_month ?? '-', date: utcDay(s.on_again_at) });
  return t('billing:switch.never');
}

/** What TAG history the device stores, and why. */
export function historyText(t: TFunction, b: DeviceBilling): string {
  const h = b.history;
  if (h.mode === 'all') return t('billing:history.all', { total: h.history_tags });
  if (h.mode === 'none') return t('billing:history.none');
  // An allocation covering every history TAG of the template stores them all.
  if ((h.tag_count ?? 0) >= h.history_tags)
    return t('billing:history.limitedAll', {
      tags: h.tag_count ?? 0,
      minutes: h.frequency_min ?? 0,
      total: h.history_tags,
    });
  return t('billing:history.limited', {
    tags: h.tag_count ?? 0,
    minutes: h.frequency_min ?? 0,
    total: h.history_tags,
  });
}
