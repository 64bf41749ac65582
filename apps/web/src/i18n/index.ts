/**
 * i18next set-up: the persisted locale, its texts loaded on demand, dayjs and <html lang> kept in
 * step. `main.tsx` renders once `firstScreenTexts` settles (started by app/firstTexts.ts), so the
 * first render is already translated; every lazily loaded screen waits for `interfaceReady()`
 * (app/routes/lazy.tsx).
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '@hmi/contract';
import { COMBINED_NS, loadResources, textParts, type TextPart } from './resources';
import { storedLocale } from './locale';

export { changeLocale, storedLocale, LOCALE_STORAGE_KEY } from './locale';

const dayjsLocales: Record<Locale, string> = { 'zh-CN': 'zh-cn', 'zh-TW': 'zh-tw', 'en-US': 'en' };
const dayjsLocaleFiles: Record<Locale, () => Promise<unknown>> = {
  'zh-CN': () => import('dayjs/locale/zh-cn'),
  'zh-TW': () => import('dayjs/locale/zh-tw'),
  'en-US': () => Promise.resolve(),
};

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

const loading = new Map<string, Promise<void>>();

/** Adds one part of a locale's texts to i18next (fetched once; a failed fetch may be retried). */
function loadPart(locale: Locale, part: TextPart): Promise<void> {
  const key = `${locale}/${part}`;
  let promise = loading.get(key);
  if (!promise) {
    promise = loadResources([locale], [part]).then((resources) => {
      for (const [ns, content] of Object.entries(resources[locale] ?? {}))
        i18next.addResourceBundle(locale, ns, content, true, true);
    });
    // A failed fetch (network, redeploy) may be retried by the next caller.
    promise.catch(() => loading.delete(key));
    loading.set(key, promise);
  }
  return promise;
}

const complete = new Map<Locale, Promise<void>>();

/**
 * Adds all of a locale's texts to i18next (fetched once; the same promise for every caller, so
 * React's `use()` can wait on it). Every lazily loaded screen waits for it (app/routes/lazy.tsx);
 * pages showing another language than the interface's (the agreements) load theirs with it.
 */
export function loadLocale(locale: Locale): Promise<void> {
  let promise = complete.get(locale);
  if (!promise) {
    promise = Promise.all(textParts.map((part) => loadPart(locale, part))).then(() => undefined);
    promise.catch(() => complete.delete(locale));
    complete.set(locale, promise);
  }
  return promise;
}

/** The screen editor's texts, by default in the interface's language (the editor waits for them). */
export function editorTexts(
  locale: Locale = (i18next.resolvedLanguage as Locale | undefined) ?? currentLocale,
): Promise<void> {
  return loadPart(locale, 'editor');
}

let dayjsReady: Promise<void> | null = null;

/** dayjs in the interface language: the login page formats no dates, so it comes with the rest. */
function loadDayjs(): Promise<void> {
  if (!dayjsReady) {
    dayjsReady = Promise.all([import('dayjs'), dayjsLocaleFiles[currentLocale]()]).then(([module]) => {
      module.default.locale(dayjsLocales[currentLocale]);
    });
    dayjsReady.catch(() => (dayjsReady = null));
  }
  return dayjsReady;
}

/** What every screen but the login page needs first: all the texts and dayjs, in the interface language. */
export function interfaceReady(): Promise<void> {
  return Promise.all([loadLocale(currentLocale), loadDayjs()]).then(() => undefined);
}

/**
 * What the first screen needs, loaded: the login page's texts (it is in the entry chunk and needs
 * the public ones only) when it is asked for, or where a visit without a session ends up (a public
 * page waits for the rest on its own); all of them for any other screen.
 */
export function firstScreenTexts(signedIn: boolean): Promise<void> {
  const loginFirst = !signedIn || /^#\/login(?:\?|$)/.test(window.location.hash);
  return loginFirst ? loadPart(currentLocale, 'public') : interfaceReady();
}

if (typeof document !== 'undefined') document.documentElement.lang = currentLocale;

export default i18next;
