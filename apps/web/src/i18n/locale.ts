/** The persisted interface language (spec section 1: zh-CN default; a change reloads the page). */
import { DEFAULT_LOCALE, locales, type Locale } from '@hmi/contract';

export const LOCALE_STORAGE_KEY = 'locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

export function storedLocale(): Locale {
  try {
    const value = window.localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(value) ? value : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

/** Persists the choice and reloads, so every module (antd, dayjs, cached labels) starts in it. */
export function changeLocale(locale: Locale): void {
  if (locale === storedLocale()) return;
  window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  window.location.reload();
}
