import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './server';

type Json = Record<string, unknown>;

/** A locale namespace of the web app, to compare the screens' texts with. */
export function texts(
  locale: string,
  ns: string,
): (key: string, vars?: Record<string, string | number>) => string {
  const file = join(repoRoot, 'apps/web/src/locales', locale, `${ns}.json`);
  const tree = JSON.parse(readFileSync(file, 'utf8')) as Json;
  return (key, vars = {}) => {
    const value = key.split('.').reduce<unknown>((node, k) => (node as Json | undefined)?.[k], tree);
    if (typeof value !== 'string') throw new Error(`no text ${locale}/${ns}:${key}`);
    return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
  };
}
