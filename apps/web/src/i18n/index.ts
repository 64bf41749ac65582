/** i18next set-up: bundled resources, the persisted locale, dayjs and <html lang> kept in step. */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import type { Locale } from '@hmi/contract';
import { COMBINED_NS, namespaces, resources } from './resources';
import { storedLocale } from './locale';

export { changeLocale, storedLocale, LOCALE_STORAGE_KEY } from './locale';

const dayjsLocales: Record<Locale, string> = { 'zh-CN': 'zh-cn', 'zh-TW': 'zh-tw', 'en-US': 'en' };

export const currentLocale: Locale = storedLocale();

void i18next.use(initReactI18next).init({
  resources,
  lng: currentLocale,
  fallbackLng: 'zh-CN',
  ns: namespaces,
  defaultNS: COMBINED_NS,
  fallbackNS: COMBINED_NS,
  // Resources are bundled, so init is synchronous and the first render is already translated.
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});

dayjs.locale(dayjsLocales[currentLocale]);
if (typeof document !== 'undefined') document.documentElement.lang = currentLocale;

export default i18next;
