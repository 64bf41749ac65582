/**
 * Every JSON file of `src/locales/<locale>/` is one namespace named after the file. Each locale also
 * gets a combined default namespace holding all files under their names, so the contract's dotted keys
 * (`menu.dashboard`, `errors.1009`, `validation.required`, `enums.alarmLevel.1`) resolve from any
 * component, while `useTranslation('auth')` / `t('auth:login.title')` work per namespace.
 *
 * Each locale's files are one chunk (`bundles/`), fetched on demand: a visit downloads the texts of
 * its own language only.
 */
import type { Resource, ResourceLanguage } from 'i18next';
import type { Locale } from '@hmi/contract';

export const COMBINED_NS = 'translation';

type Json = Record<string, unknown>;

const bundles: Record<Locale, () => Promise<Record<string, Json>>> = {
  'zh-CN': () => import('./bundles/zh-CN').then((m) => m.default as Record<string, Json>),
  'zh-TW': () => import('./bundles/zh-TW').then((m) => m.default as Record<string, Json>),
  'en-US': () => import('./bundles/en-US').then((m) => m.default as Record<string, Json>),
};

export function buildResources(modules: Record<string, Json>): Resource {
  const resources: Resource = {};
  for (const [path, content] of Object.entries(modules)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match?.[1] || !match[2]) continue;
    const [, locale, ns] = match;
    const language: ResourceLanguage = (resources[locale] ??= { [COMBINED_NS]: {} });
    language[ns] = content;
    (language[COMBINED_NS] as Json)[ns] = content;
  }
  return resources;
}

/** The texts of `wanted` locales, fetched and combined. */
export async function loadResources(wanted: readonly Locale[]): Promise<Resource> {
  const files = await Promise.all(wanted.map((locale) => bundles[locale]()));
  return buildResources(Object.assign({}, ...files) as Record<string, Json>);
}
