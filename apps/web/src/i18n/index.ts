/**
 * i18next set-up: the persisted locale, its texts loaded on demand, dayjs and <html lang> kept in
 * step. `main.tsx` renders once `i18nReady` settles, so the first render is already translated.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import type { Locale } from '@hmi/contract';
import { COMBINED_NS, loadResources } from './resources';
import { storedLocale } from './locale';

export { changeLocale, storedLocale, LOCALE_STORAGE_KEY } from './locale';

const dayjsLocales: Record<Locale, string> = { 'zh-CN': 'zh-cn', 'zh-TW': 'zh-tw', 'en-US': 'en' };

export const currentLocale: Locale = storedLocale();

void i18next.use(initReactI18next).init({
  resources: {},
  // Texts arrive through loadLocale; nothing is fetched by i18next itself.
  partialBundledLanguages: true,
  lng: currentLocale,
  fallbackLng: 'zh-CN',
  // Namespaces need no list: their bundles arrive with the locale, and `ns:` keys resolve by separator.
  ns: [COMBINED_NS],
  defaultNS: COMBINED_NS,
  fallbackNS: COMBINED_NS,
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});

const loading = new Map<Locale, Promise<void>>();

/**
 * Adds a locale's texts to i18next (fetched once; the same promise for every caller, so React's
 * `use()` can wait on it). Pages showing another language than the interface's (the agreements)
 * load theirs with it.
 */
export function loadLocale(locale: Locale): Promise<void> {
  let promise = loading.get(locale);
  if (!promise) {
    promise = loadResources([locale]).then((resources) => {
      for (const [ns, content] of Object.entries(resources[locale] ?? {}))
        i18next.addResourceBundle(locale, ns, content, true, true);
    });
    // A failed fetch (network, redeploy) may be retried by the next caller.
    promise.catch(() => loading.delete(locale));
    loading.set(locale, promise);
  }
  return promise;
}

/** The interface language's texts, loaded. */
export const i18nReady: Promise<void> = loadLocale(currentLocale);

dayjs.locale(dayjsLocales[currentLocale]);
if (typeof document !== 'undefined') document.documentElement.lang = currentLocale;

export default i18next;
