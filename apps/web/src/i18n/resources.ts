/**
 * Every JSON file of `src/locales/<locale>/` is one namespace named after the file. Each locale also
 * gets a combined default namespace holding all files under their names, so the contract's dotted keys
 * (`menu.dashboard`, `errors.1009`, `validation.required`, `enums.alarmLevel.1`) resolve from any
 * component, while `useTranslation('auth')` / `t('auth:login.title')` work per namespace.
 *
 * Each locale's files are two chunks (`bundles/`), fetched on demand: the public screens' namespaces
 * (the login page, the first screen of most visits, waits for these only) and the rest. A visit
 * downloads the texts of its own language only.
 */
import type { Resource, ResourceLanguage } from 'i18next';
import type { Locale } from '@hmi/contract';

export const COMBINED_NS = 'translation';

/** The namespaces of the public part (the globs of `bundles/<locale>.ts` list the same). */
export const PUBLIC_NAMESPACES = ['auth', 'common', 'errors', 'menu', 'validation'] as const;

/** The screen editor's namespace: fetched by the editor only, so no other screen's load carries it. */
export const EDITOR_NAMESPACES = ['editor'] as const;

/** `public`: PUBLIC_NAMESPACES; `editor`: EDITOR_NAMESPACES; `rest`: every other namespace. */
export type TextPart = 'public' | 'rest' | 'editor';
/** The parts every screen but the login page loads (the editor adds its own). */
export const textParts: readonly TextPart[] = ['public', 'rest'];
export const allTextParts: readonly TextPart[] = [...textParts, 'editor'];

type Json = Record<string, unknown>;
type Bundle = () => Promise<Record<string, Json>>;

const bundles: Record<Locale, Record<TextPart, Bundle>> = {
  'zh-CN': {
    public: () => import('./bundles/zh-CN').then((m) => m.default as Record<string, Json>),
    rest: () => import('./bundles/zh-CN.rest').then((m) => m.default as Record<string, Json>),
    editor: () => import('./bundles/zh-CN.editor').then((m) => m.default as Record<string, Json>),
  },
  'zh-TW': {
    public: () => import('./bundles/zh-TW').then((m) => m.default as Record<string, Json>),
    rest: () => import('./bundles/zh-TW.rest').then((m) => m.default as Record<string, Json>),
    editor: () => import('./bundles/zh-TW.editor').then((m) => m.default as Record<string, Json>),
  },
  'en-US': {
    public: () => import('./bundles/en-US').then((m) => m.default as Record<string, Json>),
    rest: () => import('./bundles/en-US.rest').then((m) => m.default as Record<string, Json>),
    editor: () => import('./bundles/en-US.editor').then((m) => m.default as Record<string, Json>),
  },
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

/** The texts of `wanted` locales (the `parts` given, by default all), fetched and combined. */
export async function loadResources(
  wanted: readonly Locale[],
  parts: readonly TextPart[] = allTextParts,
): Promise<Resource> {
  const files = await Promise.all(wanted.flatMap((locale) => parts.map((part) => bundles[locale][part]())));
  return buildResources(Object.assign({}, ...files) as Record<string, Json>);
}
