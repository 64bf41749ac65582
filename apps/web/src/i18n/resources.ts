/**
 * Every JSON file of `src/locales/<locale>/` is one namespace named after the file. Each locale also
 * gets a combined default namespace holding all files under their names, so the contract's dotted keys
 * (`menu.dashboard`, `errors.1009`, `validation.required`, `enums.alarmLevel.1`) resolve from any
 * component, while `useTranslation('auth')` / `t('auth:login.title')` work per namespace.
 */
import type { Resource, ResourceLanguage } from 'i18next';
import { locales } from '@hmi/contract';

export const COMBINED_NS = 'translation';

type Json = Record<string, unknown>;

const files = import.meta.glob<Json>('../locales/*/*.json', { eager: true, import: 'default' });

export function buildResources(modules: Record<string, Json> = files): Resource {
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

export const resources = buildResources();

/** Namespace names found on disk (the same in every locale; a test checks it). */
export const namespaces: string[] = [
  COMBINED_NS,
  ...new Set(locales.flatMap((locale) => Object.keys(resources[locale] ?? {}))),
].filter((ns, index, all) => all.indexOf(ns) === index);
