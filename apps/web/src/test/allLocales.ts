/** Test set-up: every locale's texts loaded before a test file runs (the app loads one, on demand). */
import { locales } from '@hmi/contract';
import { loadLocale } from '../i18n';

await Promise.all(locales.map((locale) => loadLocale(locale)));
