/** Test set-up: every locale's texts loaded before a test file runs (the app loads one, on demand). */
import { locales } from '@hmi/contract';
import { editorTexts, interfaceReady, loadLocale } from '../i18n';

// interfaceReady: dayjs in the interface language too, as every lazily loaded screen has it.
await Promise.all([
  ...locales.map((locale) => loadLocale(locale)),
  ...locales.map((locale) => editorTexts(locale)),
  interfaceReady(),
]);
